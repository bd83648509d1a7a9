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

// `npm start` (scripts/start.mjs) runs the built server (dist-server/, built here when missing or
// stale) as its child: it must pass signals on, leave no server behind, and exit as the server did;
// and so must npm itself, whichever process of the chain a process manager signals.
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

const env = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  STATIC_DIR: staticDir,
});

function startScript(port: number) {
  const running = start(env(port), ['scripts/start.mjs']);
  started.push(running.child.pid!);
  return running;
}

/** `npm start` itself, in a process group of its own as a process manager would run it. */
function npmStart(port: number) {
  const running = start(
    { ...env(port), npm_config_cache: path.join(dir, 'npm'), npm_config_update_notifier: 'false' },
    ['start'],
    { command: 'npm', detached: true },
  );
  started.push(running.child.pid!);
  return running;
}

/** The one child of `pid` (Linux: from /proc). */
function childOf(pid: number): number {
  const children = readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      // pid (comm) state ppid …: the command name may hold spaces, so count from its closing bracket.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
    } catch {
      return false; // gone meanwhile
    }
  });
  expect(children).toHaveLength(1);
  started.push(Number(children[0]));
  return Number(children[0]);
}

/** The server's process id: start.mjs's child, once it answers. */
async function serverPid(port: number, running: Running): Promise<number> {
  await waitForHealth(port, running);
  return childOf(running.child.pid!);
}

/** Whether the port can be listened on again, i.e. nothing holds it any more. */
async function portFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Waits (a few seconds at most) for every process of `pids` to be gone. */
async function gone(pids: number[]): Promise<boolean> {
  for (let i = 0; i < 50 && pids.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
  return !pids.some(alive);
}

describe('npm start', () => {
  it('exits 128 + 9 when the server is killed with SIGKILL', async () => {
    const port = await freePort();
    const running = startScript(port);
    const pid = await serverPid(port, running);
    process.kill(pid, 'SIGKILL');
    expect(await running.exited).toBe(137);
  }, 120_000);

  it.each(['SIGTERM', 'SIGHUP'] as const)(
    'passes %s on to the server, which stops cleanly, and exits 0',
    async (signal) => {
      const port = await freePort();
      const running = startScript(port);
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
      const running = startScript(port);
      expect(await running.exited).toBe(1);
      expect(running.stderr()).toBe(`port ${port} is in use: set PORT\n`);
      expect(running.output()).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 120_000);

  // What a process manager signals: npm (systemd's main process, `docker stop` without an init), the
  // server, or the whole group (systemd's KillMode=control-group). npm -> node scripts/start.mjs ->
  // node dist-server/index.js: package.json's `exec` leaves no shell in between. Each case starts that
  // real chain (a few seconds): what happens to processes and ports can only be seen so.
  it.each([
    ['the npm process itself', (npm: number) => process.kill(npm, 'SIGTERM')],
    ['the server process', (_npm: number, server: number) => process.kill(server, 'SIGTERM')],
    ['the whole process group', (npm: number) => process.kill(-npm, 'SIGTERM')],
  ])(
    'SIGTERM to %s: the server drains and exits, npm exits, and the port is free',
    async (_who, signal) => {
      const port = await freePort();
      const running = npmStart(port);
      await waitForHealth(port, running);
      const npm = running.child.pid!;
      const script = childOf(npm);
      const server = childOf(script);
      signal(npm, server);
      await running.exited;
      expect(await gone([npm, script, server])).toBe(true);
      expect(running.logs().map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
      expect(await portFree(port)).toBe(true);
    },
    120_000,
  );
});
