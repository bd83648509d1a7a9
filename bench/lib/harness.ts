/**
 * What the HTTP benchmarks share: a throw-away PostgreSQL database, the real server as a child
 * process, the figures of a process (/proc) and of the machine, percentiles and result files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/db/seed';

/** The PostgreSQL server the benches create their databases on (trust auth, as set up here). */
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The name a bench's database really gets: `BENCH_DB_PREFIX` (say `sokoni_alice_`) in place of
 * `sokoni_`, so two people benchmarking on one PostgreSQL server do not drop each other's database.
 */
function benchDatabaseName(name: string): string {
  const prefix = process.env.BENCH_DB_PREFIX;
  return prefix ? name.replace(/^sokoni_/, prefix) : name;
}

function databaseUrl(name: string, admin = ADMIN_URL) {
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Drops (if there) and creates an empty database; returns its URL. */
export async function recreateDatabase(bench: string): Promise<string> {
  const name = benchDatabaseName(bench);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(name);
}

export async function dropDatabase(bench: string): Promise<void> {
  const name = benchDatabaseName(bench);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A fresh database with the migrations and the sample catalogue (and demo accounts), open. */
export async function preparedDatabase(name: string): Promise<{ url: string; database: Database }> {
  const url = await recreateDatabase(name);
  const database = await openDatabase({ url, poolSize: 4 });
  await migrate(database);
  await seed(database.db, { demoAccounts: true });
  return { url, database };
}

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  pid: number;
  baseUrl: string;
  /** From spawning the process to the first answer of `ready`, in ms. */
  readyMs: number;
  /** The last lines the server wrote (for a failure message). */
  output(): string;
  stop(): Promise<void>;
}

/** How the server is run: from its sources through tsx (development), or the build with node (production). */
export type ServerRun = 'tsx' | 'built';
const SERVER_ARGS: Record<ServerRun, string[]> = {
  tsx: ['--import', 'tsx', 'server/index.ts'],
  // scripts/build-server.mjs's output: `npm run build` (or `node scripts/build-server.mjs`) first.
  built: ['dist-server/index.js'],
};

/**
 * Starts the real server (by default `node --import tsx server/index.ts`) with these settings added
 * to the environment and waits until `ready` (default: GET /api/health) answers 200.
 */
export async function startServer(
  env: Record<string, string>,
  {
    ready = '/api/health',
    timeoutMs = 180_000,
    onLine,
    run = 'tsx',
    nodeArgs = [],
    cwd = path.resolve(import.meta.dirname, '../..'),
  }: {
    ready?: string;
    timeoutMs?: number;
    /** Every line the server writes. */ onLine?: (line: string) => void;
    run?: ServerRun;
    /** Options for node itself (`--import` a probe). */
    nodeArgs?: string[];
    /** The checkout to run (another version of the shop, to compare). */
    cwd?: string;
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const spawned = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...SERVER_ARGS[run]], {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const reader = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const complete = (partial + chunk.toString()).split('\n');
      partial = complete.pop()!;
      for (const line of complete) {
        if (!line) continue;
        lines.push(line);
        onLine?.(line);
      }
      if (lines.length > 200) lines.splice(0, lines.length - 200);
    };
  };
  child.stdout!.on('data', reader());
  child.stderr!.on('data', reader());
  let exited: number | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code ?? -1;
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const handle: ServerProcess = {
    pid: child.pid!,
    baseUrl,
    readyMs: NaN,
    output: () => lines.slice(-40).join('\n'),
    async stop() {
      if (exited !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
  const started = Date.now();
  for (;;) {
    if (exited !== null)
      throw new Error(`the server exited (${exited}) before it was ready:\n${handle.output()}`);
    try {
      const res = await fetch(baseUrl + ready);
      if (res.ok) {
        handle.readyMs = round(performance.now() - spawned, 0);
        return handle;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      await handle.stop();
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${handle.output()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Resident memory now and at its peak, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMB: number | null; peakRssMB: number | null } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => {
      const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
      return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : null;
    };
    return { rssMB: kb('VmRSS'), peakRssMB: kb('VmHWM') };
  } catch {
    return { rssMB: null, peakRssMB: null };
  }
}

/** CPU seconds (user + system) a process has used so far (Linux /proc). */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at ") ".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by every process whose command name is `comm` (say `postgres`: the server
 * and its backends), as far as this user may read them.
 */
export function cpuSecondsOfCommand(comm: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== comm) continue;
    } catch {
      continue;
    }
    total += cpuSecondsOf(Number(pid)) ?? 0;
  }
  return total;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface LatencySummary {
  samples: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  meanMs: number;
}

export function summarize(latencies: number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1);
  return {
    samples: sorted.length,
    p50Ms: round(percentile(sorted, 50), 3),
    p90Ms: round(percentile(sorted, 90), 3),
    p95Ms: round(percentile(sorted, 95), 3),
    p99Ms: round(percentile(sorted, 99), 3),
    p999Ms: round(percentile(sorted, 99.9), 3),
    maxMs: round(sorted[sorted.length - 1] ?? NaN, 3),
    meanMs: round(mean, 3),
  };
}

/** The 1-minute load average, and the machine the figures come from. */
export const load1 = () => round(os.loadavg()[0]!, 2);
export function machine() {
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGB: round(os.totalmem() / 1024 ** 3, 1),
  };
}

/**
 * Waits (at most `maxWaitSeconds`) for the 1-minute load average to drop below `below`: the
 * machine is shared, and figures taken while others' builds run say little about the code.
 */
export async function quietMachine(below: number, maxWaitSeconds: number) {
  const started = Date.now();
  while (load1() >= below && Date.now() - started < maxWaitSeconds * 1000) {
    await new Promise((r) => setTimeout(r, 5_000));
  }
  return { waitedSeconds: Math.round((Date.now() - started) / 1000), load: load1() };
}

/** Writes bench/results/<name>.json and <name>.md. */
export async function writeResults(name: string, json: unknown, markdown: string) {
  const dir = path.resolve(import.meta.dirname, '../results');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${name}.json`), JSON.stringify(json, null, 2) + '\n');
  await writeFile(path.join(dir, `${name}.md`), markdown.endsWith('\n') ? markdown : markdown + '\n');
  console.log(`wrote bench/results/${name}.json and bench/results/${name}.md`);
}

/** A small seedable pseudo-random generator (uniform in [0, 1)). */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
