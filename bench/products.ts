/**
 * Product list benchmark (docs/design.md#budgets: `GET /api/v2/products`, 24 items, 10k products, PostgreSQL,
 * 2 cores: p99 ≤ 20 ms at 2,000 req/s; API resident memory ≤ 300 MB).
 *
 * Creates a fresh PostgreSQL database (`sokoni_bench`), migrates it, loads the sample catalogue and
 * 10,000 generated products, starts the real server as a child process on it, warms it up, then
 * sends a fixed 2,000 req/s for 20 s over a mix of list pages (offsets, sorts, categories; 30 % of
 * them revalidations with If-None-Match, every request with `Accept-Encoding: gzip` as browsers
 * send it) and reads the server's resident memory afterwards. It runs once with the catalogue
 * cache (the default) and once with CATALOGUE_CACHE=off for comparison.
 *
 *   npm run bench:products
 *   npm run bench:products -- --modes on --duration 10 --rate 2000 --connections 50 --lanes 10
 *
 * Writes bench/results/products.json and bench/results/products.md. Exits 1 when the run with the
 * cache misses the budget.
 */
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { seedLarge } from '../server/db/seed/large';
import {
  cpuSecondsOf,
  dropDatabase,
  load1,
  machine,
  memoryOf,
  preparedDatabase,
  quietMachine,
  rng,
  round,
  startServer,
  summarize,
  writeResults,
  type LatencySummary,
  type ServerProcess,
} from './lib/harness';
import { runLoad, type Target } from './lib/load';

const BUDGET = { p99Ms: 20, rate: 2_000, rssMB: 300 } as const;
const DATABASE = 'sokoni_bench';
const PAGE = 24;

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: String(BUDGET.rate) },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    lanes: { type: 'string', default: '10' },
    products: { type: 'string', default: '10000' },
    revalidate: { type: 'string', default: '0.3' },
    modes: { type: 'string', default: 'on,off' },
    checkouts: { type: 'string', default: '2' },
    'quiet-load': { type: 'string', default: '2.5' },
    'quiet-wait': { type: 'string', default: '300' },
    'keep-db': { type: 'boolean', default: false },
  },
});
const config = {
  rate: Number(args.rate),
  durationSeconds: Number(args.duration),
  warmupSeconds: Number(args.warmup),
  connections: Number(args.connections),
  lanes: Number(args.lanes),
  products: Number(args.products),
  revalidateShare: Number(args.revalidate),
  modes: args.modes!.split(',').map((m) => m.trim()) as ('on' | 'off')[],
  /** Stock-changing statements per second during the run (a 3-line checkout each). */
  checkoutsPerSecond: Number(args.checkouts),
  /** Before each run, wait up to quietWaitSeconds for the 1-minute load average to drop below quietLoad. */
  quietLoad: Number(args['quiet-load']),
  quietWaitSeconds: Number(args['quiet-wait']),
  acceptEncoding: 'gzip, deflate, br',
  pageSize: PAGE,
};

interface RunResult {
  mode: 'on' | 'off';
  server: string;
  loadAverage: { before: number; after: number };
  latency: LatencySummary;
  sent: number;
  responses: number;
  achievedRps: number;
  statuses: Record<string, number>;
  revalidated304: number;
  errors: number;
  timeouts: number;
  unexpected: number;
  serverCpuPercent: number | null;
  /** Server CPU time (user + system) per response: unlike latency, it does not grow while waiting for a core. */
  serverCpuPerRequestMs: number | null;
  checkouts: number;
  quietWait: { waitedSeconds: number; load: number };
  rssMB: number | null;
  peakRssMB: number | null;
  rssBeforeLoadMB: number | null;
  budget: { p99Met: boolean; rssMet: boolean | null; rateMet: boolean };
}

/** The list pages shoppers open: the home page's pages and sorts, and each category's. */
function listPaths(slugs: string[]): string[] {
  const paths: string[] = [];
  const q = (params: Record<string, string | number>) =>
    '/api/v2/products?' + new URLSearchParams({ limit: String(PAGE), ...params } as Record<string, string>);
  for (const offset of [0, 24, 48, 72, 96, 480]) paths.push(q({ offset }));
  for (const sort of ['name', 'price_asc', 'price_desc'])
    for (const offset of [0, 24, 48]) paths.push(q({ sort, offset }));
  paths.push(q({ inStock: 'true' }), q({ inStock: 'true', offset: 24 }));
  for (const category of slugs) {
    paths.push(q({ category }), q({ category, offset: 24 }), q({ category, sort: 'price_asc' }));
  }
  return paths;
}

