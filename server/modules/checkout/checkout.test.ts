import { and, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResult, Order as OrderSchema, OrderList } from '../../../contract/checkout';
import { createApp } from '../../app';
import { cartItems, orders, paymentAttempts, variants } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { deliveryFee, deliverySettings } from '../delivery/fee';
import { UNKNOWN_PUSH_MESSAGE } from './settlement';
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

// The whole flow over real HTTP: the app on an ephemeral port talks to its own Daraja simulator,
// which calls back into the app, as in development. Phone endings choose the outcome.

let ctx: ServedContext;
beforeAll(async () => {
  ctx = await servedContext({ PAYMENT_QUERY_DELAY_MS: '50' });
});
afterAll(() => ctx.closeAll());

interface Order {
  orderId: string;
  number: number;
  status: string;
  paymentStatus: string;
  paymentIssue: string | null;
  paymentMessage: string | null;
  canRetryPayment: boolean;
  total: number;
  subtotal: number;
  shippingRate: number;
  items: { name: string; price: number; quantity: number; totalPrice: number; variantId: string }[];
  payments: { status: string; issue: string | null; receipt: string | null; resultCode: number | null }[];
}

/** A shopper with `quantity` of a fresh product (`stock` units) in the cart. */
async function shopperWithCart({ stock = 5, quantity = 2, price = 480 } = {}) {
  const product = await createProduct(ctx.database.db, {
    variants: [{ name: '1 kg', price, quantity: stock }],
  });
  const s = await shopper(ctx);
  const call = api(ctx, s.token);
  const res = await call.post('/cart', { item: { productId: product.productId, quantity } });
  expect(res.status).toBe(200);
  return { ...s, call, product, variantId: product.variantIds[0]! };
}

async function checkout(call: ReturnType<typeof api>, body: unknown, key: string = idempotencyKey()) {
  return call.post('/checkout', body, { 'Idempotency-Key': key });
}

async function placed(call: ReturnType<typeof api>, phone: string) {
  const res = await checkout(call, checkoutBody(phone));
  expect(res.status).toBe(201);
  return (await res.json()).data as Order;
}

const order = async (token: string, orderId: string): Promise<Order> =>
  (await (await api(ctx, token).get(`/orders/${orderId}`)).json()).data;

const attemptsOf = (orderId: string) =>
  ctx.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));

