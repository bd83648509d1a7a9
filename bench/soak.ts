/**
 * Soak (issue 13): the real server on PostgreSQL under a steady mix of what shoppers do, for a while,
 * on loopback only, stopping by itself. Browsing (product lists, a category, a product), search, cart
 * changes and checkouts paid through the built-in M-Pesa simulator, at a fixed rate. Errors (any 5xx,
 * a failed connection, or a 4xx the step does not expect) must be zero; latency percentiles are
 * reported per window, and the server's memory at the start and the end.
 *
 *   npm run bench:soak                      # 10 minutes, 40 requests a second
 *   npm run bench:soak -- --minutes 2 --rate 40
 *   npm run bench:soak -- --engine pglite --server built --out soak-pglite-built
 *
 * `--engine pglite` runs it on the embedded database (a throw-away DATA_DIR) instead; `--server built`
 * runs the build (dist-server/, `npm run build` first) with node, as production does, instead of the
 * sources through tsx. Writes bench/results/<out>.json and .md (`reliability` by default). Exits 1 on
 * any error or when memory grew more than 25 % (after the first window's warm-up) from the first
 * window to the last.
 */
import type { Cart } from '../contract/cart';
import { shownFigures } from '../contract/checkout-rules';
import { users } from '../server/db/schema';
import { parseEnv } from '../server/env';
import { issueSession } from '../server/lib/auth/session';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate, openDatabase, type Database } from '../server/db/client';
import { seed } from '../server/db/seed';
import {
  dropDatabase,
  load1,
  machine,
  memoryOf,
  preparedDatabase,
  rng,
  round,
  startServer,
  summarize,
  type ServerRun,
  writeResults,
  type LatencySummary,
} from './lib/harness';

const DATABASE = 'sokoni_bench_soak';
const SHOPPERS = 40;

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '40' },
    window: { type: 'string', default: '30' },
    seed: { type: 'string', default: '13' },
    engine: { type: 'string', default: 'postgres' },
    server: { type: 'string', default: 'tsx' },
    out: { type: 'string', default: 'reliability' },
  },
});
const ENGINE = args.engine as 'postgres' | 'pglite';
const RUN = args.server as ServerRun;
if (!['postgres', 'pglite'].includes(ENGINE) || !['tsx', 'built'].includes(RUN)) {
  console.error('--engine is postgres or pglite; --server is tsx or built.');
  process.exit(2);
}
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
const WINDOW_S = Number(args.window);
const random = rng(Number(args.seed));
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;

interface Shopper {
  token: string;
  lines: number;
}

interface Window {
  startedS: number;
  requests: number;
  errors: number;
  checkouts: number;
  latency: LatencySummary;
  rssMB: number | null;
}

