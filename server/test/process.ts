import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

// Helpers for the tests that start the real server process (server/process.test.ts and siblings).

const root = path.resolve(import.meta.dirname, '../..');

export interface Running {
  child: ChildProcess;
  /** Everything written to stdout and stderr, in order. */
  output: () => string;
  stderr: () => string;
  /** The exit code; null when a signal ended the process. */
  exited: Promise<number | null>;
  /** The JSON log lines written so far. */
  logs: () => { msg: string; [key: string]: unknown }[];
}

/**
 * Runs a node script (by default the server from its sources, as `npm run server` does) with only the
 * given environment; or another `command` (`npm`), in a process group of its own when `detached`.
 */
export function start(
  env: Record<string, string>,
  args: string[] = ['--import', 'tsx', 'server/index.ts'],
  { command = process.execPath, detached = false }: { command?: string; detached?: boolean } = {},
): Running {
  const child = spawn(command, args, {
    cwd: root,
    detached,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      STATIC_DIR: '.tmp/no-spa',
      ...env,
    },
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => {
    out += d;
    err += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const logs = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string });
  return { child, output: () => out, stderr: () => err, exited, logs };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(port: number, running: Running) {
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
