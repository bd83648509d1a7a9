import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The operator commands run from the server build (scripts/command.mjs → dist-server/<name>.js, built
// when missing or stale), with plain node: what an operator types on a production machine.
const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'sokoni-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function command(name: string, env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['scripts/command.mjs', name], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run migrate', () => {
  it('refuses a data directory another process has open, saying what to do', () => {
    const inUse = path.join(dir, 'in-use');
    mkdirSync(inUse);
    writeFileSync(path.join(inUse, 'postmaster.pid'), '4242');
    const run = command('migrate', { DATA_DIR: inUse });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/is open in another process \(is the server running\?\)\. Stop it first\./);
  });

  // Creating the embedded database (initdb, then every migration) takes several seconds.
  it('creates and migrates an empty embedded database, and again finds nothing to do', () => {
    const data = path.join(dir, 'data');
    const first = command('migrate', { DATA_DIR: data });
    expect(first).toMatchObject({ status: 0, stdout: 'The embedded database is up to date.\n' });
    expect(command('migrate', { DATA_DIR: data })).toMatchObject({ status: 0 });
  }, 60_000);

  it('names a command that does not exist', () => {
    const run = command('drop-everything', {});
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/There is no command named drop-everything in dist-server\//);
  });
});
