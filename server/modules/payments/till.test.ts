import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../lib/logger';
import { startSimulatorServer, type SimulatorServer } from '../../test/daraja';
import { createTestContext, type TestContext } from '../../test/harness';
import {
  attemptsOf,
  orderOf,
  phoneEnding,
  placeOrder,
  postCallback,
  reconcileUntil,
  servedContextForFile,
  shopperWithCart,
  stockOf,
  waitForOrder,
  type TestOrder,
} from '../../test/shop';

// A shop paid on a Buy Goods till, end to end: the app talks to its own simulator, which plays the
// same till (both read MPESA_ACCOUNT_TYPE, MPESA_SHORTCODE and MPESA_TILL_NUMBER).

const STORE = '7654321';
const TILL = '5123456';

describe('a shop on a Buy Goods till', () => {
  const ctx = servedContextForFile({
    PAYMENT_QUERY_DELAY_MS: '50',
    MPESA_ACCOUNT_TYPE: 'till',
    MPESA_SHORTCODE: STORE,
    MPESA_TILL_NUMBER: TILL,
  });

  it('a checkout prompts a BuyGoods payment to the till, and the order is paid with its receipt', async () => {
    const s = await shopperWithCart(ctx, { stock: 3, quantity: 2 });
    const phone = phoneEnding('00');
    const o = await placeOrder(s.call, phone);
    const done = (await waitForOrder(ctx, s.token, o.orderId)) as TestOrder;
    expect(done).toMatchObject({ paymentStatus: 'paid', paymentIssue: null });
    expect(done.payments[0]!.receipt).toMatch(/^SIM[A-Z0-9]{7}$/);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(1);
    const sent = ctx.pushes.find(
      (p) => (p as { AccountReference?: string }).AccountReference === `SKN${o.number}`,
    );
    expect(sent).toMatchObject({
      TransactionType: 'CustomerBuyGoodsOnline',
      BusinessShortCode: STORE,
      PartyB: TILL,
      PartyA: `254${phone.slice(1)}`,
      Amount: o.total,
    });
  });

  it('a prompt nobody answers (…04) is settled by the STK query the till signs', async () => {
    const s = await shopperWithCart(ctx, { stock: 2, quantity: 1 });
    const o = await placeOrder(s.call, phoneEnding('04'));
    const done = await reconcileUntil(ctx, s.token, o.orderId, (x) => x.paymentStatus !== 'pending');
    expect(done).toMatchObject({ paymentStatus: 'failed', paymentIssue: 'timeout' });
    expect(done.payments[0]).toMatchObject({ status: 'failed', resultCode: 1037 });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(2);
  });
});

describe('a shop configured as a paybill whose M-Pesa account is a till', () => {
  let till: SimulatorServer;
  let ctx: TestContext;
  const errors: { msg: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: (msg, fields) => void errors.push({ msg, fields }),
    child: () => logger,
  };

  beforeAll(async () => {
    till = await startSimulatorServer({ accountType: 'till', shortcode: STORE, tillNumber: TILL });
    // The operator forgot MPESA_ACCOUNT_TYPE=till: the app pushes PayBill to the store number.
    ctx = await createTestContext(
      { MPESA_BASE_URL: till.baseUrl, MPESA_SHORTCODE: STORE, MPESA_TIMEOUT_MS: '5000' },
      { logger },
    );
  });
  afterAll(async () => {
    await ctx.close();
    await till.close();
  });

  it('fails the payment as "could not be sent", returns the stock, and tells the operator why', async () => {
    const s = await shopperWithCart(ctx, { stock: 4, quantity: 3 });
    const o = await placeOrder(s.call, phoneEnding('00'));
    const order = await orderOf(ctx, s.token, o.orderId);
    expect(order).toMatchObject({
      paymentStatus: 'failed',
      paymentIssue: 'mpesa_unavailable',
      canRetryPayment: true,
    });
    expect(order.paymentMessage).not.toMatch(/TransactionType|Daraja|till/i);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(4);
    const [attempt] = await attemptsOf(ctx, o.orderId);
    expect(attempt).toMatchObject({ status: 'failed', checkoutRequestId: null });
    expect(till.simulator.prompts()).toHaveLength(0);
    expect(errors).toEqual([
      {
        msg: expect.stringMatching(
          /^stk push refused: the M-Pesa configuration is wrong \(check MPESA_ACCOUNT_TYPE/,
        ),
        fields: expect.objectContaining({
          attemptId: attempt!.id,
          kind: 'auth',
          rawCode: '400.002.02',
          rawMessage: 'Bad Request - Invalid TransactionType',
          httpStatus: 400,
        }),
      },
    ]);
  });
});

describe('a push Daraja accepted and then failed with a system code (SFC_IC0003)', () => {
  let daraja: SimulatorServer;
  let ctx: TestContext;
  const errors: { msg: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: (msg, fields) => void errors.push({ msg, fields }),
    child: () => logger,
  };

  beforeAll(async () => {
    daraja = await startSimulatorServer();
    ctx = await createTestContext({ MPESA_BASE_URL: daraja.baseUrl, MPESA_TIMEOUT_MS: '5000' }, { logger });
  });
  afterAll(async () => {
    await ctx.close();
    await daraja.close();
  });

  // What the live Daraja has been seen to do with a PayBill push to a till: accept it, then call back
  // with "The operator does not exist" under a code that is not a number.
  it('fails the payment with the code kept for the shop, returns the stock, and logs the likely cause', async () => {
    const s = await shopperWithCart(ctx, { stock: 3, quantity: 2 });
    const o = await placeOrder(s.call, phoneEnding('09'));
    const [attempt] = await attemptsOf(ctx, o.orderId);
    expect(attempt!.checkoutRequestId).toMatch(/^ws_CO_/);
    const res = await postCallback(ctx, ctx.env.MPESA_CALLBACK_SECRET, {
      Body: {
        stkCallback: {
          MerchantRequestID: attempt!.merchantRequestId,
          CheckoutRequestID: attempt!.checkoutRequestId,
          ResultCode: 'SFC_IC0003',
          ResultDesc: 'The operator does not exist.',
        },
      },
    });
    expect(res.status).toBe(200);
    const order = await orderOf(ctx, s.token, o.orderId);
    expect(order).toMatchObject({ paymentStatus: 'failed', paymentIssue: 'unknown', canRetryPayment: true });
    expect(order.payments[0]).toMatchObject({ status: 'failed', resultCode: -1 });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(3);
    const [stored] = await attemptsOf(ctx, o.orderId);
    expect(stored!.resultDesc).toBe('[SFC_IC0003] The operator does not exist.');
    expect(errors).toEqual([
      {
        msg: expect.stringMatching(/system code: .*check MPESA_ACCOUNT_TYPE/),
        fields: expect.objectContaining({ attemptId: attempt!.id, resultCode: -1 }),
      },
    ]);
  });
});
