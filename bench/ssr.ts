/**
 * Server-rendered landing page benchmark (GUIDE §7: `GET /` server-rendered, PostgreSQL, HTML cache
 * on: p99 ≤ 30 ms at 500 req/s).
 *
 * Uses the current build (dist/ and dist-ssr/; `npm run build` first), creates a fresh PostgreSQL
 * database (`sokoni_bench_ssr`) with the sample catalogue, starts the real server on it, warms it up,
 * then sends a fixed rate of `GET /` as a browser does (Accept: text/html) and reads the latencies.
 * The page cache re-renders `/` in the background every 15 s, so the run includes such renders.
 *
 *   npm run bench:ssr
 *   npm run bench:ssr -- --rate 500 --duration 20 --node-env production
 *
 * Writes bench/results/ssr.json and bench/results/ssr.md. Exits 1 when the budget is missed.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  dropDatabase,
  load1,
  machine,
  memoryOf,
  preparedDatabase,
  quietMachine,
  startServer,
  summarize,
  writeResults,
} from './lib/harness';
import { runLoad } from './lib/load';

const BUDGET = { p99Ms: 30, rate: 500 } as const;
const DATABASE = 'sokoni_bench_ssr';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: String(BUDGET.rate) },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    lanes: { type: 'string', default: '10' },
    // Production refuses development defaults (simulator, dev mailbox), so the bench runs the
    // development server with React's production build unless told otherwise.
    'node-env': { type: 'string', default: 'development' },
    'quiet-load': { type: 'string', default: '2.5' },
    'quiet-wait': { type: 'string', default: '120' },
  },
});

async function main() {
  if (!existsSync('dist/index.html') || !existsSync('dist-ssr/entry-server.js')) {
    throw new Error('Build first: npm run build (the bench serves dist/ and dist-ssr/).');
  }
  const rate = Number(args.rate);
  const durationSeconds = Number(args.duration);
  const { url, database } = await preparedDatabase(DATABASE);
  await database.close();
  const server = await startServer({
    DATABASE_URL: url,
    NODE_ENV: args['node-env']!,
    LOG_LEVEL: 'warn',
    SEED: 'false',
    STATIC_DIR: 'dist',
  });
  try {
    const first = await fetch(`${server.baseUrl}/`, { headers: { Accept: 'text/html' } });
    const page = await first.text();
    const onTheWire = await fetch(`${server.baseUrl}/`, {
      headers: { Accept: 'text/html', 'Accept-Encoding': 'deflate' },
    });
    if (onTheWire.headers.get('content-encoding') !== 'deflate') throw new Error('GET / was not compressed');
    const wireBytes =
      Number(onTheWire.headers.get('content-length') ?? 0) || (await onTheWire.arrayBuffer()).byteLength;
    if (!page.includes('sokoni-ssr-state'))
      throw new Error(`GET / was not server-rendered:\n${server.output()}`);
    const load = (seconds: number) =>
      runLoad({
        baseUrl: server.baseUrl,
        rate,
        durationSeconds: seconds,
        connections: Number(args.connections),
        lanes: Number(args.lanes),
        // As a browser asks for a page: the answer is then the page deflated from parts compressed once.
        headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip, deflate, br' },
        next: () => ({ path: '/' }),
      });
    const quiet = await quietMachine(Number(args['quiet-load']), Number(args['quiet-wait']));
    process.stdout.write(`load ${quiet.load}; warming up ${args.warmup} s… `);
    await load(Number(args.warmup));
    const loadBefore = load1();
    process.stdout.write(`measuring ${durationSeconds} s at ${rate} req/s… `);
    const result = await load(durationSeconds);
    const latency = summarize(result.latencies);
    const achievedRps = Math.round(result.latencies.length / durationSeconds);
    const met = latency.p99Ms <= BUDGET.p99Ms && achievedRps >= rate * 0.98;
    console.log(
      `p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms, ${achievedRps} req/s: ${met ? 'met' : 'NOT met'}`,
    );
    const json = {
      budget: BUDGET,
      machine: machine(),
      settings: { rate, durationSeconds, nodeEnv: args['node-env'], connections: Number(args.connections) },
      loadAverage: { before: loadBefore, after: load1() },
      pageBytes: page.length,
      wireBytes,
      latency,
      achievedRps,
      statuses: result.statuses,
      errors: result.errors,
      timeouts: result.timeouts,
      rssMB: memoryOf(server.pid).rssMB,
      met,
    };
    const markdown = [
      '# Server-rendered `GET /` (HTML cache on, PostgreSQL)',
      '',
      `Budget: p99 ≤ ${BUDGET.p99Ms} ms at ${BUDGET.rate} req/s. Measured: p50 ${latency.p50Ms} ms, p95 ${latency.p95Ms} ms, ` +
        `p99 ${latency.p99Ms} ms at ${achievedRps} req/s for ${durationSeconds} s (NODE_ENV=${args['node-env']}, ` +
        `page ${Math.round(page.length / 1024)} KB, ${Math.round(wireBytes / 1024)} KB deflated, load average ${loadBefore} before): **${met ? 'met' : 'not met'}**.`,
      '',
      `Statuses: ${JSON.stringify(result.statuses)}; errors ${result.errors}; timeouts ${result.timeouts}.`,
      '',
    ].join('\n');
    await writeResults('ssr', json, markdown);
    if (!met) process.exitCode = 1;
  } finally {
    await server.stop();
    await dropDatabase(DATABASE);
  }
}

await main();
