/**
 * Flash sale (issue 30): the real server on PostgreSQL the morning a promotion goes viral. One product
 * has `--units` (200) units on a 50 % discount limited to `--uses` (150) orders; `--shoppers` (2,000)
 * signed-in shoppers, whose carts already hold one unit of it, all check out within `--seconds` (10),
 * while `--reads` (500) requests a second read its product page (70 %) and search (30 %). Payments go
 * through the Daraja simulator, run in a process of its own as Safaricom is outside the shop, and
 * are paid; the bench waits for them to settle.
 *
 *   npm run bench:rush
 *   npm run bench:rush -- --instances 2      # two servers over one database, shoppers round-robin
 *   npm run bench:rush -- --instances 2 --split   # the reads on the first (RUN_JOBS=false), checkouts on the rest
 *
 * A shopper sends the checkout their page showed; a 409 saying the price changed (the discount's
 * uses ran out) brings the new figures, which the page shows, and the shopper checks out once more at
 * the new price, as a person confirming the new total would; after a 409 saying the offer ended the
 * page reads the cart again first. Any other 409 (sold out), a 429, or a 503
 * with Retry-After (the server saturated) ends their visit.
 *
 * Goals: exactly `--units` units sold and `--uses` uses taken, stock + held + sold = start; every
 * request answered (no 5xx, not even a 503 with Retry-After: refusals are 409s; no timeout, no failed
 * connection); checkout p99 ≤ 1 s; product page p99 ≤ 50 ms during the rush. The server is the build
 * (`npm run bench:rush` makes it), as production runs it. Writes bench/results/rush.json and
 * rush.md (rush-2-instances.*, rush-400-shoppers.* and so on for other settings); exits 1 when a goal
 * is missed.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import type { Cart } from '../contract/cart';
import type { ShownFigures } from '../contract/checkout';
import { shownFigures } from '../contract/checkout-rules';
import {
  cartItems,
  discountProducts,
  discounts,
  orderDiscounts,
  orders,
  products,
  users,
  variants,
} from '../server/db/schema';
import { openDatabase, type Db } from '../server/db/client';
import { parseEnv } from '../server/env';
import { issueSession } from '../server/lib/auth/session';
import { DARAJA_SIMULATOR_PATH } from '../server/lib/payments/config';
import { SMS_SIMULATOR_PATH } from '../server/lib/sms/config';
import { unitsHeldBy } from '../server/modules/stock';
import {
  cpuSecondsOf,
  cpuSecondsOfCommand,
  dropDatabase,
  load1,
  machine,
  preparedDatabase,
  round,
  startServer,
  summarize,
  writeResults,
  type LatencySummary,
  type ServerProcess,
} from './lib/harness';
import { runLoad, type LoadResult } from './lib/load';
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const DATABASE = 'sokoni_bench_rush';

const { values: args } = parseArgs({
  options: {
    shoppers: { type: 'string', default: '2000' },
    units: { type: 'string', default: '200' },
    uses: { type: 'string', default: '150' },
    seconds: { type: 'string', default: '10' },
    reads: { type: 'string', default: '500' },
    instances: { type: 'string', default: '1' },
    /** How long to wait for the payments to settle after the rush. */
    settle: { type: 'string', default: '60' },
    'keep-db': { type: 'boolean', default: false },
    split: { type: 'boolean', default: false },
  },
});
const SHOPPERS = Number(args.shoppers);
const UNITS = Number(args.units);
const USES = Number(args.uses);
const SECONDS = Number(args.seconds);
const READS = Number(args.reads);
const INSTANCES = Number(args.instances);
/** The first instance serves only the reads, the others only the checkouts (needs 2 instances or more). */
const SPLIT = Boolean(args.split) && INSTANCES > 1;
const SETTLE_S = Number(args.settle);
/** What counts as no answer: the same as autocannon's timeout for the reads. */
const TIMEOUT_MS = 10_000;
const GOALS = { checkoutP99Ms: 1_000, productPageP99Ms: 50 };

interface Shopper {
  token: string;
  itemId: string;
  phone: string;
  server: ServerProcess;
}