async function main() {
  const meta = machine();
  const loadBefore = load1();
  console.log(`soak: ${MINUTES} min at ${RATE} req/s; load average ${loadBefore}; preparing ${DATABASE}…`);
  // PostgreSQL: a database of its own; PGlite: a data directory, closed before the server opens it.
  let where: Record<string, string>;
  let database: Database;
  let dataDir: string | undefined;
  if (ENGINE === 'postgres') {
    const prepared = await preparedDatabase(DATABASE);
    database = prepared.database;
    where = { DATABASE_URL: prepared.url };
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sokoni-soak-'));
    database = await openDatabase({ dataDir });
    await migrate(database);
    await seed(database.db, { demoAccounts: true });
    where = { DATA_DIR: dataDir };
  }
  const env = parseEnv({ NODE_ENV: 'development', ...where });
  const shoppers: Shopper[] = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const [user] = await database.db
      .insert(users)
      .values({ email: `soak-${i}@example.co.ke`, name: `Soak Shopper ${i}`, type: 'customer' })
      .returning({ id: users.id, email: users.email, name: users.name, type: users.type, role: users.role });
    shoppers.push({ token: await issueSession(database.db, env, user!), lines: 0 });
  }
  await database.close();
  const server = await startServer(
    {
      NODE_ENV: 'development',
      ...where,
      SEED: 'false',
      LOG_LEVEL: 'warn',
      MPESA_SIMULATOR_DELAY_MS: '300',
      PAYMENT_QUERY_DELAY_MS: '5000',
      STATIC_DIR: '.tmp/no-spa',
    },
    { run: RUN },
  );
  const base = server.baseUrl;
  const errors: string[] = [];
  try {
    const products = (
      (await (await fetch(`${base}/api/v2/products`)).json()) as { data: { productId: string }[] }
    ).data;
    const categories = (
      (await (await fetch(`${base}/api/v1/categories`)).json()) as { data: { rows: { slug: string }[] } }
    ).data.rows;
    const words = ['sugar', 'sukuma', 'tomato', 'omena', 'mango', 'unga', 'milk', 'rice', 'chai', 'avocdo'];

    const call = async (
      method: string,
      path: string,
      token?: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const started = performance.now();
      const res = await fetch(base + path, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, text, ms: performance.now() - started };
    };

    /** One step of a shopper's visit; answers its latency, or throws what went wrong. */
    const step = async (): Promise<{ ms: number; checkout?: boolean }> => {
      const r = random();
      const expect = async (
        p: Promise<{ status: number; text: string; ms: number }>,
        ok: number[],
        what: string,
      ) => {
        const res = await p;
        // Too little stock is a real answer (the sample catalogue has sold-out items; checkouts sell more).
        const soldOut = res.status === 400 && /"code":"(out_of_stock|not_enough_stock)"/.test(res.text);
        if (!ok.includes(res.status) && !soldOut)
          throw new Error(`${what}: ${res.status} ${res.text.slice(0, 160)}`);
        return res;
      };
      if (r < 0.3) return expect(call('GET', '/api/v2/products'), [200], 'products');
      if (r < 0.45)
        return expect(call('GET', `/api/v2/products?category=${pick(categories).slug}`), [200], 'category');
      if (r < 0.6)
        return expect(call('GET', `/api/v1/products/${pick(products).productId}`), [200], 'product');
      if (r < 0.75) return expect(call('GET', `/api/v1/search/orama?q=${pick(words)}`), [200], 'search');
      const s = pick(shoppers);
      if (r < 0.95 || s.lines === 0) {
        const res = await expect(
          call('POST', '/api/v1/cart', s.token, {
            item: { productId: pick(products).productId, quantity: 1 },
          }),
          [200, 409],
          'cart add',
        );
        if (res.status === 200) s.lines += 1;
        return res;
      }
      const phone = `07${String(Math.floor(random() * 1e6)).padStart(6, '0')}00`;
      // As the checkout page does: read the cart for the place, and send the figures it shows.
      const page = await expect(
        call('GET', '/api/v1/cart?deliveryAreaId=westlands', s.token),
        [200],
        'checkout page',
      );
      const shown = shownFigures((JSON.parse(page.text) as { data: Cart }).data);
      const res = await expect(
        call(
          'POST',
          '/api/v1/checkout',
          s.token,
          { phone, deliveryAreaId: 'westlands', address: 'Soak Road 1', shown },
          { 'Idempotency-Key': crypto.randomUUID() },
        ),
        [201, 409, 429],
        'checkout',
      );
      s.lines = 0;
      return { ms: res.ms, checkout: res.status === 201 };
    };

    const windows: Window[] = [];
    const startedAt = Date.now();
    const endAt = startedAt + MINUTES * 60_000;
    const memoryStart = memoryOf(server.pid);
    let current = { startedS: 0, requests: 0, errors: 0, checkouts: 0, latencies: [] as number[] };
    const closeWindow = () => {
      windows.push({
        startedS: current.startedS,
        requests: current.requests,
        errors: current.errors,
        checkouts: current.checkouts,
        latency: summarize(current.latencies),
        rssMB: memoryOf(server.pid).rssMB,
      });
      const w = windows.at(-1)!;
      console.log(
        `${String(w.startedS).padStart(4)} s: ${w.requests} requests, ${w.errors} errors, p50 ${w.latency.p50Ms} ms, p99 ${w.latency.p99Ms} ms, rss ${w.rssMB} MB`,
      );
      current = {
        startedS: Math.round((Date.now() - startedAt) / 1000),
        requests: 0,
        errors: 0,
        checkouts: 0,
        latencies: [],
      };
    };
    const inFlight = new Set<Promise<void>>();
    let next = Date.now();
    let windowEnd = startedAt + WINDOW_S * 1000;
    while (Date.now() < endAt) {
      const now = Date.now();
      if (now >= windowEnd) {
        closeWindow();
        windowEnd += WINDOW_S * 1000;
      }
      if (now < next) {
        await new Promise((r) => setTimeout(r, next - now));
        continue;
      }
      next += 1000 / RATE;
      const p: Promise<void> = step().then(
        (r) => {
          current.requests += 1;
          current.latencies.push(r.ms);
          if (r.checkout) current.checkouts += 1;
        },
        (err: Error) => {
          current.requests += 1;
          current.errors += 1;
          if (errors.length < 20) errors.push(err.message);
        },
      );
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    await Promise.all(inFlight);
    closeWindow();
    const memoryEnd = memoryOf(server.pid);
    const all = windows.reduce((n, w) => n + w.requests, 0);
    const errorCount = windows.reduce((n, w) => n + w.errors, 0);
    const settled = windows.slice(1);
    const growth =
      settled.length > 1 && settled[0]!.rssMB && settled.at(-1)!.rssMB
        ? round(((settled.at(-1)!.rssMB! - settled[0]!.rssMB!) / settled[0]!.rssMB!) * 100, 1)
        : 0;
    const met = errorCount === 0 && growth <= 25;
    const loadAfter = load1();
    const md = [
      '# Soak: the server under a steady shop load',
      '',
      `\`npm run bench:soak -- --minutes ${MINUTES} --rate ${RATE} --engine ${ENGINE} --server ${RUN}\` on ${meta.date.slice(0, 10)}: ${meta.cpu}, ${meta.cores} cores, ${meta.memoryGB} GB, Node ${meta.node}; load average ${loadBefore} before, ${loadAfter} after. ${ENGINE === 'postgres' ? 'PostgreSQL on the same machine' : 'The embedded database (PGlite)'}, the server ${RUN === 'built' ? 'built, run with node' : 'from its sources through tsx'}, the load generator in the same two cores, loopback only.`,
      '',
      `Mix: 30 % product lists, 15 % a category, 15 % a product, 15 % search, 20 % cart adds, 5 % checkouts paid through the simulator (${SHOPPERS} shoppers, a new phone per checkout).`,
      '',
      `**${all} requests, ${errorCount} errors** (${met ? 'met' : 'NOT met'}: zero errors, memory growth ≤ 25 % after the first window). Memory (RSS) ${memoryStart.rssMB} MB at the start, ${memoryEnd.rssMB} MB at the end (peak ${memoryEnd.peakRssMB} MB); ${growth} % from the first settled window to the last.`,
      '',
      '| from (s) | requests | errors | checkouts | p50 ms | p95 ms | p99 ms | max ms | RSS MB |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...windows.map(
        (w) =>
          `| ${w.startedS} | ${w.requests} | ${w.errors} | ${w.checkouts} | ${w.latency.p50Ms} | ${w.latency.p95Ms} | ${w.latency.p99Ms} | ${w.latency.maxMs} | ${w.rssMB} |`,
      ),
      ...(errors.length ? ['', 'First errors:', '', ...errors.map((e) => `- ${e}`)] : []),
    ].join('\n');
    await writeResults(
      args.out,
      {
        meta,
        minutes: MINUTES,
        rate: RATE,
        engine: ENGINE,
        server: RUN,
        readyMs: server.readyMs,
        windows,
        memoryStart,
        memoryEnd,
        growth,
        errors,
        met,
      },
      md,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    else await dropDatabase(DATABASE);
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