async function fetchPages(baseUrl: string, paths: string[]) {
  const tags = new Map<string, string>();
  const variantIds = new Set<string>();
  let plainBytes = 0;
  let gzipBytes = 0;
  for (const p of paths) {
    const res = await fetch(baseUrl + p, { headers: { 'Accept-Encoding': config.acceptEncoding } });
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    const body = await res.text(); // fetch decodes gzip
    plainBytes += Buffer.byteLength(body);
    gzipBytes += gzipSync(body).length;
    tags.set(p, res.headers.get('etag')!);
    const page = JSON.parse(body) as { data: { variants: { variantId: string; quantity: number }[] }[] };
    for (const v of page.data.flatMap((d) => d.variants)) if (v.quantity > 1) variantIds.add(v.variantId);
  }
  return {
    tags,
    variantIds: [...variantIds],
    avgBodyKB: round(plainBytes / paths.length / 1024, 1),
    avgGzipKB: round(gzipBytes / paths.length / 1024, 1),
  };
}

/**
 * Checkouts while the load runs: every so often three variants shown on the benched pages lose or
 * gain a unit (never reaching zero, which would flush the cache: that is a rarer event). This is
 * what makes cached quantities move and entries get rebuilt.
 */
function startCheckouts(url: string, variantIds: string[], perSecond: number) {
  if (perSecond <= 0 || variantIds.length === 0) return { stop: async () => 0 };
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const r = rng(7);
  let done = 0;
  const timer = setInterval(() => {
    const ids = [0, 1, 2].map(() => variantIds[Math.floor(r() * variantIds.length)]!);
    pool
      .query(
        'update variants set quantity = quantity + (case when quantity > 1 then -1 else 1 end) where id = any($1::uuid[])',
        [ids],
      )
      .then(
        () => done++,
        (err: Error) => console.error(`checkout simulation failed: ${err.message}`),
      );
  }, 1000 / perSecond);
  return {
    stop: async () => {
      clearInterval(timer);
      await pool.end();
      return done;
    },
  };
}

async function runMode(
  mode: 'on' | 'off',
  url: string,
  paths: string[],
): Promise<{ run: RunResult; avgBodyKB: number; avgGzipKB: number }> {
  process.stdout.write(`products bench [cache ${mode}]: starting the server… `);
  const server: ServerProcess = await startServer(
    {
      DATABASE_URL: url,
      // Production refuses to start without SMTP and Daraja credentials; development with the log
      // at warn is the same code path for catalogue reads (no dev-only middleware on them).
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED: 'false',
      CATALOGUE_CACHE: mode,
    },
    // Ready once the search index (built at start, 10k products) answers: its build would otherwise
    // compete with the warm-up.
    { ready: '/api/v1/search/orama?q=milk' },
  );
  try {
    const { tags, variantIds, avgBodyKB, avgGzipKB } = await fetchPages(server.baseUrl, paths);
    const r = rng(1); // the same sequence of requests for every run
    const next = (): Target => {
      const path = paths[Math.floor(r() * paths.length)]!;
      return r() < config.revalidateShare
        ? { path, headers: { 'If-None-Match': tags.get(path)! } }
        : { path };
    };
    const load = (durationSeconds: number) =>
      runLoad({
        baseUrl: server.baseUrl,
        rate: config.rate,
        durationSeconds,
        connections: config.connections,
        lanes: config.lanes,
        headers: { 'Accept-Encoding': config.acceptEncoding },
        next,
        // A browser revalidates with the tag of the copy it last got.
        onResponse: (path, status, headers) => {
          const tag = headers.etag ?? headers.ETag;
          if (status === 200 && tag) tags.set(path, tag);
        },
      });
    const quiet = await quietMachine(config.quietLoad, config.quietWaitSeconds);
    process.stdout.write(
      `load ${quiet.load} (waited ${quiet.waitedSeconds} s); warming up ${config.warmupSeconds} s… `,
    );
    await load(config.warmupSeconds);
    const rssBefore = memoryOf(server.pid).rssMB;
    const loadBefore = load1();
    const cpuBefore = cpuSecondsOf(server.pid);
    process.stdout.write(`measuring ${config.durationSeconds} s at ${config.rate} req/s… `);
    const checkouts = startCheckouts(url, variantIds, config.checkoutsPerSecond);
    const result = await load(config.durationSeconds);
    const checkoutsDone = await checkouts.stop();
    const cpuAfter = cpuSecondsOf(server.pid);
    const memory = memoryOf(server.pid);
    const latency = summarize(result.latencies);
    const responses = result.latencies.length;
    const unexpected = Object.entries(result.statuses)
      .filter(([s]) => s !== '200' && s !== '304')
      .reduce((n, [, c]) => n + c, 0);
    const achievedRps = round(responses / config.durationSeconds, 0);
    const run: RunResult = {
      mode,
      server: `pid ${server.pid}`,
      loadAverage: { before: loadBefore, after: load1() },
      latency,
      sent: result.sent,
      responses,
      achievedRps,
      statuses: result.statuses,
      revalidated304: result.statuses['304'] ?? 0,
      errors: result.errors,
      timeouts: result.timeouts,
      unexpected,
      serverCpuPercent:
        cpuBefore !== null && cpuAfter !== null
          ? round(((cpuAfter - cpuBefore) / result.seconds) * 100, 0)
          : null,
      serverCpuPerRequestMs:
        cpuBefore !== null && cpuAfter !== null && responses
          ? round(((cpuAfter - cpuBefore) * 1000) / responses, 3)
          : null,
      checkouts: checkoutsDone,
      quietWait: quiet,
      rssMB: memory.rssMB,
      peakRssMB: memory.peakRssMB,
      rssBeforeLoadMB: rssBefore,
      budget: {
        p99Met: latency.p99Ms <= BUDGET.p99Ms && unexpected === 0 && result.errors === 0,
        rssMet: memory.rssMB === null ? null : memory.rssMB <= BUDGET.rssMB,
        rateMet: achievedRps >= config.rate * 0.98,
      },
    };
    process.stdout.write(
      `p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms, max ${latency.maxMs} ms, ${achievedRps} req/s, ` +
        `RSS ${memory.rssMB} MB\n`,
    );
    return { run, avgBodyKB, avgGzipKB };
  } finally {
    await server.stop();
  }
}

