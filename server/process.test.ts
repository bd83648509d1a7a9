import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// These tests start the real server process, as `npm start` does, so they cover what the in-memory
// app tests cannot: boot, configuration errors, SIGTERM and data surviving a restart.
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sokoni-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'development', LOG_LEVEL: 'info', STATIC_DIR: '.tmp/no-spa', ...env },
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitForHealth(port: number, running: Running) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${running.output()}`);
}

describe('the server process', () => {
  it('starts on an embedded database, answers, stops cleanly on SIGTERM and keeps its data', async () => {
    const port = await freePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    const health = await (await waitForHealth(port, first)).json();
    expect(health.data.database).toEqual({ kind: 'pglite', ok: true });

    const missing = await fetch(`http://127.0.0.1:${port}/api/nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const lines = first.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['listening', 'shutting down', 'stopped']));
    const seededOnFirstStart = lines.some((l) => l.msg === 'sample catalogue loaded');

    const second = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, second);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // The data directory was reused: the catalogue is not loaded a second time.
    if (seededOnFirstStart) expect(second.output()).not.toContain('sample catalogue loaded');
  }, 120_000);

  it('refuses to start with a bad setting and says which', async () => {
    const running = start({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('PORT');
    expect(running.output()).not.toMatch(/at .*\.ts:\d+/);
  });

  it('stops with a clear message when PostgreSQL cannot be reached', async () => {
    const running = start({ DATABASE_URL: 'postgres://app:secret@127.0.0.1:1/shop' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('Cannot reach PostgreSQL at 127.0.0.1:1/shop');
    expect(running.output()).not.toContain('secret');
  }, 30_000);
});
