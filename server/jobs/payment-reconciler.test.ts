import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentAttempts } from '../db/schema';
import { createLogger } from '../lib/logger';
import { createDarajaClientFromEnv } from '../lib/payments/daraja';
import { paymentReconcilerJob } from './payment-reconciler';
import { startJobs } from './runner';
import {
  api,
  checkoutBody,
  checkoutWith,
  createProduct,
  idempotencyKey,
  phoneEnding,
  servedContextForFile,
  shopper,
  stockOf,
  waitForOrder,
} from '../test/shop';

// The reconciler as server/index.ts runs it: a job on a timer, with the expiry from PAYMENT_EXPIRY_MS.

const ctx = servedContextForFile({ PAYMENT_EXPIRY_MS: '1500', PAYMENT_QUERY_DELAY_MS: '100' });

describe('the payment reconciler', () => {
  it('expires an unanswered prompt after PAYMENT_EXPIRY_MS, returning the stock, and stops when told', async () => {
    const product = await createProduct(ctx.database.db, {
      variants: [{ name: 'Sack', price: 2_500, quantity: 2 }],
    });
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    await call.post('/cart', { item: { productId: product.productId, quantity: 2 } });
    const started = Date.now();
    const { data } = await (
      await checkoutWith(call, checkoutBody(phoneEnding('09')), idempotencyKey())
    ).json();
    expect(await stockOf(ctx.database.db, product.variantIds[0]!)).toBe(0);

    const logger = createLogger('silent');
    const reconciler = startJobs(
      [
        paymentReconcilerJob({
          db: ctx.database.db,
          daraja: createDarajaClientFromEnv(ctx.env),
          logger,
          queryDelayMs: ctx.env.PAYMENT_QUERY_DELAY_MS,
          intervalMs: 50,
        }),
      ],
      logger,
    );
    try {
      const done = await waitForOrder(
        ctx,
        s.token,
        data.orderId,
        (o) => o.paymentStatus !== 'pending',
        10_000,
      );
      expect(done).toMatchObject({ paymentStatus: 'expired', paymentIssue: 'no_answer' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
      expect(await stockOf(ctx.database.db, product.variantIds[0]!)).toBe(2);
      const [attempt] = await ctx.database.db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, data.orderId));
      // It asked Daraja in between (the prompt was still open), with backoff rather than every tick.
      expect(attempt!.checks).toBeGreaterThanOrEqual(2);
      expect(attempt!.checks).toBeLessThan(15);
    } finally {
      await reconciler.stop();
    }

    // Stopped: a new unanswered prompt stays pending past its expiry.
    await call.post('/cart', { item: { productId: product.productId, quantity: 1 } });
    const second = (
      await (
        await checkoutWith(call, checkoutBody(phoneEnding('09')), idempotencyKey())
      ).json()
    ).data;
    await new Promise((r) => setTimeout(r, 1_700));
    expect((await (await call.get(`/orders/${second.orderId}`)).json()).data.paymentStatus).toBe('pending');
  });
});
