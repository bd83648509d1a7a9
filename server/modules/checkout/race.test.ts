import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orders, paymentAttempts } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import type { StkQueryResult } from '../../lib/payments/daraja';
import { dbKind } from '../../test/harness';
import { reconcilePayments } from './reconciler';
import {
  api,
  checkoutBody,
  createProduct,
  idempotencyKey,
  phoneEnding,
  servedContext,
  shopper,
  stockOf,
  waitForOrder,
  type ServedContext,
} from '../../test/shop';

// Real concurrency needs PostgreSQL: run these under the server-pg project too (TEST_DATABASE_URL).
// On PGlite (one connection) the same requests are serialised, and the outcomes must be the same.

let ctx: ServedContext;
beforeAll(async () => {
  ctx = await servedContext();
});
afterAll(() => ctx.closeAll());

describe(`races (${dbKind})`, () => {
  it('lets exactly one of 50 shoppers checking out at once have the last unit', async () => {
    const product = await createProduct(ctx.database.db, {
      name: 'Last goat',
      variants: [{ name: 'Whole', price: 9_000, quantity: 1 }],
    });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper(ctx)));
    await ctx.database.db.insert(cartItems).values(
      shoppers.map((s) => ({
        userId: s.id,
        productId: product.productId,
        variantId: product.variantIds[0]!,
        quantity: 1,
      })),
    );
    const pushesBefore = ctx.pushes.length;
    const answers = await Promise.all(
      shoppers.map((s) =>
        api(ctx, s.token).post('/checkout', checkoutBody(phoneEnding('00')), {
          'Idempotency-Key': idempotencyKey(),
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const refused = await answers.find((r) => r.status === 409)!.json();
    expect(refused).toMatchObject({ code: 'out_of_stock' });
    expect(refused.message).toContain('Sorry, Last goat (Whole) just sold out.');
    expect(await stockOf(ctx.database.db, product.variantIds[0]!)).toBe(0);
    const placed = await ctx.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.userId,
          shoppers.map((s) => s.id),
        ),
      );
    expect(placed).toHaveLength(1);
    expect(ctx.pushes.length - pushesBefore).toBe(1);
    // The losers keep their carts.
    expect(
      await ctx.database.db.select().from(cartItems).where(eq(cartItems.productId, product.productId)),
    ).toHaveLength(49);
    const winner = shoppers.find((s) => s.id === placed[0]!.userId)!;
    await waitForOrder(ctx, winner.token, placed[0]!.id);
  });

  it('makes one order and one prompt of five clicks at once with the same Idempotency-Key', async () => {
    const product = await createProduct(ctx.database.db, {
      variants: [{ name: 'Bag', price: 300, quantity: 10 }],
    });
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    await call.post('/cart', { item: { productId: product.productId, quantity: 2 } });
    const key = idempotencyKey();
    const body = checkoutBody(phoneEnding('00'));
    const pushesBefore = ctx.pushes.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call.post('/checkout', body, { 'Idempotency-Key': key })),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).data.orderId as string)));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(4);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, s.id))).toHaveLength(1);
    expect(ctx.pushes.length - pushesBefore).toBe(1);
    expect(await stockOf(ctx.database.db, product.variantIds[0]!)).toBe(8);
    await waitForOrder(ctx, s.token, [...ids][0]!);
  });

  it('never doubles a guest line pushed from several tabs at once', async () => {
    const product = await createProduct(ctx.database.db, {
      variants: [{ name: 'Loaf', price: 65, quantity: 50 }],
    });
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    const push = (localItemId: string, quantity: number) =>
      call.post('/cart', { item: { productId: product.productId, quantity, localItemId } });
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => push('guest-line-a', 3)),
      ...Array.from({ length: 8 }, () => push('guest-line-b', 2)),
    ]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const rows = await ctx.database.db.select().from(cartItems).where(eq(cartItems.userId, s.id));
    expect(rows.map((r) => r.quantity)).toEqual([5]);
  });

  it('applies a payment callback sent 20 times at once exactly once', async () => {
    const product = await createProduct(ctx.database.db, {
      variants: [{ name: 'Crate', price: 1_200, quantity: 4 }],
    });
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    await call.post('/cart', { item: { productId: product.productId, quantity: 1 } });
    const { data } = await (
      await call.post('/checkout', checkoutBody(phoneEnding('09')), { 'Idempotency-Key': idempotencyKey() })
    ).json();
    const [attempt] = await ctx.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, data.orderId));
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: attempt!.merchantRequestId,
          CheckoutRequestID: attempt!.checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: data.total },
              { Name: 'MpesaReceiptNumber', Value: 'RACE123456' },
              { Name: 'TransactionDate', Value: 20251122101530 },
              { Name: 'PhoneNumber', Value: Number(attempt!.phone) },
            ],
          },
        },
      },
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.request(`/api/v1/payments/mpesa/callback/${ctx.env.MPESA_CALLBACK_SECRET}`, {
          method: 'POST',
          json: body,
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const [after] = await ctx.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attempt!.id));
    expect(after).toMatchObject({ status: 'paid', receipt: 'RACE123456' });
    const [o] = await ctx.database.db.select().from(orders).where(eq(orders.id, data.orderId));
    expect(o).toMatchObject({ paymentStatus: 'paid', stockReserved: true });
    expect(await stockOf(ctx.database.db, product.variantIds[0]!)).toBe(3);
  });

  it('lets two reconcilers side by side query each due attempt once (FOR UPDATE SKIP LOCKED)', async () => {
    const product = await createProduct(ctx.database.db, {
      variants: [{ name: 'Box', price: 100, quantity: 100 }],
    });
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    const orderIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      await call.post('/cart', { item: { productId: product.productId, quantity: 1 } });
      const res = await call.post('/checkout', checkoutBody(phoneEnding('09')), {
        'Idempotency-Key': idempotencyKey(),
      });
      orderIds.push((await res.json()).data.orderId);
    }
    await ctx.database.db
      .update(paymentAttempts)
      .set({ nextCheckAt: new Date(0) })
      .where(inArray(paymentAttempts.orderId, orderIds));
    const queried: string[] = [];
    const daraja = {
      async stkQuery(id: string): Promise<StkQueryResult> {
        queried.push(id);
        await new Promise((r) => setTimeout(r, 20));
        return { status: 'pending', checkoutRequestId: id };
      },
    };
    const run = () =>
      reconcilePayments({
        db: ctx.database.db,
        daraja,
        logger: createLogger('silent'),
        queryDelayMs: 60_000,
        intervalMs: 1_000,
        batch: 4,
      });
    const reports = await Promise.all([run(), run(), run()]);
    const mine = await ctx.database.db
      .select()
      .from(paymentAttempts)
      .where(inArray(paymentAttempts.orderId, orderIds));
    const ids = new Set(mine.map((a) => a.checkoutRequestId));
    const ours = queried.filter((q) => ids.has(q));
    expect(new Set(ours).size).toBe(ours.length);
    expect(ours.length).toBe(6);
    expect(reports.reduce((n, r) => n + r.claimed, 0)).toBeGreaterThanOrEqual(6);
    expect(mine.every((a) => a.checks === 1 && a.nextCheckAt.getTime() > Date.now())).toBe(true);
  });
});