/** One checkout request as the shopper saw it. */
interface Sent {
  ms: number;
  /** The HTTP status, or 0 for no answer (a timeout or a failed connection). */
  status: number;
  code: string | null;
  retryAfter: string | null;
  /** A 409 `price_changed`'s new cart, which the checkout page shows at once without asking again. */
  newCart?: Cart;
}

async function main() {
  const meta = machine();
  const loadBefore = os.loadavg().map((n) => round(n, 2));
  console.log(
    `rush: ${SHOPPERS} shoppers, ${UNITS} units, ${USES} uses, ${SECONDS} s, ${READS} reads/s, ${INSTANCES} instance(s); load ${loadBefore.join(' ')}`,
  );
  const setupStarted = performance.now();
  const { url, database } = await preparedDatabase(DATABASE);
  const db = database.db;
  const env = parseEnv({ NODE_ENV: 'development', DATABASE_URL: url });

  // The sale product: a shown product with one variant left (its others archived), its stock set to
  // UNITS, the only discount in the shop (the sample's others are switched off so nothing else prices
  // it once the sale runs out).
  const [sale] = await db
    .select({ productId: products.id, name: products.name, variantId: variants.id })
    .from(products)
    .innerJoin(variants, eq(variants.productId, products.id))
    .where(and(eq(products.hidden, false), isNull(products.archivedAt), isNull(variants.archivedAt)))
    .orderBy(products.pid, variants.position)
    .limit(1);
  if (!sale) throw new Error('the sample catalogue has no product on show');
  await db
    .update(variants)
    .set({ archivedAt: new Date() })
    .where(and(eq(variants.productId, sale.productId), ne(variants.id, sale.variantId)));
  await db.update(discounts).set({ active: false });
  await db.update(variants).set({ quantity: UNITS, available: true }).where(eq(variants.id, sale.variantId));
  const [discount] = await db
    .insert(discounts)
    .values({
      name: 'Flash sale',
      kind: 'percentage',
      value: 50,
      usageLimit: USES,
      startsAt: new Date(Date.now() - 60_000),
    })
    .returning({ id: discounts.id });
  await db.insert(discountProducts).values({ discountId: discount!.id, productId: sale.productId });

  // Shoppers straight into the database: one statement for the accounts, one for the carts, and the
  // sessions as sign-in issues them (a row each, signed here), a few at a time.
  const accounts = await db
    .insert(users)
    .values(
      Array.from({ length: SHOPPERS }, (_, i) => ({
        email: `rush-${i}@example.co.ke`,
        name: `Rush Shopper ${i}`,
        type: 'customer' as const,
      })),
    )
    .returning({ id: users.id, email: users.email, name: users.name, type: users.type, role: users.role });
  const lines = await db
    .insert(cartItems)
    .values(
      accounts.map((a) => ({
        userId: a.id,
        productId: sale.productId,
        variantId: sale.variantId,
        quantity: 1,
      })),
    )
    .returning({ id: cartItems.id, userId: cartItems.userId });
  const lineOf = new Map(lines.map((l) => [l.userId, l.id]));
  const tokens: string[] = [];
  for (let i = 0; i < accounts.length; i += 50) {
    tokens.push(...(await Promise.all(accounts.slice(i, i + 50).map((a) => issueSession(db, env, a)))));
  }
  await database.close();

  const { servers, daraja } = await startServers(url);
  const checkoutsTo = checkoutServers(servers);
  const shoppers: Shopper[] = accounts.map((a, i) => ({
    token: tokens[i]!,
    itemId: lineOf.get(a.id)!,
    // Distinct phones ending 00: the simulator pays them, and no phone's prompt allowance is reached.
    phone: `07${String(i).padStart(6, '0')}00`,
    server: checkoutsTo[i % checkoutsTo.length]!,
  }));
  const setupSeconds = round((performance.now() - setupStarted) / 1000, 1);
  console.log(`set up in ${setupSeconds} s`);

  const reopened = await openDatabase({ url, poolSize: 2 });
  try {
    // What every shopper's checkout page shows (their own line id in it).
    const page = await cartOf(shoppers[0]!);
    const pageShown = shownFigures(page);
    const shownFor = (s: Shopper): ShownFigures => ({
      ...pageShown,
      items: pageShown.items.map((l) => ({ ...l, itemId: s.itemId })),
    });
    const productPath = `/api/v1/products/${sale.productId}`;
    const word = sale.name.split(/\s+/)[0]!.toLowerCase();
    const searchPaths = [word, 'sugar', 'tomato', 'unga', 'milk'].map((q) => `/api/v1/search/orama?q=${q}`);

    // Before: the same reads on a quiet shop, for comparison.
    const quiet = await reads(readServers(servers), productPath, searchPaths, 3);

    // The rush.
    console.log('the rush…');
    const checkouts: Sent[] = [];
    const cartReads: number[] = [];
    const placedAt: number[] = [];
    const loadSamples: number[] = [];
    const cpuStart = cpuNow(servers);
    const started = performance.now();
    const sampler = setInterval(() => loadSamples.push(load1()), 1000);
    const visit = async (s: Shopper) => {
      let shown = shownFor(s);
      for (let attempt = 0; attempt < 3; attempt++) {
        const sent = await checkout(s, shown);
        checkouts.push(sent);
        if (sent.status === 201) placedAt.push(performance.now() - started);
        if (sent.status !== 409 || !(sent.code === 'price_changed' || sent.code === 'offer_ended')) return;
        // As the checkout page does: a price change brings its new figures; an ended offer is read again.
        let cart = sent.newCart;
        if (!cart) {
          const t = performance.now();
          cart = await cartOf(s).catch(() => undefined);
          cartReads.push(performance.now() - t);
        }
        if (!cart) return;
        shown = shownFigures(cart);
      }
    };
    const arrivals = shoppers.map(
      (s, i) =>
        new Promise<void>((resolve) =>
          setTimeout(() => void visit(s).finally(resolve), (i * SECONDS * 1000) / SHOPPERS),
        ),
    );
    // Every request has a 10 s timeout, so the rush ends; if it does not (a load lane seen to hang on
    // a machine at load 3), give up with a message and clean up rather than hang.
    let deadline: NodeJS.Timeout | undefined;
    const [during] = await Promise.race([
      Promise.all([reads(readServers(servers), productPath, searchPaths, SECONDS), Promise.all(arrivals)]),
      new Promise<never>((_, reject) => {
        deadline = setTimeout(
          () => reject(new Error(`the rush did not end within ${SECONDS + 60} s`)),
          (SECONDS + 60) * 1000,
        );
      }),
    ]);
    clearTimeout(deadline);
    const rushSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const cpu = cpuSpent(cpuStart, cpuNow(servers), rushSeconds);
    const loadDuring = os.loadavg().map((n) => round(n, 2));

    console.log(`rush over after ${round(rushSeconds, 1)} s; waiting for the payments to settle…`);
    // Payments settle (the simulator answers after MPESA_SIMULATOR_DELAY_MS); then the books.
    const settleStarted = performance.now();
    let books = await booksOf(reopened.db, sale.variantId, discount!.id);
    while (books.held > 0 && performance.now() - settleStarted < SETTLE_S * 1000) {
      await new Promise((r) => setTimeout(r, 500));
      books = await booksOf(reopened.db, sale.variantId, discount!.id);
    }
    const settleSeconds = round((performance.now() - settleStarted) / 1000, 1);

    const statuses: Record<string, number> = {};
    for (const c of checkouts) statuses[answerOf(c)] = (statuses[answerOf(c)] ?? 0) + 1;
    const unanswered = checkouts.filter((c) => c.status === 0).length;
    // A 503 `busy` (with Retry-After) is a clear answer too, but the sale's goal is refusals as 409s.
    const serverErrors = checkouts.filter((c) => c.status >= 500).length;
    const readFailures = [...during.product, ...during.search].reduce(
      (n, r) =>
        n +
        r.errors +
        r.timeouts +
        Object.entries(r.statuses)
          .filter(([s]) => s !== '200')
          .reduce((m, [, k]) => m + k, 0),
      0,
    );
    const checkoutLatency = summarize(checkouts.map((c) => c.ms));
    // Which answers are the slow ones: the same statuses as above, each with its latency.
    const latencyByAnswer = Object.fromEntries(
      Object.keys(statuses).map((key) => [
        key,
        summarize(checkouts.filter((c) => answerOf(c) === key).map((c) => c.ms)),
      ]),
    );
    const productPage = summarize(during.product.flatMap((r) => r.latencies));
    const productQuiet = summarize(quiet.product.flatMap((r) => r.latencies));
    const search = summarize(during.search.flatMap((r) => r.latencies));
    const searchQuiet = summarize(quiet.search.flatMap((r) => r.latencies));
    const placed = placedAt.length;
    const soldOutAfterS = placed ? round(Math.max(...placedAt) / 1000, 2) : null;
    const goals = {
      exactUnits: books.sold === UNITS && books.stock === 0 && books.held === 0,
      exactUses: books.uses === USES && books.paidUses === USES,
      conserved: books.stock + books.held + books.sold === UNITS,
      everyRequestAnswered: unanswered === 0 && serverErrors === 0 && readFailures === 0,
      checkoutP99: checkoutLatency.p99Ms <= GOALS.checkoutP99Ms,
      productPageP99: productPage.p99Ms <= GOALS.productPageP99Ms,
    };
    const met = Object.values(goals).every(Boolean);
    const result = {
      meta,
      options: {
        shoppers: SHOPPERS,
        units: UNITS,
        uses: USES,
        seconds: SECONDS,
        reads: READS,
        instances: INSTANCES,
      },
      setupSeconds,
      load: { before: loadBefore, during: loadDuring, samples: loadSamples },
      cpu,
      rushSeconds: round(rushSeconds, 2),
      checkouts: {
        requests: checkouts.length,
        placed,
        soldOutAfterS,
        placedPerSecond: soldOutAfterS ? round(placed / soldOutAfterS, 1) : null,
        answeredPerSecond: round(checkouts.length / rushSeconds, 1),
        statuses,
        latency: checkoutLatency,
        latencyByAnswer,
        cartReads: summarize(cartReads),
      },
      reads: {
        quiet: { productPage: productQuiet, search: searchQuiet },
        rush: { productPage, search, sent: sentOf(during), failures: readFailures },
      },
      books: { ...books, settleSeconds },
      goals,
      met,
    };
    await writeResults(resultName(), result, report(result));
    if (!met) process.exitCode = 1;
  } finally {
    console.log('stopping the servers and dropping the database…');
    await reopened.close();
    for (const s of servers) await s.stop();
    daraja.kill('SIGTERM');
    if (!args['keep-db']) await dropDatabase(DATABASE);
  }
}

