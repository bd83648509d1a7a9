/**
 * Cart write benchmark (docs/design.md#budgets: cart write, median ≤ 5 ms).
 *
 * Creates a fresh PostgreSQL database (`sokoni_bench_cart`) with the migrations and the sample
 * catalogue, a signed-in shopper (a session issued the way login issues it), starts the real server
 * as a child process and times, one request at a time over a keep-alive connection, what the
 * storefront sends when a shopper fills a cart: `POST /api/v1/cart` (add a unit, cycling over ten
 * products, so the cart holds ten lines) and `PATCH /api/v1/cart/{itemId}` (+1 and −1 in turn).
 * Each answer is the whole priced cart, as the SPA needs it.
 *
 *   npm run bench:cart
 *   npm run bench:cart -- --samples 500 --warmup 50
 *
 * Writes bench/results/cart.json and bench/results/cart.md. Exits 1 when a median is over budget.
 */
import { inArray, sql } from 'drizzle-orm';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { users, variants } from '../server/db/schema';
import { parseEnv } from '../server/env';
import { issueSession } from '../server/lib/auth/session';
import {
  cpuSecondsOf,
  dropDatabase,
  load1,
  machine,
  preparedDatabase,
  quietMachine,
  round,
  startServer,
  summarize,
  writeResults,
  type LatencySummary,
} from './lib/harness';

const BUDGET = { medianMs: 5 } as const;
const DATABASE = 'sokoni_bench_cart';
const LINES = 10;

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '50' },
    'quiet-load': { type: 'string', default: '2.5' },
    'quiet-wait': { type: 'string', default: '300' },
    'keep-db': { type: 'boolean', default: false },
  },
});
const SAMPLES = Number(args.samples);
const WARMUP = Number(args.warmup);

interface OpResult {
  op: string;
  /** As the client saw it: sending to the last byte. */
  latency: LatencySummary;
  /** As the server timed it (its request log line). */
  serverLatency: LatencySummary;
  serverCpuPerRequestMs: number | null;
  loadAverage: { before: number; after: number };
  met: boolean;
}