function markdown(data: {
  meta: ReturnType<typeof machine>;
  setup: { products: number; setupSeconds: number; seedLargeSeconds: number };
  runs: RunResult[];
  pages: { count: number; avgBodyKB: number; avgGzipKB: number };
}) {
  const { meta, runs } = data;
  const label = (m: string) => (m === 'on' ? 'cache on' : 'cache off (`CATALOGUE_CACHE=off`)');
  const met = (r: RunResult) => r.budget.p99Met && r.budget.rateMet;
  const lines = [
    '# Product list benchmark',
    '',
    `Generated by \`npm run bench:products\` (bench/products.ts) on ${meta.date}: ${meta.cpu}, ${meta.cores} cores, ` +
      `Node ${meta.node}, PostgreSQL on the same machine, ${data.setup.products.toLocaleString('en')} products ` +
      `(the sample catalogue + ${config.products.toLocaleString('en')} generated).`,
    '',
    `Load: \`GET /api/v2/products\` at a fixed ${config.rate.toLocaleString('en')} req/s for ${config.durationSeconds} s ` +
      `after ${config.warmupSeconds} s of warm-up, autocannon with ${config.connections} keep-alive connections in ` +
      `${config.lanes} lanes started 1/${config.lanes} s apart (bench/lib/load.ts says why), over ` +
      `${data.pages.count} list pages of ${PAGE} items (offsets, sorts, categories, in stock; ` +
      `${data.pages.avgBodyKB} KB of JSON on average, ${data.pages.avgGzipKB} KB gzipped). ` +
      `${Math.round(config.revalidateShare * 100)} % of the requests revalidate with If-None-Match, all send ` +
      `\`Accept-Encoding: gzip\`, and ${config.checkoutsPerSecond} checkouts a second take or return a unit of three ` +
      'variants shown on those pages (without emptying any). The server is the real one in a child process ' +
      '(`node --import tsx server/index.ts`, as `npm start` runs it) in development mode with `LOG_LEVEL=warn`: ' +
      'production mode refuses to start without SMTP and Daraja credentials, and nothing on the catalogue read path ' +
      'differs between the two.',
    '',
    '| run | p50 | p90 | p99 | p99.9 | max | achieved | 200 / 304 | errors, other | server CPU | CPU / request | RSS after | p99 ≤ 20 ms | load avg (1 min) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const r of runs) {
    lines.push(
      `| ${label(r.mode)} | ${r.latency.p50Ms} ms | ${r.latency.p90Ms} ms | ${r.latency.p99Ms} ms | ${r.latency.p999Ms} ms | ` +
        `${r.latency.maxMs} ms | ${r.achievedRps.toLocaleString('en')} req/s | ${(r.statuses['200'] ?? 0).toLocaleString('en')} / ` +
        `${r.revalidated304.toLocaleString('en')} | ${r.errors + r.timeouts}, ${r.unexpected} | ` +
        `${r.serverCpuPercent ?? '?'} % | ${r.serverCpuPerRequestMs ?? '?'} ms | ${r.rssMB ?? '?'} MB | ` +
        `${met(r) ? 'met' : '**not met**'} | ${r.loadAverage.before} → ${r.loadAverage.after} |`,
    );
  }
  const on = runs.find((r) => r.mode === 'on');
  const off = runs.find((r) => r.mode === 'off');
  lines.push('');
  if (on) {
    lines.push(
      `**Budgets (docs/design.md#budgets), with the cache:** p99 ≤ ${BUDGET.p99Ms} ms at ${BUDGET.rate.toLocaleString('en')} req/s: ` +
        `**${met(on) ? 'met' : 'not met'}** (${on.latency.p99Ms} ms at ${on.achievedRps.toLocaleString('en')} req/s); ` +
        `resident memory ≤ ${BUDGET.rssMB} MB at 10k products: **${on.budget.rssMet ? 'met' : 'not met'}** ` +
        `(${on.rssMB} MB after the run, peak ${on.peakRssMB} MB, ${on.rssBeforeLoadMB} MB before it; this includes ` +
        'the search index of every product and the tsx loader).',
      '',
    );
  }
  if (on && off && on.serverCpuPerRequestMs && off.serverCpuPerRequestMs) {
    lines.push(
      `Without the cache every request runs the list's nine queries and serializes and compresses the page: ` +
        `${off.serverCpuPerRequestMs} ms of server CPU per request against ${on.serverCpuPerRequestMs} ms with it, ` +
        'and PostgreSQL works for each request too.',
      '',
    );
  }
  lines.push(
    'Notes:',
    '',
    "- Latency is autocannon's, from writing the request to the last byte of the response, on the same machine. " +
      'autocannon keeps one request in flight per connection, so while the server stalls the requests queued ' +
      'behind it are sent late and their wait is not counted (coordinated omission): the achieved rate and the ' +
      'max show when that happened.',
    "- The machine is shared (2 cores; other engineers' builds, tests and browsers run on it): the load average " +
      'is in the table, and each run first waits (up to ' +
      `${config.quietWaitSeconds} s) for it to drop below ${config.quietLoad}. Tails move with it and with garbage ` +
      'collection. "CPU / request" is the server process\'s CPU time over the run divided by the responses: it ' +
      'does not grow while the process waits for a core.',
    '- With the cache, an entry re-reads the quantities of the variants it shows once they are 1–2 s old (one ' +
      'small query) and is rebuilt only when they moved, or after 15–30 s, or on a catalogue notification.',
    `- Setup: database \`${DATABASE}\` created, migrated, seeded and filled in ${data.setup.setupSeconds} s ` +
      `(the generated products in ${data.setup.seedLargeSeconds} s), then dropped.`,
    '',
  );
  return lines.join('\n');
}