/**
 * The servers, and the payment and SMS gateways' simulators in a process of their own
 * (bench/lib/gateways.ts), as Safaricom and Africa's Talking are outside the shop: each server sends
 * its prompts and texts there and is called back at its own address (the SMS delivery reports at
 * the first server's, as Africa's Talking has one address per app), so the servers' CPU is the
 * shop's side of each payment and each text only.
 */
async function startServers(url: string): Promise<{ servers: ServerProcess[]; daraja: ChildProcess }> {
  const daraja = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/gateways.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, MPESA_SIMULATOR_DELAY_MS: '500' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    daraja.stdout!.on('data', (chunk: Buffer) => {
      const ready = /ready (\d+)/.exec(chunk.toString());
      if (ready) resolve(ready[1]!);
    });
    daraja.on('exit', (code) => reject(new Error(`the gateways' simulator exited (${code})`)));
  });
  const settings = {
    NODE_ENV: 'development',
    DATABASE_URL: url,
    SEED: 'false',
    LOG_LEVEL: 'warn',
    STATIC_DIR: '.tmp/no-spa',
    MPESA_BASE_URL: `http://127.0.0.1:${port}/api${DARAJA_SIMULATOR_PATH}`,
    AT_BASE_URL: `http://127.0.0.1:${port}/api${SMS_SIMULATOR_PATH}`,
    // A prompt whose push timed out on a loaded machine is settled by the reconciler's query.
    PAYMENT_QUERY_DELAY_MS: '5000',
  };
  // The server as production runs it (`npm run bench:rush` builds it first). RUSH_CPU_PROF=<dir>
  // writes the first server's CPU profile there, to see where the time goes.
  const profile = process.env.RUSH_CPU_PROF;
  const servers = await Promise.all(
    Array.from({ length: INSTANCES }, (_, i) =>
      // Split: the reads' instance does nothing else (RUN_JOBS=false), as a storefront instance would.
      startServer(SPLIT && i === 0 ? { ...settings, RUN_JOBS: 'false' } : settings, {
        run: 'built',
        nodeArgs: profile && i === 0 ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
      }),
    ),
  );
  daraja.stdin!.write(`reports ${servers[0]!.baseUrl}\n`);
  return { servers, daraja };
}