/** Lets the reconciler look at the order's open attempt now (as if its next check were due). */
async function reconcileUntil(
  token: string,
  orderId: string,
  done: (o: Order) => boolean,
  timeoutMs = 10_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await ctx.database.db
      .update(paymentAttempts)
      .set({ nextCheckAt: new Date(0) })
      .where(
        and(eq(paymentAttempts.orderId, orderId), inArray(paymentAttempts.status, ['pending', 'unknown'])),
      );
    await ctx.reconcile();
    const o = await order(token, orderId);
    if (done(o)) return o;
    if (Date.now() > until) throw new Error(`order still ${o.paymentStatus}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const callback = (token: string, body: unknown) =>
  ctx.request(`/api/v1/payments/mpesa/callback/${token}`, { method: 'POST', json: body });

function stkCallback(
  checkoutRequestId: string,
  resultCode: number,
  meta?: { amount: number; receipt: string; phone: string },
) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: resultCode,
        ResultDesc:
          resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
        ...(meta
          ? {
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: meta.amount },
                  { Name: 'MpesaReceiptNumber', Value: meta.receipt },
                  { Name: 'Balance' },
                  { Name: 'TransactionDate', Value: 20251122101530 },
                  { Name: 'PhoneNumber', Value: Number(meta.phone) },
                ],
              },
            }
          : {}),
      },
    },
  };
}

describe('checkout', () => {
  it('places the order, empties the cart, takes the stock and sends one prompt for the total', async () => {
    const s = await shopperWithCart({ stock: 5, quantity: 2, price: 480 });
    const fee = deliveryFee({ lat: -1.2676, lng: 36.8108 }, deliverySettings(ctx.env));
    const res = await checkout(s.call, checkoutBody(phoneEnding('00')));
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(CheckoutResult.parse(data)).toEqual(data);
    expect(data).toMatchObject({
      status: 'new',
      paymentStatus: 'pending',
      paymentIssue: null,
      paymentMessage: null,
      total: 960 + fee,
    });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(3);
    expect((await (await s.call.get('/cart')).json()).data.Items).toEqual([]);
    const push = ctx.pushes.find(
      (p) => (p as { AccountReference: string }).AccountReference === `SKN${data.number}`,
    );
    expect(push).toMatchObject({ Amount: 960 + fee, TransactionType: 'CustomerPayBillOnline' });

    const paid = (await waitForOrder(ctx, s.token, data.orderId)) as Order;
    expect(OrderSchema.parse(paid)).toEqual(paid);
    expect(paid).toMatchObject({
      paymentStatus: 'paid',
      status: 'new',
      subtotal: 960,
      shippingRate: fee,
      total: 960 + fee,
      delivery: { areaId: 'westlands', areaName: 'Westlands', address: 'Mpaka Road, Block B, flat 4' },
      canRetryPayment: false,
    });
    expect(paid.items).toEqual([
      expect.objectContaining({ price: 480, quantity: 2, totalPrice: 960, variantId: s.variantId }),
    ]);
    expect(paid.payments).toHaveLength(1);
    expect(paid.payments[0]).toMatchObject({
      status: 'paid',
      resultCode: 0,
      receipt: expect.stringMatching(/^SIM/),
    });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(3);
  });

  it('freezes the prices of the order: a later price change does not touch it', async () => {
    const s = await shopperWithCart({ price: 300, quantity: 1 });
    const o = await placed(s.call, phoneEnding('00'));
    await ctx.database.db.update(variants).set({ price: 999 }).where(eq(variants.id, s.variantId));
    const after = await order(s.token, o.orderId);
    expect(after.items[0]).toMatchObject({ price: 300, totalPrice: 300 });
    expect(after.subtotal).toBe(300);
    await waitForOrder(ctx, s.token, o.orderId);
  });

  it('delivers to a point given by lat and lng, with its own fee', async () => {
    const s = await shopperWithCart({ price: 200, quantity: 1 });
    const point = { lat: -1.476, lng: 36.963 };
    const res = await checkout(s.call, {
      phone: phoneEnding('00'),
      address: 'Near the stage, Kitengela',
      ...point,
    });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    const detail = await waitForOrder(ctx, s.token, data.orderId);
    expect(detail.delivery).toEqual({
      areaId: null,
      areaName: null,
      address: 'Near the stage, Kitengela',
      ...point,
    });
    expect(detail.shippingRate).toBe(deliveryFee(point, deliverySettings(ctx.env)));
  });

  it('answers the same Idempotency-Key with the same order and no second prompt; another body is a 409', async () => {
    const s = await shopperWithCart();
    const key = idempotencyKey();
    const body = checkoutBody(phoneEnding('00'));
    const first = await checkout(s.call, body, key);
    const { data } = await first.json();
    const pushesBefore = ctx.pushes.length;
    const again = await checkout(s.call, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await again.json()).data.orderId).toBe(data.orderId);
    // The same number written another way is the same request.
    const samePhone = await checkout(s.call, { ...body, phone: `+254${body.phone.slice(1)}` }, key);
    expect((await samePhone.json()).data.orderId).toBe(data.orderId);
    const other = await checkout(s.call, { ...body, address: 'Somewhere else entirely' }, key);
    expect(other.status).toBe(409);
    expect((await other.json()).code).toBe('idempotency_key_reused');
    expect(ctx.pushes.length).toBe(pushesBefore);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, s.id))).toHaveLength(1);
    await waitForOrder(ctx, s.token, data.orderId);
  });

  it('refuses a missing or malformed key, an empty cart, a bad place and any price in the body', async () => {
    const s = await shopperWithCart();
    const body = checkoutBody(phoneEnding('00'));
    const noKey = await s.call.post('/checkout', body);
    expect(noKey.status).toBe(400);
    expect((await noKey.json()).message).toMatch(/idempotency-key/i);
    expect((await checkout(s.call, body, 'short')).status).toBe(400);
    const bad: [unknown, RegExp][] = [
      [{ ...body, total: 1 }, /Unrecognized key/i],
      [{ ...body, items: [{ price: 1 }] }, /Unrecognized key/i],
      [{ ...body, shippingRate: 0 }, /Unrecognized key/i],
      [{ ...body, phone: '0812 345 678' }, /Kenyan mobile number/],
      [{ ...body, deliveryAreaId: undefined }, /delivery area/],
      [{ ...body, lat: -1.3, lng: 36.8 }, /one of the two/],
      [{ ...body, deliveryAreaId: undefined, lat: 51.5, lng: -0.1 }, /only deliver within Kenya/],
      [{ ...body, address: '  ' }, /address/],
    ];
    for (const [b, message] of bad) {
      const res = await checkout(s.call, b);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    const unknownArea = await checkout(s.call, { ...body, deliveryAreaId: 'atlantis' });
    expect(unknownArea.status).toBe(400);
    expect((await unknownArea.json()).message).toMatch(/do not deliver to that area/);
    // Nothing was reserved by the refusals.
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(5);

    const empty = await shopper(ctx);
    const res = await checkout(api(ctx, empty.token), body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'cart_empty' });
  });

  it('refuses a line above the stock with a 409 naming the product, and reserves nothing', async () => {
    const s = await shopperWithCart({ stock: 3, quantity: 3 });
    const other = await createProduct(ctx.database.db, {
      name: 'Sukuma wiki',
      variants: [{ name: 'Bunch', price: 50, quantity: 4 }],
    });
    await s.call.post('/cart', { item: { productId: other.productId, quantity: 2 } });
    await ctx.database.db.update(variants).set({ quantity: 1 }).where(eq(variants.id, s.variantId));
    const res = await checkout(s.call, checkoutBody(phoneEnding('00')));
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.code).toBe('out_of_stock');
    expect(body.message).toContain(`only 1 of ${s.product.name} (1 kg) is left`);
    expect(await stockOf(ctx.database.db, other.variantIds[0]!)).toBe(4);
    expect(await ctx.database.db.select().from(cartItems).where(eq(cartItems.userId, s.id))).toHaveLength(2);
  });

  it('is in the OpenAPI document, with the cart, orders, saved items and callback', async () => {
    const doc = await (await ctx.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/cart',
        '/v1/cart/{itemId}',
        '/v1/checkout',
        '/v1/orders',
        '/v1/orders/{orderId}',
        '/v1/orders/{orderId}/pay',
        '/v1/payments/mpesa/callback/{secret}',
        '/v1/saved-items',
        '/v1/saved-items/{productId}',
        '/v1/setups/delivery-areas',
      ]),
    );
    const params = doc.paths['/v1/checkout'].post.parameters as {
      name: string;
      in: string;
      required: boolean;
    }[];
    expect(params).toContainEqual(
      expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true }),
    );
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Cart', 'CheckoutBody', 'Order', 'SavedItems']),
    );
  });

  it('is for shoppers: 401 without a token, 403 for an admin', async () => {
    expect((await checkout(api(ctx), checkoutBody(phoneEnding('00')))).status).toBe(401);
    const admin = await shopper(ctx, 'admin');
    expect((await checkout(api(ctx, admin.token), checkoutBody(phoneEnding('00')))).status).toBe(403);
    expect((await api(ctx, admin.token).get('/orders')).status).toBe(403);
  });
});

describe('every simulator outcome ends in the right state', () => {
  const failures: [string, string][] = [
    ['01', 'cancelled'],
    ['02', 'insufficient_funds'],
    ['03', 'wrong_pin'],
  ];
  for (const [ending, issue] of failures) {
    it(`…${ending}: failed (${issue}), the stock goes back and a retry is offered`, async () => {
      const s = await shopperWithCart({ stock: 4, quantity: 3 });
      const o = await placed(s.call, phoneEnding(ending));
      expect(await stockOf(ctx.database.db, s.variantId)).toBe(1);
      const done = (await waitForOrder(ctx, s.token, o.orderId)) as Order;
      expect(done).toMatchObject({ paymentStatus: 'failed', paymentIssue: issue, canRetryPayment: true });
      expect(done.paymentMessage).toBeTruthy();
      expect(done.payments[0]).toMatchObject({ status: 'failed', issue });
      expect(await stockOf(ctx.database.db, s.variantId)).toBe(4);
    });
  }

  it('…04: no callback; the reconciler asks Daraja and fails it (timeout), returning the stock', async () => {
    const s = await shopperWithCart({ stock: 2, quantity: 2 });
    const o = await placed(s.call, phoneEnding('04'));
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(0);
    const done = await reconcileUntil(s.token, o.orderId, (x) => x.paymentStatus !== 'pending');
    expect(done).toMatchObject({ paymentStatus: 'failed', paymentIssue: 'timeout' });
    expect(done.payments[0]).toMatchObject({ status: 'failed', resultCode: 1037 });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(2);
  });

  it('…05: three identical callbacks at once make one transition to paid', async () => {
    const s = await shopperWithCart({ stock: 5, quantity: 1 });
    const o = await placed(s.call, phoneEnding('05'));
    const done = (await waitForOrder(ctx, s.token, o.orderId)) as Order;
    expect(done.paymentStatus).toBe('paid');
    const [attempt] = await attemptsOf(o.orderId);
    const until = Date.now() + 5_000;
    const copies = () =>
      ctx.callbacks.filter(
        (c) =>
          (c as { Body: { stkCallback: { CheckoutRequestID: string } } }).Body.stkCallback
            .CheckoutRequestID === attempt!.checkoutRequestId,
      ).length;
    while (copies() < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(copies()).toBe(3);
    expect(await attemptsOf(o.orderId)).toEqual([
      expect.objectContaining({ status: 'paid', receipt: expect.any(String) }),
    ]);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(4);
  });

  it('…06: a callback with the wrong amount is never paid: needs_review, stock held', async () => {
    const s = await shopperWithCart({ stock: 5, quantity: 1 });
    const o = await placed(s.call, phoneEnding('06'));
    const done = (await waitForOrder(ctx, s.token, o.orderId)) as Order;
    expect(done).toMatchObject({
      paymentStatus: 'needs_review',
      paymentIssue: 'amount_mismatch',
      canRetryPayment: false,
    });
    const [attempt] = await attemptsOf(o.orderId);
    expect(attempt).toMatchObject({ status: 'needs_review', paidAmount: o.total - 1 });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(4);
    expect((await s.call.post(`/orders/${o.orderId}/pay`, {})).status).toBe(409);
  });

  it('…09 never answered: expired by the reconciler, stock back; a late payment still makes it paid', async () => {
    const s = await shopperWithCart({ stock: 3, quantity: 2 });
    const o = await placed(s.call, phoneEnding('09'));
    await ctx.database.db
      .update(paymentAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentAttempts.orderId, o.orderId));
    const expired = await reconcileUntil(s.token, o.orderId, (x) => x.paymentStatus !== 'pending');
    expect(expired).toMatchObject({
      paymentStatus: 'expired',
      paymentIssue: 'no_answer',
      canRetryPayment: true,
    });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(3);

    // The shopper finally presses Pay on the phone: the late callback is not lost.
    const [attempt] = await attemptsOf(o.orderId);
    const pressed = await ctx.request(`/api/dev/phone/prompts/${attempt!.checkoutRequestId}/pay`, {
      method: 'POST',
    });
    expect(pressed.status).toBe(200);
    const paid = (await waitForOrder(ctx, s.token, o.orderId, (x) => x.paymentStatus === 'paid')) as Order;
    expect(paid.payments[0]).toMatchObject({ status: 'paid' });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(1);
  });

  it('a late payment after the stock was sold elsewhere goes to review, never paid', async () => {
    const s = await shopperWithCart({ stock: 2, quantity: 2 });
    const o = await placed(s.call, phoneEnding('09'));
    await ctx.database.db
      .update(paymentAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentAttempts.orderId, o.orderId));
    await reconcileUntil(s.token, o.orderId, (x) => x.paymentStatus === 'expired');
    await ctx.database.db.update(variants).set({ quantity: 1 }).where(eq(variants.id, s.variantId));
    const [attempt] = await attemptsOf(o.orderId);
    await ctx.request(`/api/dev/phone/prompts/${attempt!.checkoutRequestId}/pay`, { method: 'POST' });
    const done = (await waitForOrder(ctx, s.token, o.orderId, (x) => x.paymentStatus !== 'expired')) as Order;
    expect(done).toMatchObject({ paymentStatus: 'needs_review', paymentIssue: 'paid_out_of_stock' });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(1);
  });
});

describe('the callback', () => {
  it('answers a wrong secret with 404, before reading the body', async () => {
    const res = await callback('not-the-secret', stkCallback('ws_CO_x', 0));
    expect(res.status).toBe(404);
    expect((await callback(`${ctx.env.MPESA_CALLBACK_SECRET}x`, 'garbage')).status).toBe(404);
  });

  it('refuses a body that is not a Daraja callback with 400, and logs it', async () => {
    for (const body of [{}, { Body: {} }, { Body: { stkCallback: { CheckoutRequestID: 'x' } } }]) {
      expect((await callback(ctx.env.MPESA_CALLBACK_SECRET, body)).status).toBe(400);
    }
    const warnings: string[] = [];
    const logger: Logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: (msg, fields) => void warnings.push(`${msg} ${JSON.stringify(fields)}`),
      error: () => undefined,
      child: () => logger,
    };
    const app = createApp({ env: ctx.env, database: ctx.database, logger });
    const path = `/api/v1/payments/mpesa/callback/${ctx.env.MPESA_CALLBACK_SECRET}`;
    const headers = { 'Content-Type': 'application/json' };
    expect((await app.request(path, { method: 'POST', headers, body: '{"Body":{}}' })).status).toBe(400);
    expect((await app.request(path, { method: 'POST', headers, body: 'not json' })).status).toBe(400);
    expect(warnings).toEqual([
      expect.stringMatching(/^mpesa callback refused .*Body\.stkCallback/),
      expect.stringMatching(/^mpesa callback refused .*not valid JSON/),
    ]);
  });

  it('acknowledges an unknown CheckoutRequestID and changes nothing', async () => {
    const res = await callback(
      ctx.env.MPESA_CALLBACK_SECRET,
      stkCallback(`ws_CO_${randomUUID()}`, 0, { amount: 10, receipt: 'UNK0000001', phone: '254700000000' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
  });

  it('marks a posted payment with the wrong amount needs_review, and the right one paid only once', async () => {
    const s = await shopperWithCart({ stock: 5, quantity: 1 });
    const o = await placed(s.call, phoneEnding('09'));
    const [attempt] = await attemptsOf(o.orderId);
    const phone = attempt!.phone;
    const wrong = await callback(
      ctx.env.MPESA_CALLBACK_SECRET,
      stkCallback(attempt!.checkoutRequestId!, 0, {
        amount: o.total + 100,
        receipt: `WRG${randomUUID().slice(0, 7)}`,
        phone,
      }),
    );
    expect(await wrong.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const after = await order(s.token, o.orderId);
    expect(after).toMatchObject({ paymentStatus: 'needs_review', paymentIssue: 'amount_mismatch' });
    // A later correct callback for the same prompt cannot make it paid: the attempt already moved.
    await callback(
      ctx.env.MPESA_CALLBACK_SECRET,
      stkCallback(attempt!.checkoutRequestId!, 0, {
        amount: o.total,
        receipt: `RGT${randomUUID().slice(0, 7)}`,
        phone,
      }),
    );
    expect((await order(s.token, o.orderId)).paymentStatus).toBe('needs_review');
  });

  it('applies the same failure callback sent 20 times at once exactly once (stock back once)', async () => {
    const s = await shopperWithCart({ stock: 6, quantity: 2 });
    const o = await placed(s.call, phoneEnding('09'));
    const [attempt] = await attemptsOf(o.orderId);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(4);
    const body = stkCallback(attempt!.checkoutRequestId!, 1032);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => callback(ctx.env.MPESA_CALLBACK_SECRET, body)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(6);
    expect((await order(s.token, o.orderId)).paymentStatus).toBe('failed');
  });
});

describe('paying again and reading orders', () => {
  it('retries a failed payment with a new prompt, re-taking the stock, and ends paid', async () => {
    const s = await shopperWithCart({ stock: 3, quantity: 3 });
    const o = await placed(s.call, phoneEnding('01'));
    await waitForOrder(ctx, s.token, o.orderId);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(3);
    const retry = await s.call.post(`/orders/${o.orderId}/pay`, { phone: phoneEnding('00') });
    expect(retry.status).toBe(201);
    expect((await retry.json()).data).toMatchObject({
      orderId: o.orderId,
      paymentStatus: 'pending',
      paymentMessage: null,
    });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(0);
    // At most one open prompt per order.
    const twice = await s.call.post(`/orders/${o.orderId}/pay`, {});
    expect(twice.status).toBe(409);
    const paid = (await waitForOrder(ctx, s.token, o.orderId)) as Order;
    expect(paid.paymentStatus).toBe('paid');
    expect(paid.payments.map((p) => p.status)).toEqual(['paid', 'failed']);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(0);
    const again = await s.call.post(`/orders/${o.orderId}/pay`, {});
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/already paid/);
  });

  it('refuses a retry when the stock went meanwhile, naming the product', async () => {
    const s = await shopperWithCart({ stock: 2, quantity: 2 });
    const o = await placed(s.call, phoneEnding('02'));
    await waitForOrder(ctx, s.token, o.orderId);
    await ctx.database.db.update(variants).set({ quantity: 1 }).where(eq(variants.id, s.variantId));
    const res = await s.call.post(`/orders/${o.orderId}/pay`, {});
    expect(res.status).toBe(409);
    expect((await res.json()).message).toContain(s.product.name);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(1);
    expect((await order(s.token, o.orderId)).paymentStatus).toBe('failed');
  });

  it("lists the shopper's own orders newest first, paginated, and hides other shoppers' orders", async () => {
    const s = await shopperWithCart({ quantity: 1 });
    const first = await placed(s.call, phoneEnding('00'));
    await waitForOrder(ctx, s.token, first.orderId);
    await s.call.post('/cart', { item: { productId: s.product.productId, quantity: 1 } });
    const second = await placed(s.call, phoneEnding('00'));
    await waitForOrder(ctx, s.token, second.orderId);
    const page = await (await s.call.get('/orders?limit=1')).json();
    expect(OrderList.parse(page)).toEqual(page);
    expect(page.meta).toEqual({ total: 2, limit: 1, offset: 0 });
    expect(page.data.map((o: Order) => o.orderId)).toEqual([second.orderId]);
    expect(page.data[0]).toMatchObject({ paymentStatus: 'paid', status: 'new', itemCount: 1 });
    const next = await (await s.call.get('/orders?limit=1&offset=1')).json();
    expect(next.data.map((o: Order) => o.orderId)).toEqual([first.orderId]);
    expect((await s.call.get('/orders?limit=0')).status).toBe(400);

    const stranger = await shopper(ctx);
    const theirs = api(ctx, stranger.token);
    expect((await theirs.get(`/orders/${first.orderId}`)).status).toBe(404);
    expect((await theirs.post(`/orders/${first.orderId}/pay`, {})).status).toBe(404);
    expect((await (await theirs.get('/orders')).json()).data).toEqual([]);
  });
});

describe('pending and unknown prompts', () => {
  it('says nothing special while a prompt is simply on its way', async () => {
    const s = await shopperWithCart({ quantity: 1 });
    const o = await placed(s.call, phoneEnding('09'));
    expect(o).toMatchObject({ paymentStatus: 'pending', paymentMessage: null });
    expect((await order(s.token, o.orderId)).paymentMessage).toBeNull();
    expect(UNKNOWN_PUSH_MESSAGE).toMatch(/slow to answer/);
  });
});
