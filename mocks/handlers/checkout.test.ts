// @vitest-environment node
import { shownFigures } from '../../contract/checkout-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Cart } from '../../contract/cart';
import { CheckoutConflict, CheckoutResult, Order, OrderList } from '../../contract/checkout';
import { envelope, ErrorBody } from '../../contract/common';
import { DEMO_USERS, findUserById, issueMockToken } from '../auth-db';
import { commerceSettings } from '../commerce-db';
import { mockDb } from '../db';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { cartHandlers } from './cart';
import { checkoutHandlers } from './checkout';
import { deliveryHandlers } from './delivery';
import { ordersHandlers } from './orders';

serveMocks(...deliveryHandlers, ...cartHandlers, ...checkoutHandlers, ...ordersHandlers);
afterEach(() => vi.useRealTimers());

const shopperToken = () => tokenOf('shopper');

const call = (
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => mockFetch(method, path, body, { token, headers });

const product = (name: string) => mockDb.catalogue.products.find((p) => p.name === name)!;

async function fillCart(token: string) {
  await call('POST', '/v1/cart', token, { item: { productId: product('Omena').id, quantity: 2 } });
  await call('POST', '/v1/cart', token, { item: { productId: product('Hass avocado').id, quantity: 1 } });
  const res = await call('GET', '/v1/cart?deliveryAreaId=westlands', token);
  return envelope(Cart).parse(await res.json()).data;
}

/** The checkout body as the page sends it: with the figures the cart shows now. */
async function checkoutBody(token: string, phone: string) {
  const res = await call('GET', '/v1/cart?deliveryAreaId=westlands', token);
  const cart = envelope(Cart).parse(await res.json()).data;
  return {
    phone,
    deliveryAreaId: 'westlands',
    address: 'Mpaka Road, Apt 4B',
    shown: shownFigures(cart),
  };
}

async function checkout(token: string, phone: string, key = crypto.randomUUID()) {
  const res = await call('POST', '/v1/checkout', token, await checkoutBody(token, phone), {
    'Idempotency-Key': key,
  });
  expect(res.status).toBe(201);
  return { res, result: envelope(CheckoutResult).parse(await res.json()).data };
}

async function order(token: string, orderId: string) {
  const res = await call('GET', `/v1/orders/${orderId}`, token);
  expect(res.status).toBe(200);
  return envelope(Order).parse(await res.json()).data;
}

describe('mock checkout and orders API', () => {
  it('places the order at the cart total plus shipping, empties the cart, and the payment becomes paid', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = shopperToken();
    const cart = await fillCart(token);
    const omenaStock = product('Omena').variants[0]!.quantity;
    const { result } = await checkout(token, '0712 345 600');
    expect(result).toMatchObject({
      status: 'new',
      paymentStatus: 'pending',
      paymentMessage: null,
      total: cart.total,
    });
    expect(cart.total).toBe(cart.Items.reduce((s, i) => s + i.totalPrice, 0) + cart.shippingRate);
    expect(product('Omena').variants[0]!.quantity).toBe(omenaStock - 2);
    const after = envelope(Cart).parse(await (await call('GET', '/v1/cart', token)).json()).data;
    expect(after.Items).toEqual([]);

    let o = await order(token, result.orderId);
    expect(o).toMatchObject({
      paymentStatus: 'pending',
      canRetryPayment: false,
      phone: '0712 345 600',
      shippingRate: cart.shippingRate,
    });
    expect(o.delivery).toMatchObject({
      areaId: 'westlands',
      areaName: 'Westlands',
      address: 'Mpaka Road, Apt 4B',
    });
    vi.setSystemTime(Date.now() + commerceSettings.paymentDelayMs);
    o = await order(token, result.orderId);
    expect(o).toMatchObject({ paymentStatus: 'paid', paymentMessage: null });
    expect(o.payments[0]).toMatchObject({ status: 'paid', amount: cart.total });
    expect(o.paidAt).not.toBeNull();

    const list = OrderList.parse(await (await call('GET', '/v1/orders?limit=10', token)).json());
    expect(list.meta).toEqual({ total: 1, limit: 10, offset: 0 });
    expect(list.data[0]).toMatchObject({ orderId: result.orderId, paymentStatus: 'paid', itemCount: 3 });
  });

  it('answers the same order for the same Idempotency-Key, and 409 for another body', async () => {
    const token = shopperToken();
    await fillCart(token);
    const key = crypto.randomUUID();
    const first = await checkout(token, '0712345600', key);
    const again = await checkout(token, '+254712345600', key);
    expect(again.res.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.result.orderId).toBe(first.result.orderId);
    const other = await call('POST', '/v1/checkout', token, await checkoutBody(token, '0722000000'), {
      'Idempotency-Key': key,
    });
    expect(other.status).toBe(409);
    expect(ErrorBody.parse(await other.json()).code).toBe('idempotency_key_reused');
    const noKey = await call('POST', '/v1/checkout', token, await checkoutBody(token, '0712345600'));
    expect(noKey.status).toBe(400);
  });

  it('refuses an empty cart and a line above the stock', async () => {
    const token = shopperToken();
    const empty = await call('POST', '/v1/checkout', token, await checkoutBody(token, '0712345600'), {
      'Idempotency-Key': crypto.randomUUID(),
    });
    expect(empty.status).toBe(400);
    expect(ErrorBody.parse(await empty.json()).code).toBe('cart_empty');

    await fillCart(token);
    product('Omena').variants[0]!.quantity = 1;
    const res = await call('POST', '/v1/checkout', token, await checkoutBody(token, '0712345600'), {
      'Idempotency-Key': crypto.randomUUID(),
    });
    expect(res.status).toBe(409);
    const body = ErrorBody.parse(await res.json());
    expect(body.code).toBe('out_of_stock');
    expect(body.message).toMatch(/^Sorry, only 1 of Omena/);
  });

  it('refuses a total the page no longer shows with the new figures, as the server does', async () => {
    const token = shopperToken();
    await fillCart(token);
    const body = await checkoutBody(token, '0712345600');
    const omena = product('Omena').variants[0]!;
    const stock = omena.quantity;
    omena.price += 10;
    const res = await call('POST', '/v1/checkout', token, body, { 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status).toBe(409);
    const refusal = CheckoutConflict.parse(await res.json());
    expect(refusal.code).toBe('price_changed');
    expect(refusal.message).toMatch(
      /^The price of Omena .* changed from KSH \d+ to KSH \d+\. Your total is now/,
    );
    expect(refusal.priceChange?.cart.total).toBe(body.shown.total + 20);
    expect(omena.quantity).toBe(stock);
    const orders = OrderList.parse(await (await call('GET', '/v1/orders', token)).json());
    expect(orders.data).toEqual([]);
  });

  it('fails a cancelled prompt, gives the units back, and pays on retry with another phone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = shopperToken();
    await fillCart(token);
    const stock = product('Omena').variants[0]!.quantity;
    const { result } = await checkout(token, '0712345601');
    vi.setSystemTime(Date.now() + commerceSettings.paymentDelayMs);
    let o = await order(token, result.orderId);
    expect(o).toMatchObject({ paymentStatus: 'failed', paymentIssue: 'cancelled', canRetryPayment: true });
    expect(o.paymentMessage).toBe('You cancelled the M-Pesa prompt. You can try the payment again.');
    expect(product('Omena').variants[0]!.quantity).toBe(stock);

    const retry = await call('POST', `/v1/orders/${result.orderId}/pay`, token, { phone: '0712345600' });
    expect(retry.status).toBe(201);
    expect(envelope(CheckoutResult).parse(await retry.json()).data).toMatchObject({
      paymentStatus: 'pending',
      paymentMessage: null,
    });
    const open = await call('POST', `/v1/orders/${result.orderId}/pay`, token, {});
    expect(open.status).toBe(409);
    expect(ErrorBody.parse(await open.json()).code).toBe('payment_pending');

    vi.setSystemTime(Date.now() + commerceSettings.paymentDelayMs);
    o = await order(token, result.orderId);
    expect(o).toMatchObject({ paymentStatus: 'paid', phone: '0712 345 600' });
    expect(o.payments.map((p) => p.status)).toEqual(['paid', 'failed']);
    const paid = await call('POST', `/v1/orders/${result.orderId}/pay`, token, {});
    expect(paid.status).toBe(409);
  });

  it("answers 404 for another shopper's order", async () => {
    const token = shopperToken();
    await fillCart(token);
    const { result } = await checkout(token, '0712345600');
    const stranger = issueMockToken({
      ...findUserById(DEMO_USERS.shopper.id)!,
      id: 'c0000000-0000-4000-8000-00000000c999',
    });
    const res = await call('GET', `/v1/orders/${result.orderId}`, stranger);
    expect(res.status).toBe(404);
  });
});

describe('mock checkout: one account cannot hold the stock', () => {
  it('refuses a checkout once the shopper has the allowed unpaid orders holding stock, as the server does', async () => {
    const token = shopperToken();
    const statuses: number[] = [];
    let refusal: ErrorBody | undefined;
    for (let i = 0; i < 5 && !refusal; i++) {
      await fillCart(token);
      const res = await call('POST', '/v1/checkout', token, await checkoutBody(token, '0712345609'), {
        'Idempotency-Key': crypto.randomUUID(),
      });
      statuses.push(res.status);
      if (res.status === 409) refusal = ErrorBody.parse(await res.json());
    }
    expect(statuses.at(-1)).toBe(409);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(3);
    expect(refusal).toMatchObject({ code: 'too_many_unpaid_orders' });
    expect(refusal!.message).toMatch(/^You have 3 orders waiting for payment\./);
  });
});
