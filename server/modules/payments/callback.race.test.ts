import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, paymentAttempts } from '../../db/schema';
import { raceEngine } from '../../test/harness';
import {
  api,
  attemptsOf,
  checkoutBody,
  checkoutWith,
  createProduct,
  idempotencyKey,
  orderOf,
  phoneEnding,
  placeOrder,
  postCallback,
  servedContextForFile,
  shopper,
  shopperWithCart,
  stkCallback,
  stockOf,
  waitForOrder,
  type TestOrder,
} from '../../test/shop';

// Races (see raceEngine): the same Daraja callback arriving many times at once is applied once.

const ctx = servedContextForFile({ PAYMENT_QUERY_DELAY_MS: '50' });

describe(`callback races (${raceEngine})`, () => {
  it('…05: three identical callbacks at once make one transition to paid', async () => {
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 1 });
    const o = await placeOrder(s.call, phoneEnding('05'));
    const done = (await waitForOrder(ctx, s.token, o.orderId)) as TestOrder;
    expect(done.paymentStatus).toBe('paid');
    const [attempt] = await attemptsOf(ctx, o.orderId);
    const until = Date.now() + 5_000;
    const copies = () =>
      ctx.callbacks.filter(
        (c) =>
          (c as { Body: { stkCallback: { CheckoutRequestID: string } } }).Body.stkCallback
            .CheckoutRequestID === attempt!.checkoutRequestId,
      ).length;
    while (copies() < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(copies()).toBe(3);
    expect(await attemptsOf(ctx, o.orderId)).toEqual([
      expect.objectContaining({ status: 'paid', receipt: expect.any(String) }),
    ]);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(4);
  });

  it('applies the same failure callback sent 20 times at once exactly once (stock back once)', async () => {
    const s = await shopperWithCart(ctx, { stock: 6, quantity: 2 });
    const o = await placeOrder(s.call, phoneEnding('09'));
    const [attempt] = await attemptsOf(ctx, o.orderId);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(4);
    const body = stkCallback(attempt!.checkoutRequestId!, 1032);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postCallback(ctx, ctx.env.MPESA_CALLBACK_SECRET, body)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(6);
    expect((await orderOf(ctx, s.token, o.orderId)).paymentStatus).toBe('failed');
  });

  it('applies a payment callback sent 20 times at once exactly once', async () => {
    const product = await createProduct(ctx.database.db, {
      variants: [{ name: 'Crate', price: 1_200, quantity: 4 }],
    });
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    await call.post('/cart', { item: { productId: product.productId, quantity: 1 } });
    const { data } = await (
      await checkoutWith(call, checkoutBody(phoneEnding('09')), idempotencyKey())
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
});
