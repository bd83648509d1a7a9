/**
 * Memory and start time of the server: for each engine (PGlite, PostgreSQL) and each way of running
 * it (the sources through tsx, as production did; the build with node, as it does now), the time from
 * spawning the process to its first healthy answer and its resident memory then, on a fresh database
 * (the server creates, migrates and seeds it) and on a restart; what that memory is made of (the V8
 * heap; outside it PGlite's WebAssembly memory and buffers; the rest is code and native memory); and a
 * heap snapshot of the built server on PGlite, summarised by what holds the most.
 *
 *   npm run build && npm run bench:memory
 *   npm run bench:memory -- --before ../sokoni-old   # also the sources of another checkout through tsx
 *
 * Writes bench/results/memory.json and memory.md. The soaks' figures are added when
 * bench/results/soak-<engine>-<server>.json are there:
 * `npm run bench:soak -- --engine pglite --server built --out soak-pglite-built`, and so on.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  dropDatabase,
  load1,
  machine,
  memoryOf,
  recreateDatabase,
  startServer,
  writeResults,
  type ServerRun,
} from './lib/harness';

const DATABASE = 'sokoni_bench_memory';
type Engine = 'pglite' | 'postgres';
/** How the server ran: through tsx or built, here; or through tsx in the `--before` checkout. */
type Run = ServerRun | 'tsx, before';

const { values: args } = parseArgs({ options: { before: { type: 'string' } } });
const before = args.before ? path.resolve(args.before) : undefined;
const probeFile = path.resolve(import.meta.dirname, 'lib/memory-probe.mjs');

interface Probe {
  rssMB: number;
  heapUsedMB: number;
  heapTotalMB: number;
  externalMB: number;
  arrayBuffersMB: number;
}

interface Start {
  engine: Engine;
  server: Run;
  database: 'fresh' | 'restart';
  readyMs: number;
  /** Resident memory 2 s after the first healthy answer, and the peak until then. */
  rssMB: number | null;
  peakRssMB: number | null;
  probe: Probe | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the server once on `where`, measures it, and stops it. */
async function measure(
  engine: Engine,
  server: Run,
  database: Start['database'],
  where: Record<string, string>,
  snapshot?: string,
): Promise<Start> {
  let probe: Probe | null = null;
  const running = await startServer(
    {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      STATIC_DIR: '.tmp/no-spa',
      ...where,
      ...(snapshot ? { MEMORY_PROBE_SNAPSHOT: snapshot } : {}),
    },
    {
      run: server === 'built' ? 'built' : 'tsx',
      cwd: server === 'tsx, before' ? before : undefined,
      nodeArgs: ['--import', pathToFileURL(probeFile).href],
      onLine: (line) => {
        if (line.startsWith('{"memoryProbe"'))
          probe = (JSON.parse(line) as { memoryProbe: Probe }).memoryProbe;
      },
    },
  );
  try {
    // What the server does right after it listens (the landing page rendered, the search index).
    await sleep(2000);
    const { rssMB, peakRssMB } = memoryOf(running.pid);
    process.kill(running.pid, 'SIGUSR2');
    for (let i = 0; i < 300 && !probe; i++) await sleep(100);
    return { engine, server, database, readyMs: running.readyMs, rssMB, peakRssMB, probe };
  } finally {
    await running.stop();
  }
}

/** The heap snapshot's largest holders: self size by kind of node, and by constructor or string. */
function summariseSnapshot(file: string) {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [TYPE, NAME, SIZE] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const byType = new Map<string, number>();
  const byName = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + TYPE!]!]!;
    const size = snap.nodes[i + SIZE!]!;
    byType.set(type, (byType.get(type) ?? 0) + size);
    const name =
      type === 'string' || type === 'concatenated string' || type === 'sliced string'
        ? '(strings)'
        : type === 'code'
          ? '(compiled code)'
          : `${type}: ${snap.strings[snap.nodes[i + NAME!]!]!.slice(0, 60)}`;
    const entry = byName.get(name) ?? { bytes: 0, count: 0 };
    entry.bytes += size;
    entry.count += 1;
    byName.set(name, entry);
  }
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  return {
    totalMB: mb([...byType.values()].reduce((a, b) => a + b, 0)),
    byType: [...byType].sort((a, b) => b[1] - a[1]).map(([type, bytes]) => ({ type, mb: mb(bytes) })),
    top: [...byName]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .slice(0, 20)
      .map(([name, e]) => ({ name, mb: mb(e.bytes), count: e.count })),
  };
}

