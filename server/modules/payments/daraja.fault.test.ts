import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAttempts } from '../../db/schema';
import { listen, type Listening } from '../../test/daraja';
import { createLogger } from '../../lib/logger';
import { createDarajaClientFromEnv } from '../../lib/payments/daraja';
import { UNKNOWN_PUSH_MESSAGE } from '../../../contract/payments';
import { reconcilePayments } from '../../jobs/payment-reconciler';
import { createTestContext, raceEngine, type TestContext } from '../../test/harness';
import {
  api,
  checkoutBody,
  checkoutWith,
  createProduct,
  idempotencyKey,
  phoneEnding,
  shopper,
  stockOf,
} from '../../test/shop';

// Faults (see raceEngine): Daraja down or slow while the shopper checks out. The order is kept, the
// answer says what happened, and no reservation is ever left without an owner that will give it back.

async function setup(ctx: TestContext, stock = 3) {
  const product = await createProduct(ctx.database.db, {
    variants: [{ name: 'Tray of 30', price: 450, quantity: stock }],
  });
  const s = await shopper(ctx);
  const call = api(ctx, s.token);
  await call.post('/cart', { item: { productId: product.productId, quantity: 2 } });
  return { ...s, call, variantId: product.variantIds[0]! };
}

describe(`Daraja down, connection refused (${raceEngine})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there, so connections are refused.
    const gone = await listen(() => new Response());
    await gone.close();
    ctx = await createTestContext({
      MPESA_BASE_URL: `${gone.origin}/api/dev/daraja`,
      MPESA_TIMEOUT_MS: '2000',
    });
  });
  afterAll(() => ctx.close());

  it('keeps the order with its payment failed, says so, and returns the stock at once', async () => {
    const s = await setup(ctx);
    const res = await checkoutWith(s.call, checkoutBody(phoneEnding('00')), idempotencyKey());
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({ paymentStatus: 'failed', paymentIssue: 'mpesa_unavailable', status: 'new' });
    expect(data.paymentMessage).toMatch(/M-Pesa is not answering/);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(3);
    const detail = (await (await s.call.get(`/orders/${data.orderId}`)).json()).data;
    expect(detail).toMatchObject({
      canRetryPayment: true,
      payments: [{ status: 'failed', issue: 'mpesa_unavailable' }],
    });
    // Retrying while Daraja is still down fails the same clean way, holding nothing.
    const retry = await s.call.post(`/orders/${data.orderId}/pay`, {});
    expect(retry.status).toBe(201);
    expect((await retry.json()).data.paymentStatus).toBe('failed');
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(3);
  });
});

describe(`Daraja slow, the push times out (${raceEngine})`, () => {
  let ctx: TestContext;
  let slow: Listening;
  beforeAll(async () => {
    // Answers OAuth at once, then sits on every STK push longer than MPESA_TIMEOUT_MS.
    slow = await listen(async (req) => {
      if (new URL(req.url).pathname.endsWith('/oauth/v1/generate')) {
        return Response.json({ access_token: 'slow-token', expires_in: '3599' });
      }
      await new Promise((r) => setTimeout(r, 1_500));
      return Response.json({ errorCode: '500.003.02', errorMessage: 'too late' }, { status: 500 });
    });
    ctx = await createTestContext({
      MPESA_BASE_URL: slow.origin,
      MPESA_TIMEOUT_MS: '300',
      PAYMENT_EXPIRY_MS: '600000',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await slow.close();
  });

  it('answers with the order still pending and a clear message; the reconciler later expires it and returns the stock', async () => {
    const s = await setup(ctx);
    const res = await checkoutWith(s.call, checkoutBody(phoneEnding('00')), idempotencyKey());
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({ paymentStatus: 'pending', paymentMessage: UNKNOWN_PUSH_MESSAGE });
    const [attempt] = await ctx.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, data.orderId));
    expect(attempt).toMatchObject({ status: 'unknown', checkoutRequestId: null });
    expect(attempt!.expiresAt.getTime() - attempt!.createdAt.getTime()).toBe(600_000);
    // The prompt may still reach the phone, so the units stay held until the attempt expires…
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(1);
    // …and a second prompt is refused meanwhile (at most one open attempt).
    expect((await s.call.post(`/orders/${data.orderId}/pay`, {})).status).toBe(409);

    const reconcile = () =>
      reconcilePayments({
        db: ctx.database.db,
        daraja: createDarajaClientFromEnv(ctx.env),
        logger: createLogger('silent'),
        queryDelayMs: 50,
        intervalMs: 50,
      });
    await ctx.database.db
      .update(paymentAttempts)
      .set({ nextCheckAt: new Date(0) })
      .where(eq(paymentAttempts.id, attempt!.id));
    expect(await reconcile()).toMatchObject({ claimed: 1, expired: 0 });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(1);

    await ctx.database.db
      .update(paymentAttempts)
      .set({ nextCheckAt: new Date(0), expiresAt: new Date(Date.now() - 1) })
      .where(eq(paymentAttempts.id, attempt!.id));
    expect(await reconcile()).toMatchObject({ claimed: 1, expired: 1 });
    const detail = (await (await s.call.get(`/orders/${data.orderId}`)).json()).data;
    expect(detail).toMatchObject({
      paymentStatus: 'expired',
      paymentIssue: 'no_answer',
      canRetryPayment: true,
    });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(3);
  });

  it('still finds the order when the payment callback names a prompt whose push answer never arrived', async () => {
    const s = await setup(ctx);
    const res = await checkoutWith(s.call, checkoutBody(phoneEnding('00')), idempotencyKey());
    const { data } = await res.json();
    const [attempt] = await ctx.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, data.orderId));
    expect(attempt).toMatchObject({ status: 'unknown', checkoutRequestId: null });
    const post = (amount: number, id: string) =>
      ctx.request(`/api/v1/payments/mpesa/callback/${ctx.env.MPESA_CALLBACK_SECRET}`, {
        method: 'POST',
        json: {
          Body: {
            stkCallback: {
              MerchantRequestID: '1-2-3',
              CheckoutRequestID: id,
              ResultCode: 0,
              ResultDesc: 'The service request is processed successfully.',
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: amount },
                  { Name: 'MpesaReceiptNumber', Value: `ADP${id.slice(-7)}` },
                  { Name: 'PhoneNumber', Value: Number(attempt!.phone) },
                ],
              },
            },
          },
        },
      });
    // Another amount from that phone is not this order's prompt: ignored.
    expect((await post(attempt!.amount + 5, 'ws_CO_other0000001')).status).toBe(200);
    expect((await (await s.call.get(`/orders/${data.orderId}`)).json()).data.paymentStatus).toBe('pending');
    expect((await post(attempt!.amount, 'ws_CO_adopted000001')).status).toBe(200);
    const detail = (await (await s.call.get(`/orders/${data.orderId}`)).json()).data;
    expect(detail).toMatchObject({
      paymentStatus: 'paid',
      payments: [{ status: 'paid', receipt: 'ADPd000001' }],
    });
    const [after] = await ctx.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attempt!.id));
    expect(after!.checkoutRequestId).toBe('ws_CO_adopted000001');
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(1);
  });

  it('treats a Daraja that cannot even issue a token as down: failed at once, nothing held', async () => {
    const tokenless = await listen(async () => {
      await new Promise((r) => setTimeout(r, 1_500));
      return new Response('late');
    });
    const tctx = await createTestContext({ MPESA_BASE_URL: tokenless.origin, MPESA_TIMEOUT_MS: '300' });
    try {
      const s = await setup(tctx);
      const res = await checkoutWith(s.call, checkoutBody(phoneEnding('00')), idempotencyKey());
      expect((await res.json()).data).toMatchObject({
        paymentStatus: 'failed',
        paymentIssue: 'mpesa_unavailable',
      });
      expect(await stockOf(tctx.database.db, s.variantId)).toBe(3);
    } finally {
      await tctx.close();
      await tokenless.close();
    }
  });
});