async function main() {
  const meta = machine();
  console.log(
    `products bench: load average ${load1()}; preparing ${DATABASE} with ${config.products} products…`,
  );
  const setupStarted = performance.now();
  const { url, database } = await preparedDatabase(DATABASE);
  const runs: RunResult[] = [];
  let pages = { count: 0, avgBodyKB: 0, avgGzipKB: 0 };
  let open = true;
  try {
    const large = await seedLarge(database.db, { products: config.products });
    const slugs = (
      await database.pool!.query<{ slug: string }>('select slug from categories order by position, slug')
    ).rows.map((r) => r.slug);
    const total = Number(
      (await database.pool!.query<{ n: string }>('select count(*) as n from products')).rows[0]!.n,
    );
    await database.pool!.query('analyze');
    await database.close();
    open = false;
    const setup = {
      products: total,
      setupSeconds: round((performance.now() - setupStarted) / 1000, 1),
      seedLargeSeconds: round(large.ms / 1000, 1),
    };
    const paths = listPaths(slugs);
    for (const mode of config.modes) {
      const { run, avgBodyKB, avgGzipKB } = await runMode(mode, url, paths);
      runs.push(run);
      pages = { count: paths.length, avgBodyKB, avgGzipKB };
    }
    const json = {
      ...meta,
      budget: BUDGET,
      config,
      setup,
      pages: { ...pages, paths },
      runs,
    };
    await writeResults('products', json, markdown({ meta, setup, runs, pages }));
  } finally {
    if (open) await database.close().catch(() => undefined);
    if (!args['keep-db']) await dropDatabase(DATABASE).catch(() => undefined);
  }
  const on = runs.find((r) => r.mode === 'on');
  if (on && !(on.budget.p99Met && on.budget.rateMet && on.budget.rssMet !== false)) process.exitCode = 1;
}

await main();