async function main() {
  if (!existsSync('dist-server/index.js')) {
    console.error('Build the server first: npm run build (or node scripts/build-server.mjs).');
    process.exit(2);
  }
  const meta = machine();
  const loadBefore = load1();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'sokoni-memory-'));
  const starts: Start[] = [];
  let heap: ReturnType<typeof summariseSnapshot> | null = null;
  try {
    for (const engine of ['pglite', 'postgres'] as const) {
      for (const server of [...(before ? (['tsx, before'] as const) : []), 'tsx', 'built'] as const) {
        let where: Record<string, string>;
        if (engine === 'pglite') where = { DATA_DIR: path.join(tmp, `data-${server.replace(/\W+/g, '-')}`) };
        else where = { DATABASE_URL: await recreateDatabase(DATABASE) };
        for (const database of ['fresh', 'restart'] as const) {
          const snapshot =
            engine === 'pglite' && server === 'built' && database === 'restart'
              ? path.join(tmp, 'server.heapsnapshot')
              : undefined;
          const start = await measure(engine, server, database, where, snapshot);
          console.log(
            `${engine} ${server} ${database}: ready in ${start.readyMs} ms, RSS ${start.rssMB} MB (peak ${start.peakRssMB} MB), heap ${start.probe?.heapUsedMB} MB, external ${start.probe?.externalMB} MB`,
          );
          starts.push(start);
          if (snapshot && existsSync(snapshot)) heap = summariseSnapshot(snapshot);
        }
        if (engine === 'postgres') await dropDatabase(DATABASE);
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const soaks = (['pglite', 'postgres'] as const).flatMap((engine) =>
    (['tsx', 'built'] as const).flatMap((server) => {
      const file = path.join('bench/results', `soak-${engine}-${server}.json`);
      if (!existsSync(file)) return [];
      const soak = JSON.parse(readFileSync(file, 'utf8')) as {
        minutes: number;
        rate: number;
        meta: { date: string };
        readyMs: number;
        memoryStart: { rssMB: number };
        memoryEnd: { rssMB: number; peakRssMB: number };
        errors: string[];
        windows: { errors: number }[];
      };
      return [{ engine, server, ...soak, errorCount: soak.windows.reduce((n, w) => n + w.errors, 0) }];
    }),
  );
  const loadAfter = load1();
  const md = [
    '# Memory and start time',
    '',
    `\`npm run bench:memory\` on ${meta.date.slice(0, 10)}: ${meta.cpu}, ${meta.cores} cores, ${meta.memoryGB} GB, Node ${meta.node}; load average ${loadBefore} before, ${loadAfter} after (the machine is shared: times are noisy, memory much less so).`,
    '',
    'Each start: the time from spawning the process to its first healthy answer, and its resident memory (RSS) 2 s later; "fresh" is an empty database that the server creates (PGlite: by initdb from the sources, from the empty database the build ships when built), migrates and seeds, "restart" the same database again. The V8 heap and "external" (PGlite\'s WebAssembly memory, buffers) come from `process.memoryUsage()`; the rest of the RSS is code and native memory.',
    '',
    '| engine | server | database | ready ms | RSS MB | peak RSS MB | V8 heap MB | external MB |',
    '|---|---|---|---:|---:|---:|---:|---:|',
    ...starts.map(
      (s) =>
        `| ${s.engine} | ${s.server} | ${s.database} | ${s.readyMs} | ${s.rssMB} | ${s.peakRssMB} | ${s.probe?.heapUsedMB ?? '–'} | ${s.probe?.externalMB ?? '–'} |`,
    ),
    ...(soaks.length
      ? [
          '',
          '## After a soak',
          '',
          '`npm run bench:soak -- --minutes N --engine E --server S --out soak-E-S` (bench/results/soak-*.md): the shop mix at the given rate, memory at the start and the end.',
          '',
          '| engine | server | date | minutes × req/s | RSS start MB | RSS end MB | peak MB | errors |',
          '|---|---|---|---|---:|---:|---:|---:|',
          ...soaks.map(
            (s) =>
              `| ${s.engine} | ${s.server} | ${s.meta.date.slice(0, 16)} | ${s.minutes} × ${s.rate} | ${s.memoryStart.rssMB} | ${s.memoryEnd.rssMB} | ${s.memoryEnd.peakRssMB} | ${s.errorCount} |`,
          ),
        ]
      : []),
    ...(heap
      ? [
          '',
          `## The V8 heap of the built server on PGlite, after a restart (${heap.totalMB} MB in the snapshot)`,
          '',
          '| kind | MB |',
          '|---|---:|',
          ...heap.byType.slice(0, 8).map((t) => `| ${t.type} | ${t.mb} |`),
          '',
          '| largest holders (self size) | MB | count |',
          '|---|---:|---:|',
          ...heap.top.map((t) => `| ${t.name.replace(/\|/g, '\\|')} | ${t.mb} | ${t.count} |`),
        ]
      : []),
  ].join('\n');
  await writeResults('memory', { meta, loadBefore, loadAfter, starts, soaks, heap }, md);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