async function main() {
  const meta = machine();
  console.log(`cart bench: load average ${load1()}; preparing ${DATABASE}…`);
  const { url, database } = await preparedDatabase(DATABASE);
  let results: OpResult[];
  try {
    // The settings the child server will parse: the same secret, issuer and audience for the token.
    const env = parseEnv({ NODE_ENV: 'development', DATABASE_URL: url });
    const [user] = await database.db
      .insert(users)
      .values({ email: 'bench-cart@example.co.ke', name: 'Bench Shopper', type: 'customer' })
      .returning({ id: users.id, email: users.email, name: users.name, type: users.type, role: users.role });
    const token = await issueSession(database.db, env, user!);
    // Ten variants of different products, stocked so that no add ever runs out.
    const picked = await database.db
      .selectDistinctOn([variants.productId], { id: variants.id, productId: variants.productId })
      .from(variants)
      .orderBy(variants.productId, variants.position)
      .limit(LINES);
    await database.db
      .update(variants)
      .set({ quantity: 100_000 })
      .where(
        inArray(
          variants.id,
          picked.map((p) => p.id),
        ),
      );
    await database.db.execute(sql`analyze`);
    await database.close();

    // The server's own timing of each request (its debug log line: from the first middleware to the
    // last, so without the client, the socket and the HTTP parsing).
    const serverMs: number[] = [];
    const server = await startServer(
      { DATABASE_URL: url, NODE_ENV: 'development', LOG_LEVEL: 'debug', SEED: 'false' },
      {
        onLine: (line) => {
          if (!line.includes('"msg":"request"') || !line.includes('/api/v1/cart')) return;
          const ms = (JSON.parse(line) as { ms?: number }).ms;
          if (typeof ms === 'number') serverMs.push(ms);
        },
      },
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { hostname, port } = new URL(server.baseUrl);
      // node:http rather than fetch: lighter on the client, so the figure is more the server's.
      const request = (method: string, path: string, body: string) =>
        new Promise<{ status: number; text: string }>((resolve, reject) => {
          const req = http.request(
            {
              hostname,
              port,
              method,
              path,
              agent,
              headers: {
                Authorization: `Bearer ${token}`,
                'Content-Type': 'application/json',
                'Content-Length': Buffer.byteLength(body),
                'Accept-Encoding': 'gzip, deflate, br',
              },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => {
                const raw = Buffer.concat(chunks);
                const text =
                  res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
                resolve({ status: res.statusCode ?? 0, text });
              });
              res.on('error', reject);
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      const send = async (method: string, path: string, body: unknown) => {
        const started = performance.now();
        const res = await request(method, path, JSON.stringify(body));
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
        return {
          ms,
          json: JSON.parse(res.text) as { data: { Items: { itemId: string; variantId: string }[] } },
        };
      };
      let n = 0;
      const add = () => {
        const p = picked[n++ % picked.length]!;
        return send('POST', '/api/v1/cart', {
          item: { productId: p.productId, variantId: p.id, quantity: 1 },
        });
      };
      const measure = async (op: string, run: (i: number) => Promise<{ ms: number }>): Promise<OpResult> => {
        const quiet = await quietMachine(Number(args['quiet-load']), Number(args['quiet-wait']));
        if (quiet.waitedSeconds)
          console.log(`cart bench: waited ${quiet.waitedSeconds} s for load ${quiet.load}`);
        for (let i = 0; i < WARMUP; i++) await run(i);
        const before = load1();
        const cpuBefore = cpuSecondsOf(server.pid);
        const samples: number[] = [];
        const serverFrom = serverMs.length;
        for (let i = 0; i < SAMPLES; i++) samples.push((await run(i)).ms);
        const cpuAfter = cpuSecondsOf(server.pid);
        // The log lines of the last requests may still be on their way.
        await new Promise((r) => setTimeout(r, 200));
        const latency = summarize(samples);
        const result: OpResult = {
          op,
          latency,
          serverLatency: summarize(serverMs.slice(serverFrom, serverFrom + SAMPLES)),
          serverCpuPerRequestMs:
            cpuBefore !== null && cpuAfter !== null
              ? round(((cpuAfter - cpuBefore) * 1000) / SAMPLES, 3)
              : null,
          loadAverage: { before, after: load1() },
          met: latency.p50Ms <= BUDGET.medianMs,
        };
        console.log(
          `cart bench: ${op}: median ${latency.p50Ms} ms, p95 ${latency.p95Ms} ms, p99 ${latency.p99Ms} ms, ` +
            `server median ${result.serverLatency.p50Ms} ms ` +
            `(load ${result.loadAverage.before} → ${result.loadAverage.after})`,
        );
        return result;
      };

      const addResult = await measure('POST /api/v1/cart', add);
      const line = (await add()).json.data.Items.find((i) => i.variantId === picked[0]!.id)!;
      const patchResult = await measure('PATCH /api/v1/cart/{itemId}', (i) =>
        send('PATCH', `/api/v1/cart/${line.itemId}`, { quantity: i % 2 === 0 ? 1 : -1 }),
      );
      results = [addResult, patchResult];
    } finally {
      agent.destroy();
      await server.stop();
    }
  } finally {
    await database.close().catch(() => undefined);
    if (!args['keep-db']) await dropDatabase(DATABASE).catch(() => undefined);
  }

  const json = { ...meta, budget: BUDGET, samples: SAMPLES, warmup: WARMUP, cartLines: LINES, results };
  const lines = [
    '# Cart write benchmark',
    '',
    `Generated by \`npm run bench:cart\` (bench/cart.ts) on ${meta.date}: ${meta.cpu}, ${meta.cores} cores, ` +
      `Node ${meta.node}, PostgreSQL on the same machine (sample catalogue).`,
    '',
    `A signed-in shopper, the real server in a child process (development mode, \`LOG_LEVEL=debug\` so it logs ` +
      `how long it took over each request), ${SAMPLES} sequential requests per operation after ${WARMUP} of ` +
      'warm-up over one keep-alive connection (node:http, `Accept-Encoding: gzip` as browsers send it), timed in ' +
      `the client from sending to the last byte; the budget applies to that. The cart holds ${LINES} lines; ` +
      'every answer is the whole cart priced at that moment. A write is three round trips to the database: the ' +
      'session check and the cart read back (both named prepared statements, planned once per connection), and ' +
      'one conditional statement that applies the change and commits without waiting for the WAL fsync ' +
      '(`synchronous_commit` off for that statement only; the transactional path runs only when that statement ' +
      'does not apply: a new line in a full cart, not enough stock, a guest push). ' +
      "The server's own timing leaves out the client, the socket and the HTTP parsing.",
    '',
    '| operation | median | p90 | p95 | p99 | max | server-timed median / p95 | server CPU / request | budget (median ≤ 5 ms) | load avg (1 min) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
    ...results.map(
      (r) =>
        `| \`${r.op}\` | ${r.latency.p50Ms} ms | ${r.latency.p90Ms} ms | ${r.latency.p95Ms} ms | ${r.latency.p99Ms} ms | ` +
        `${r.latency.maxMs} ms | ${r.serverLatency.p50Ms} / ${r.serverLatency.p95Ms} ms | ` +
        `${r.serverCpuPerRequestMs ?? '?'} ms | ${r.met ? 'met' : '**not met**'} | ` +
        `${r.loadAverage.before} → ${r.loadAverage.after} |`,
    ),
    '',
    "The machine is shared (2 cores, other engineers' work runs on it): the load average is in the table.",
    '',
  ];
  await writeResults('cart', json, lines.join('\n'));
  if (results.some((r) => !r.met)) process.exitCode = 1;
}

await main();
