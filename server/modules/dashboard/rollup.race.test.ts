import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../contract/checkout';
import { DAY_MS } from '../../../contract/dashboard-rules';
import { nairobiDayStart } from '../../../contract/nairobi-time';
import { orderItems, orders } from '../../db/schema';
import { createUser } from '../../test/auth';
import { directFigures, figuresOf } from '../../test/dashboard-oracle';
import { dbKind, raceEngine } from '../../test/harness';
import {
  api,
  checkoutBody,
  checkoutWith,
  createProduct,
  idempotencyKey,
  phoneEnding,
  servedContextForFile,
  shopper,
  waitForOrder,
  type TestProduct,
} from '../../test/shop';
import { compactDashboard } from './rollup';
import { getDashboard } from './service';

// The dashboard read from the rollup (plus the deltas not yet compacted) against the figures
// worked out straight from the orders (server/test/dashboard-oracle.ts), after random writes, some
// at once, with compactions anywhere among them. Races (see raceEngine): on PostgreSQL the writes
// and compactions of a step really run at once. The clock is frozen at noon in Nairobi on 15 March
// 2026; every instant the tests write is set from it.

const NOW = new Date('2026-03-15T09:00:00Z');
const TODAY = nairobiDayStart('2026-03-15').getTime();
const WINDOW_START = TODAY - 59 * DAY_MS;
const SALES_FROM = TODAY - 29 * DAY_MS;
const END = TODAY + DAY_MS;
/** Paid instants on and around every edge the figures have, and anywhere in the 65 days before. */
const paidAt = fc.oneof(
  fc.constantFrom(
    ...[WINDOW_START, SALES_FROM, TODAY, END].flatMap((t) => [t - 1000, t]),
    NOW.getTime(),
    END - 1000,
  ),
  fc.integer({ min: TODAY - 65 * DAY_MS, max: END }),
);

const ctx = servedContextForFile({ CHECKOUT_MAX_UNPAID_ORDERS: '50' });

let userId: string;
let products: TestProduct[];
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  userId = (await createUser(ctx.database.db)).id;
  products = [];
  for (let i = 0; i < 3; i++) products.push(await createProduct(ctx.database.db));
});
afterAll(() => vi.useRealTimers());