/** How a checkout was answered: its status and error code, or 'no answer'. */
const answerOf = (c: { status: number; code: string | null }) =>
  c.status === 0 ? 'no answer' : `${c.status}${c.code ? ` ${c.code}` : ''}`;

/** `rush`, with the instances and a scale other than the issue's in the name: runs do not overwrite each other. */
const resultName = () =>
  [
    'rush',
    INSTANCES > 1 && `${INSTANCES}-instances`,
    SPLIT && 'split',
    SHOPPERS !== 2000 && `${SHOPPERS}-shoppers`,
  ]
    .filter(Boolean)
    .join('-');

/** The command that ran, with the options that differ from the defaults. */
const command = () =>
  `npm run bench:rush${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;

async function cartOf(s: Shopper): Promise<Cart> {
  const res = await fetch(`${s.server.baseUrl}/api/v1/cart?deliveryAreaId=westlands`, {
    headers: { Authorization: `Bearer ${s.token}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`cart: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: Cart }).data;
}

async function checkout(s: Shopper, shown: ShownFigures): Promise<Sent> {
  const t = performance.now();
  try {
    const res = await fetch(`${s.server.baseUrl}/api/v1/checkout`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${s.token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify({ phone: s.phone, deliveryAreaId: 'westlands', address: 'Moi Avenue 1', shown }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({ code: 'unreadable body' }))) as {
      code?: string;
      priceChange?: { cart: Cart };
    };
    return {
      ms: performance.now() - t,
      status: res.status,
      code: res.status >= 400 ? (body.code ?? null) : null,
      retryAfter: res.headers.get('retry-after'),
      ...(body.priceChange ? { newCart: body.priceChange.cart } : {}),
    };
  } catch {
    return { ms: performance.now() - t, status: 0, code: null, retryAfter: null };
  }
}

/** With --split, the first instance serves the reads and the others the checkouts. */
const readServers = (servers: ServerProcess[]) => (SPLIT ? servers.slice(0, 1) : servers);
const checkoutServers = (servers: ServerProcess[]) => (SPLIT ? servers.slice(1) : servers);

/** READS requests a second over the servers for `seconds`: 70 % the sale's product page, 30 % search. */
async function reads(servers: ServerProcess[], productPath: string, searchPaths: string[], seconds: number) {
  const share = (fraction: number) => Math.max(1, Math.round((READS * fraction) / servers.length));
  let n = 0;
  const load = (baseUrl: string, rate: number, next: () => string) =>
    runLoad({
      baseUrl,
      rate,
      durationSeconds: seconds,
      connections: Math.max(10, Math.ceil(rate / 10)),
      lanes: 5,
      headers: { 'Accept-Encoding': 'gzip' },
      next: () => ({ path: next() }),
    });
  const [product, search] = await Promise.all([
    Promise.all(servers.map((s) => load(s.baseUrl, share(0.7), () => productPath))),
    Promise.all(
      servers.map((s) => load(s.baseUrl, share(0.3), () => searchPaths[n++ % searchPaths.length]!)),
    ),
  ]);
  return { product, search };
}

const sentOf = (r: { product: LoadResult[]; search: LoadResult[] }) =>
  [...r.product, ...r.search].reduce((n, x) => n + x.sent, 0);

function cpuNow(servers: ServerProcess[]) {
  const own = process.cpuUsage();
  return {
    servers: servers.map((s) => cpuSecondsOf(s.pid) ?? 0),
    postgres: cpuSecondsOfCommand('postgres'),
    bench: (own.user + own.system) / 1e6,
  };
}

/** Cores used on average over the rush: the servers' and PostgreSQL's (all of its backends). */
function cpuSpent(a: ReturnType<typeof cpuNow>, b: ReturnType<typeof cpuNow>, seconds: number) {
  return {
    serverCores: b.servers.map((s, i) => round((s - a.servers[i]!) / seconds, 2)),
    postgresCores: round((b.postgres - a.postgres) / seconds, 2),
    benchCores: round((b.bench - a.bench) / seconds, 2),
  };
}

/**
 * Where the sale's units and uses are: on the shelf, held by orders waiting for their payment, sold
 * (paid orders); the discount's uses counted and the paid orders holding one.
 */
async function booksOf(db: Db, variantId: string, discountId: string) {
  const [[shelf], held, sold, [discount], [paidUses], payments] = await Promise.all([
    db.select({ n: variants.quantity }).from(variants).where(eq(variants.id, variantId)),
    unitsHeldBy(db, variantId, 'unpaid'),
    unitsHeldBy(db, variantId, 'paid'),
    db.select({ n: discounts.redemptions }).from(discounts).where(eq(discounts.id, discountId)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orderDiscounts)
      .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
      .where(
        and(
          eq(orderDiscounts.discountId, discountId),
          eq(orders.paymentStatus, 'paid'),
          eq(orders.stockReserved, true),
        ),
      ),
    db
      .select({ status: orders.paymentStatus, n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .groupBy(orders.paymentStatus),
  ]);
  return {
    stock: shelf!.n,
    held,
    sold,
    uses: discount!.n,
    paidUses: paidUses!.n,
    orders: Object.fromEntries(payments.map((p) => [p.status, p.n])),
  };
}

type Result = {
  meta: ReturnType<typeof machine>;
  setupSeconds: number;
  load: { before: number[]; during: number[]; samples: number[] };
  cpu: ReturnType<typeof cpuSpent>;
  rushSeconds: number;
  checkouts: {
    requests: number;
    placed: number;
    soldOutAfterS: number | null;
    placedPerSecond: number | null;
    answeredPerSecond: number;
    statuses: Record<string, number>;
    latency: LatencySummary;
    latencyByAnswer: Record<string, LatencySummary>;
    cartReads: LatencySummary;
  };
  reads: {
    quiet: { productPage: LatencySummary; search: LatencySummary };
    rush: { productPage: LatencySummary; search: LatencySummary; sent: number; failures: number };
  };
  books: Awaited<ReturnType<typeof booksOf>> & { settleSeconds: number };
  goals: Record<string, boolean>;
  met: boolean;
};

function report(r: Result): string {
  const yes = (b: boolean) => (b ? 'met' : '**NOT met**');
  const ms = (l: LatencySummary) => (Number.isNaN(l.p50Ms) ? 'none' : `${l.p50Ms} / ${l.p99Ms} / ${l.maxMs}`);
  const b = r.books;
  return [
    `# Flash sale: ${SHOPPERS} shoppers, ${UNITS} units, ${INSTANCES} instance${INSTANCES > 1 ? 's' : ''}`,
    '',
    `\`${command()}\` on ${r.meta.date.slice(0, 16)} UTC: ${r.meta.cpu}, ${r.meta.cores} cores, ${r.meta.memoryGB} GB, Node ${r.meta.node}. PostgreSQL, the server${INSTANCES > 1 ? 's' : ''} and the load generator on the same ${r.meta.cores} cores, loopback.`,
    '',
    `Load average (1, 5, 15 min) ${r.load.before.join(', ')} before the setup, ${r.load.during.join(', ')} right after the rush (1-min samples during it: ${r.load.samples.join(', ')}). During the rush the server${INSTANCES > 1 ? 's' : ''} used ${r.cpu.serverCores.join(' + ')} cores and PostgreSQL (all its processes on this machine, other users' included) ${r.cpu.postgresCores}, this load generator ${r.cpu.benchCores}; the rest of the machine's ${r.meta.cores} cores went to other work.`,
    '',
    `The sale: one product with ${UNITS} units at 50 % off for the first ${USES} orders. ${SHOPPERS} shoppers, signed in with one unit in their carts (set up in ${r.setupSeconds} s, straight into the database), arrive evenly over ${SECONDS} s${SPLIT ? ', round-robin over the instances after the first, which serves only the reads (RUN_JOBS=false)' : INSTANCES > 1 ? ', round-robin over the instances' : ''} and check out with the figures their page showed; a 409 \`price_changed\` (the discount ran out) brings the new figures, and they check out again at the new price, as the checkout page lets them (after an \`offer_ended\` the page reads the cart first). Meanwhile ${READS} requests a second read the product's page (70 %) and search (30 %). Payments and texts go through the Daraja and Africa's Talking simulators (a process of their own, outside the servers whose CPU is counted); Daraja's pays each prompt after 500 ms.`,
    '',
    '| goal | result | |',
    '|---|---|---|',
    `| exactly ${UNITS} units sold | ${b.sold} sold, ${b.stock} on the shelf, ${b.held} held by unpaid orders | ${yes(r.goals.exactUnits!)} |`,
    `| exactly ${USES} uses taken | ${b.uses} counted, ${b.paidUses} held by paid orders | ${yes(r.goals.exactUses!)} |`,
    `| stock + held + sold = ${UNITS} | ${b.stock} + ${b.held} + ${b.sold} = ${b.stock + b.held + b.sold} | ${yes(r.goals.conserved!)} |`,
    `| every request answered (no 5xx, no timeout; refusals are 409s) | checkouts: ${Object.entries(
      r.checkouts.statuses,
    )
      .map(([k, v]) => `${v} × ${k}`)
      .join(
        ', ',
      )}; reads: ${r.reads.rush.sent} sent of the ${READS * SECONDS} the rate asks for (autocannon sends one request per connection at a time, so a slow server gets fewer), ${r.reads.rush.failures} not 200 | ${yes(r.goals.everyRequestAnswered!)} |`,
    `| checkout p99 ≤ ${GOALS.checkoutP99Ms} ms | p99 ${r.checkouts.latency.p99Ms} ms | ${yes(r.goals.checkoutP99!)} |`,
    `| product page p99 ≤ ${GOALS.productPageP99Ms} ms during the rush | p99 ${r.reads.rush.productPage.p99Ms} ms | ${yes(r.goals.productPageP99!)} |`,
    '',
    `Throughput: ${r.checkouts.placed} orders placed, the last ${r.checkouts.soldOutAfterS} s after the first shopper arrived (${r.checkouts.placedPerSecond} orders a second); ${r.checkouts.requests} checkout requests answered in ${r.rushSeconds} s (${r.checkouts.answeredPerSecond} a second). Orders by payment state after ${b.settleSeconds} s of settling: ${Object.entries(
      b.orders,
    )
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}.`,
    '',
    '| latency (ms) | p50 / p99 / max |',
    '|---|---:|',
    `| checkout | ${ms(r.checkouts.latency)} |`,
    ...Object.entries(r.checkouts.latencyByAnswer).map(
      ([answer, l]) => `| checkout answered ${answer} | ${ms(l)} |`,
    ),
    `| cart read before a second checkout (after an offer ended) | ${ms(r.checkouts.cartReads)} |`,
    `| product page, quiet (3 s before) | ${ms(r.reads.quiet.productPage)} |`,
    `| product page, during the rush | ${ms(r.reads.rush.productPage)} |`,
    `| search, quiet | ${ms(r.reads.quiet.search)} |`,
    `| search, during the rush | ${ms(r.reads.rush.search)} |`,
    '',
    `Overall: ${r.met ? 'every goal met' : 'goals missed (above)'}.`,
  ].join('\n');
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
