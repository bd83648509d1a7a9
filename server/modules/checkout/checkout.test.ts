import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutResult, Order as OrderSchema } from '../../../contract/checkout';
import { deliveryFee } from '../../../contract/delivery';
import { UNKNOWN_PUSH_MESSAGE } from '../../../contract/payments';
import { cartItems, orders, variants } from '../../db/schema';
import { deliverySettings } from '../delivery/service';
import {
  api,
  checkoutBody,
  checkoutWith,
  createProduct,
  idempotencyKey,
  orderOf,
  phoneEnding,
  placeOrder,
  servedContextForFile,
  shopper,
  shopperWithCart,
  stockOf,
  waitForOrder,
  type TestOrder,
} from '../../test/shop';

// Placing an order over real HTTP: the app on an ephemeral port talks to its own Daraja simulator,
// which calls back into the app, as in development. Phone endings choose the outcome.

const ctx = servedContextForFile({ PAYMENT_QUERY_DELAY_MS: '50' });

describe('checkout', () => {
  it('places the order, empties the cart, takes the stock and sends one prompt for the total', async () => {
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 2, price: 480 });
    const fee = deliveryFee({ lat: -1.2676, lng: 36.8108 }, deliverySettings(ctx.env));
    const res = await checkoutWith(s.call, checkoutBody(phoneEnding('00')));
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

    const paid = (await waitForOrder(ctx, s.token, data.orderId)) as TestOrder;
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
    const s = await shopperWithCart(ctx, { price: 300, quantity: 1 });
    const o = await placeOrder(s.call, phoneEnding('00'));
    await ctx.database.db.update(variants).set({ price: 999 }).where(eq(variants.id, s.variantId));
    const after = await orderOf(ctx, s.token, o.orderId);
    expect(after.items[0]).toMatchObject({ price: 300, totalPrice: 300 });
    expect(after.subtotal).toBe(300);
    await waitForOrder(ctx, s.token, o.orderId);
  });

  it('delivers to a point given by lat and lng, with its own fee', async () => {
    const s = await shopperWithCart(ctx, { price: 200, quantity: 1 });
    const point = { lat: -1.476, lng: 36.963 };
    const res = await checkoutWith(s.call, {
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
    const s = await shopperWithCart(ctx);
    const key = idempotencyKey();
    const body = checkoutBody(phoneEnding('00'));
    const first = await checkoutWith(s.call, body, key);
    const { data } = await first.json();
    const pushesBefore = ctx.pushes.length;
    const again = await checkoutWith(s.call, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await again.json()).data.orderId).toBe(data.orderId);
    // The same number written another way is the same request.
    const samePhone = await checkoutWith(s.call, { ...body, phone: `+254${body.phone.slice(1)}` }, key);
    expect((await samePhone.json()).data.orderId).toBe(data.orderId);
    const other = await checkoutWith(s.call, { ...body, address: 'Somewhere else entirely' }, key);
    expect(other.status).toBe(409);
    expect((await other.json()).code).toBe('idempotency_key_reused');
    expect(ctx.pushes.length).toBe(pushesBefore);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, s.id))).toHaveLength(1);
    await waitForOrder(ctx, s.token, data.orderId);
  });

  it('refuses a missing or malformed key, an empty cart, a bad place and any price in the body', async () => {
    const s = await shopperWithCart(ctx);
    const body = checkoutBody(phoneEnding('00'));
    const noKey = await s.call.post('/checkout', body);
    expect(noKey.status).toBe(400);
    expect((await noKey.json()).message).toMatch(/idempotency-key/i);
    expect((await checkoutWith(s.call, body, 'short')).status).toBe(400);
    const bad: [unknown, RegExp][] = [
      [{ ...body, total: 1 }, /Unrecognized key/i],
      [{ ...body, items: [{ price: 1 }] }, /Unrecognized key/i],
      [{ ...body, shippingRate: 0 }, /Unrecognized key/i],
      // The figures the page showed are required, whole shillings, and never set a price.
      [{ ...body, shown: undefined }, /shown/],
      [{ ...body, shown: { total: -1, shippingRate: 0, items: [] } }, /shown\.total/],
      [{ ...body, shown: { total: 1.5, shippingRate: 0, items: [] } }, /shown\.total/],
      [{ ...body, phone: '0812 345 678' }, /Kenyan mobile number/],
      [{ ...body, deliveryAreaId: undefined }, /delivery area/],
      [{ ...body, lat: -1.3, lng: 36.8 }, /one of the two/],
      [{ ...body, deliveryAreaId: undefined, lat: 51.5, lng: -0.1 }, /only deliver within Kenya/],
      [{ ...body, address: '  ' }, /address/],
    ];
    for (const [b, message] of bad) {
      const res = await checkoutWith(s.call, b);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    const unknownArea = await checkoutWith(s.call, { ...body, deliveryAreaId: 'atlantis' });
    expect(unknownArea.status).toBe(400);
    expect((await unknownArea.json()).message).toMatch(/do not deliver to that area/);
    // Nothing was reserved by the refusals.
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(5);

    const empty = await shopper(ctx);
    const res = await checkoutWith(api(ctx, empty.token), body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'cart_empty' });
  });

  it('refuses a line above the stock with a 409 naming the product, and reserves nothing', async () => {
    const s = await shopperWithCart(ctx, { stock: 3, quantity: 3 });
    const other = await createProduct(ctx.database.db, {
      name: 'Sukuma wiki',
      variants: [{ name: 'Bunch', price: 50, quantity: 4 }],
    });
    await s.call.post('/cart', { item: { productId: other.productId, quantity: 2 } });
    await ctx.database.db.update(variants).set({ quantity: 1 }).where(eq(variants.id, s.variantId));
    const res = await checkoutWith(s.call, checkoutBody(phoneEnding('00')));
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
    expect((await checkoutWith(api(ctx), checkoutBody(phoneEnding('00')))).status).toBe(401);
    const admin = await shopper(ctx, 'admin');
    expect((await checkoutWith(api(ctx, admin.token), checkoutBody(phoneEnding('00')))).status).toBe(403);
    expect((await api(ctx, admin.token).get('/orders')).status).toBe(403);
  });
});

describe('pending and unknown prompts', () => {
  it('says nothing special while a prompt is simply on its way', async () => {
    const s = await shopperWithCart(ctx, { quantity: 1 });
    const o = await placeOrder(s.call, phoneEnding('09'));
    expect(o).toMatchObject({ paymentStatus: 'pending', paymentMessage: null });
    expect((await orderOf(ctx, s.token, o.orderId)).paymentMessage).toBeNull();
    expect(UNKNOWN_PUSH_MESSAGE).toMatch(/slow to answer/);
  });
});