const pendingDeltas = async () =>
  (
    (await ctx.database.db.execute(sql`select count(*)::int as n from dashboard_deltas`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

const expectRollupEqualsDirect = async () =>
  expect(figuresOf(await getDashboard(ctx.database.db, NOW))).toEqual(
    await directFigures(ctx.database.db, NOW),
  );

type Line = [product: number | null, quantity: number, unitPrice: number];
const line = fc.tuple(
  fc.option(fc.nat(2), { nil: null }),
  fc.integer({ min: 1, max: 4 }),
  fc.constantFrom(50, 120),
);
const pick = fc.nat(1000);
const atOnce = [
  fc.record({
    t: fc.constant('create' as const),
    status: fc.constantFrom(...ORDER_STATUSES),
    payment: fc.constantFrom(...PAYMENT_STATUSES),
    paidAt: fc.option(paidAt, { nil: null }),
    lines: fc.array(line, { maxLength: 3 }),
  }),
  fc.record({ t: fc.constant('pay' as const), order: pick, paidAt }),
  fc.record({
    t: fc.constant('payment' as const),
    order: pick,
    payment: fc.constantFrom(...PAYMENT_STATUSES),
    keepPaidAt: fc.boolean(),
  }),
  fc.record({ t: fc.constant('status' as const), order: pick, status: fc.constantFrom(...ORDER_STATUSES) }),
  fc.record({ t: fc.constant('refund' as const), order: pick }),
  fc.record({ t: fc.constant('line' as const), order: pick, line }),
  fc.record({ t: fc.constant('compact' as const), batch: fc.integer({ min: 1, max: 50 }) }),
];
// Deleting an order while its lines change may deadlock (both wait on the other's rows, and one is
// rolled back): the shop does neither, so deletes run on their own.
const drop = fc.record({ t: fc.constant('drop' as const), order: pick });
const write = fc.oneof(...atOnce, drop);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;
const step = fc.oneof(
  { weight: 3, arbitrary: write },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('together' as const),
      writes: fc.array(fc.oneof(...atOnce), { minLength: 2, maxLength: 5 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('check' as const) }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const ids: string[] = [];
const orderAt = (n: number) => ids[n % ids.length];

async function run(w: Write) {
  const db = ctx.database.db;
  const lineValues = (orderId: string, [p, quantity, unitPrice]: Line) => {
    const product = p === null ? null : products[p]!;
    return {
      orderId,
      productId: product?.productId ?? null,
      variantId: product?.variantIds[0] ?? null,
      productPid: product?.pid ?? 'SKN-GONE',
      name: product?.name ?? 'A product since deleted',
      variantName: 'Regular',
      unitPrice,
      quantity,
      totalPrice: unitPrice * quantity,
    };
  };
  if (w.t === 'create') {
    // As a checkout writes it: the order, then its lines, in one transaction.
    const id = await db.transaction(async (tx) => {
      const [o] = await tx
        .insert(orders)
        .values({
          userId,
          idempotencyKey: randomUUID(),
          requestHash: 'rollup',
          status: w.status,
          paymentStatus: w.payment,
          subtotal: 500,
          shippingRate: 100,
          total: 600,
          phone: '254712345678',
          address: 'Mpaka Road',
          lat: -1.26,
          lng: 36.8,
          paidAt: w.paidAt === null ? null : new Date(w.paidAt),
          createdAt: NOW,
        })
        .returning({ id: orders.id });
      if (w.lines.length) await tx.insert(orderItems).values(w.lines.map((l) => lineValues(o!.id, l)));
      return o!.id;
    });
    ids.push(id);
    return;
  }
  if (w.t === 'compact') {
    await compactDashboard(db, w.batch);
    return;
  }
  const id = orderAt(w.order);
  if (!id) return;
  const where = eq(orders.id, id);
  if (w.t === 'pay')
    await db
      .update(orders)
      .set({ paymentStatus: 'paid', paidAt: new Date(w.paidAt) })
      .where(where);
  else if (w.t === 'payment')
    await db
      .update(orders)
      .set({ paymentStatus: w.payment, ...(w.keepPaidAt ? {} : { paidAt: null }) })
      .where(where);
  else if (w.t === 'status') await db.update(orders).set({ status: w.status }).where(where);
  else if (w.t === 'refund')
    await db
      .update(orders)
      .set({ status: 'cancelled', refundStatus: 'refunded', refundAmount: 600, refundedAt: NOW })
      .where(where);
  else if (w.t === 'line') {
    const [first] = await db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .limit(1);
    const { orderId: _, ...values } = lineValues(id, w.line);
    if (first) await db.update(orderItems).set(values).where(eq(orderItems.id, first.id));
    else await db.insert(orderItems).values(lineValues(id, w.line));
  } else if (w.t === 'drop') {
    await db.delete(orders).where(where);
    ids.splice(ids.indexOf(id), 1);
  }
}

describe(`the dashboard from the rollup (${raceEngine})`, () => {
  it('equals the figures worked out from the orders after any writes, at once or not, compacted or not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps: Step[]) => {
        for (const s of steps) {
          if (s.t === 'check') await expectRollupEqualsDirect();
          else if (s.t === 'together') {
            await Promise.all(s.writes.map(run));
            await expectRollupEqualsDirect();
          } else await run(s);
        }
        await expectRollupEqualsDirect();
      }),
      { numRuns: dbKind === 'postgres' ? 40 : 20, seed: 2026_03_15, endOnFailure: true },
    );
    // Compacted to the last delta, it is the same figures, read from the rollup alone.
    while ((await compactDashboard(ctx.database.db, 7)) > 0);
    expect(await pendingDeltas()).toBe(0);
    await expectRollupEqualsDirect();
  });

  it('counts real checkouts placed and paid at once, with the compaction running through them', async () => {
    const product = await createProduct(ctx.database.db, {
      variants: [{ name: 'Bag', price: 250, quantity: 500 }],
    });
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => shopper(ctx)));
    let compacting = true;
    const compactions = (async () => {
      let passes = 0;
      while (compacting) {
        await compactDashboard(ctx.database.db, 3);
        passes++;
        await new Promise((r) => setTimeout(r, 5));
      }
      return passes;
    })();
    // Each shopper checks out twice at once: paid (…00), cancelled by the shopper (…01).
    const placed = await Promise.all(
      shoppers.flatMap((s) =>
        ['00', '01'].map(async (ending) => {
          const call = api(ctx, s.token);
          await call.post('/cart', { item: { productId: product.productId, quantity: 2 } });
          const res = await checkoutWith(call, checkoutBody(phoneEnding(ending)), idempotencyKey());
          return { token: s.token, res };
        }),
      ),
    );
    const created = placed.filter((p) => p.res.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(shoppers.length);
    for (const p of created) await waitForOrder(ctx, p.token, (await p.res.json()).data.orderId);
    compacting = false;
    expect(await compactions).toBeGreaterThan(0);
    const d = await getDashboard(ctx.database.db, NOW);
    expect(d.bestSellers.find((b) => b.productId === product.productId)?.units).toBeGreaterThan(0);
    await expectRollupEqualsDirect();
  });

  it.runIf(dbKind === 'postgres')(
    'lets a checkout and a payment commit while another checkout’s transaction is still open',
    async () => {
      const db = ctx.database.db;
      let commit = () => {};
      const committing = new Promise<void>((r) => (commit = r));
      let written = () => {};
      const holding = new Promise<void>((r) => (written = r));
      // A checkout that has written its order, lines and payment (so its deltas) and not committed.
      const open = db.transaction(async (tx) => {
        const [o] = await tx
          .insert(orders)
          .values({
            userId,
            idempotencyKey: randomUUID(),
            requestHash: 'rollup',
            subtotal: 500,
            shippingRate: 100,
            total: 600,
            phone: '254712345678',
            address: 'Mpaka Road',
            lat: -1.26,
            lng: 36.8,
          })
          .returning({ id: orders.id });
        await tx.insert(orderItems).values({
          orderId: o!.id,
          productId: products[0]!.productId,
          variantId: products[0]!.variantIds[0]!,
          productPid: products[0]!.pid,
          name: products[0]!.name,
          variantName: 'Regular',
          unitPrice: 500,
          quantity: 1,
          totalPrice: 500,
        });
        await tx.update(orders).set({ paymentStatus: 'paid', paidAt: NOW }).where(eq(orders.id, o!.id));
        written();
        await committing;
      });
      await holding;
      try {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const others = (async () => {
          await run({ t: 'create', status: 'new', payment: 'pending', paidAt: null, lines: [[0, 1, 50]] });
          await run({ t: 'pay', order: ids.length - 1, paidAt: NOW.getTime() });
          await compactDashboard(db);
          await expectRollupEqualsDirect();
        })();
        await Promise.race([
          others,
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('waited for the open checkout to commit')), 5_000);
          }),
        ]).finally(() => clearTimeout(timer));
      } finally {
        commit();
        await open;
      }
      expect(await pendingDeltas()).toBeGreaterThan(0);
      await expectRollupEqualsDirect();
    },
  );
});
