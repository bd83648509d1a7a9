// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Cart, DeliveryAreaList } from '../../contract/cart';
import { envelope, ErrorBody } from '../../contract/common';
import { mockDb } from '../db';
import { BASE, mockFetch, serveMocks, tokenOf } from '../test-api';
import { cartHandlers } from './cart';
import { DEFAULT_DELIVERY_SETTINGS, deliveryFee } from '../../contract/delivery';
import { deliveryHandlers } from './delivery';

serveMocks(...deliveryHandlers, ...cartHandlers);

const shopperToken = () => tokenOf('shopper');
const adminToken = () => tokenOf('admin');

const call = (method: string, path: string, body?: unknown, token: string | null = shopperToken()) =>
  mockFetch(method, path, body, { token });

async function cart(res: Response) {
  expect(res.status).toBe(200);
  return envelope(Cart).parse(await res.json()).data;
}

async function failure(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = ErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  expect(body.message).toMatch(new RegExp(` Correlation ID: ${body.correlationId}$`));
  return body;
}

const product = (name: string) => mockDb.catalogue.products.find((p) => p.name === name)!;

describe('mock cart API', () => {
  it('answers 401 without a token and 403 for admins', async () => {
    await failure(await call('GET', '/v1/cart', undefined, null), 401, 'unauthorized');
    const body = await failure(await call('GET', '/v1/cart', undefined, adminToken()), 403, 'forbidden');
    expect(body.message).toMatch(/^Admins get no cart/);
  });

  it('adds, merges by variant, changes by one and removes, priced with the sale', async () => {
    const token = shopperToken();
    const avocado = product('Hass avocado');
    let c = await cart(
      await call('POST', '/v1/cart', { item: { productId: avocado.id, quantity: 2 } }, token),
    );
    expect(c.Items).toMatchObject([
      {
        productId: avocado.id,
        variantId: avocado.variants[0]!.id,
        quantity: 2,
        price: 36,
        originalPrice: 40,
        onSale: true,
        totalPrice: 72,
      },
    ]);
    c = await cart(await call('POST', '/v1/cart', { item: { productId: avocado.id, quantity: 1 } }, token));
    expect(c.Items).toHaveLength(1);
    expect(c.Items[0]!.quantity).toBe(3);
    const itemId = c.Items[0]!.itemId;
    c = await cart(await call('PATCH', `/v1/cart/${itemId}`, { quantity: -1 }, token));
    expect(c.Items[0]!.quantity).toBe(2);
    expect(c).toMatchObject({ subtotal: 72, shippingRate: 0, total: 72 });
    c = await cart(await call('DELETE', `/v1/cart/${itemId}`, undefined, token));
    expect(c.Items).toEqual([]);
    await failure(await call('PATCH', `/v1/cart/${itemId}`, { quantity: 1 }, token), 404, 'not_found');
    await failure(
      await call('PATCH', `/v1/cart/${itemId}`, { quantity: 2 }, token),
      400,
      'validation_failed',
    );
  });

  it('applies a pushed guest line once, whatever the retries', async () => {
    const token = shopperToken();
    const omena = product('Omena');
    const push = {
      item: {
        productId: omena.id,
        variantId: omena.variants[0]!.id,
        quantity: 2,
        localItemId: `${omena.id}:${omena.variants[0]!.id}`,
      },
    };
    await cart(await call('POST', '/v1/cart', push, token));
    const again = await cart(await call('POST', '/v1/cart', push, token));
    expect(again.Items).toMatchObject([{ productId: omena.id, quantity: 2 }]);
  });

  it('refuses more than the stock with the server message', async () => {
    const token = shopperToken();
    const p = mockDb.catalogue.products.find(
      (x) => x.variants[0] && x.variants[0].quantity > 0 && x.variants[0].quantity < 50,
    )!;
    const v = p.variants[0]!;
    const body = await failure(
      await call('POST', '/v1/cart', { item: { productId: p.id, quantity: v.quantity + 1 } }, token),
      400,
      'not_enough_stock',
    );
    expect(body.message).toContain(`Only ${v.quantity} of`);
  });

  it('prices delivery to an area or a point, and refuses an unknown area', async () => {
    const areas = DeliveryAreaList.parse(
      ((await (await fetch(`${BASE}/v1/setups/delivery-areas`)).json()) as { data: unknown }).data,
    );
    const karen = areas.find((a) => a.id === 'karen')!;
    const token = shopperToken();
    await call('POST', '/v1/cart', { item: { productId: product('Omena').id, quantity: 1 } }, token);
    const c = await cart(await call('GET', '/v1/cart?deliveryAreaId=karen', undefined, token));
    expect(c.shippingRate).toBe(deliveryFee(karen, DEFAULT_DELIVERY_SETTINGS));
    expect(c.total).toBe(c.subtotal + c.shippingRate);
    expect(c.shippingRate % 10).toBe(0);
    const point = await cart(await call('GET', '/v1/cart?lat=-1.2864&lng=36.8172', undefined, token));
    expect(point.shippingRate).toBe(150);
    await failure(await call('GET', '/v1/cart?deliveryAreaId=mombasa', undefined, token), 400, 'bad_request');
    await failure(await call('GET', '/v1/cart?lat=51.5&lng=0', undefined, token), 400, 'validation_failed');
  });
});

describe('mock cart writes with an Idempotency-Key, as the server', () => {
  const keyed = (method: string, path: string, key: string, body?: unknown, token = shopperToken()) =>
    mockFetch(method, path, body, { token, headers: { 'Idempotency-Key': key } });

  it('applies a write once per key, refuses the key for another request, and a key of the wrong form', async () => {
    const token = shopperToken();
    const omena = product('Omena');
    const add = { item: { productId: omena.id, quantity: 1 } };
    const first = await cart(await keyed('POST', '/v1/cart', 'add-key-0001', add, token));
    const itemId = first.Items[0]!.itemId;
    const replay = await keyed('POST', '/v1/cart', 'add-key-0001', add, token);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await cart(replay)).Items[0]!.quantity).toBe(1);

    await keyed('PATCH', `/v1/cart/${itemId}`, 'plus-key-0001', { quantity: 1 }, token);
    const plusAgain = await cart(
      await keyed('PATCH', `/v1/cart/${itemId}`, 'plus-key-0001', { quantity: 1 }, token),
    );
    expect(plusAgain.Items[0]!.quantity).toBe(2);

    await failure(
      await keyed('POST', '/v1/cart', 'add-key-0001', { item: { productId: omena.id, quantity: 2 } }, token),
      409,
      'idempotency_key_reused',
    );
    await failure(
      await keyed('DELETE', `/v1/cart/${itemId}`, 'bad key!', undefined, token),
      400,
      'validation_failed',
    );

    expect(
      (await cart(await keyed('DELETE', `/v1/cart/${itemId}`, 'drop-key-0001', undefined, token))).Items,
    ).toEqual([]);
    expect((await keyed('DELETE', `/v1/cart/${itemId}`, 'drop-key-0001', undefined, token)).status).toBe(200);
    // A refused write records nothing: an unknown line stays a 404 under its key.
    await failure(
      await keyed('PATCH', `/v1/cart/${itemId}`, 'gone-key-0001', { quantity: 1 }, token),
      404,
      'not_found',
    );
    await failure(
      await keyed('PATCH', `/v1/cart/${itemId}`, 'gone-key-0001', { quantity: 1 }, token),
      404,
      'not_found',
    );
  });
});
