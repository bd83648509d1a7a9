import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentAttempts } from '../db/schema';
import { createLogger } from '../lib/logger';
import type { StkQueryResult } from '../lib/payments/daraja';
import { raceEngine } from '../test/harness';
import { reconcilePayments } from './payment-reconciler';
import {
  api,
  checkoutBody,
  checkoutWith,
  createProduct,
  idempotencyKey,
  phoneEnding,
  servedContextForFile,
  shopper,
} from '../test/shop';

// Races (see raceEngine): reconcilers of several instances claiming the same due attempts.

// Six unpaid orders of one shopper: more than a shopper may hold (CHECKOUT_MAX_UNPAID_ORDERS).
const ctx = servedContextForFile({ CHECKOUT_MAX_UNPAID_ORDERS: '10' });

describe(`reconciler races (${raceEngine})`, () => {
  it('lets two reconcilers side by side query each due attempt once (FOR UPDATE SKIP LOCKED)', async () => {
    const product = await createProduct(ctx.database.db, {
      variants: [{ name: 'Box', price: 100, quantity: 100 }],
    });
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    const orderIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      await call.post('/cart', { item: { productId: product.productId, quantity: 1 } });
      const res = await checkoutWith(call, checkoutBody(phoneEnding('09')), idempotencyKey());
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
