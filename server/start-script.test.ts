import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort, start, waitForHealth, type Running } from './test/process';

// `npm start` (scripts/start.mjs) runs the server as its child: it must pass signals on, leave no
// server behind, and exit as the server did.
const dir = mkdtempSync(path.join(os.tmpdir(), 'sokoni-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const dataDir = path.join(dir, 'data');
// A storefront (and its server renderer) newer than its sources, so start.mjs does not build one.
const staticDir = path.join(dir, 'dist');
mkdirSync(staticDir);
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Sokoni</title>');
mkdirSync(`${staticDir}-ssr`);
writeFileSync(
  path.join(`${staticDir}-ssr`, 'entry-server.js'),
  'export const renderPage = async () => ({ kind: "shell", status: 200, cacheable: true });',
);
const future = new Date(Date.now() + 365 * 24 * 3600_000);
utimesSync(path.join(staticDir, 'index.html'), future, future);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// What a failed test may leave running: start.mjs and its server.
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

function npmStart(port: number) {
  const running = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir }, [
    'scripts/start.mjs',
  ]);
  started.push(running.child.pid!);
  return running;
}

/** The server's process id: start.mjs's child (Linux: from /proc), once it answers. */
async function serverPid(port: number, running: Running): Promise<number> {
  await waitForHealth(port, running);
  const children = readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      // pid (comm) state ppid …: the command name may hold spaces, so count from its closing bracket.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === running.child.pid;
    } catch {
      return false; // gone meanwhile
    }
  });
  expect(children).toHaveLength(1);
  started.push(Number(children[0]));
  return Number(children[0]);
}

describe('npm start', () => {
  it('exits 128 + 9 when the server is killed with SIGKILL', async () => {
    const port = await freePort();
    const running = npmStart(port);
    const pid = await serverPid(port, running);
    process.kill(pid, 'SIGKILL');
    expect(await running.exited).toBe(137);
  }, 120_000);

  it.each(['SIGTERM', 'SIGHUP'] as const)(
    'passes %s on to the server, which stops cleanly, and exits 0',
    async (signal) => {
      const port = await freePort();
      const running = npmStart(port);
      const pid = await serverPid(port, running);
      running.child.kill(signal);
      expect(await running.exited).toBe(0);
      expect(alive(pid)).toBe(false);
      expect(running.logs().map((l) => l.msg)).toContain('stopped');
    },
    120_000,
  );

  it('says in one line that the port is in use, without a stack trace, and exits 1', async () => {
    const port = await freePort();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const running = npmStart(port);
      expect(await running.exited).toBe(1);
      expect(running.stderr()).toBe(`port ${port} is in use: set PORT\n`);
      expect(running.output()).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 120_000);
});
