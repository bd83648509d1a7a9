import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Order, OrderList } from '../../../contract/checkout';
import { variants } from '../../db/schema';
import { seedOrder } from '../../test/orders';
import {
  api,
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

// The shopper's orders and paying again, over real HTTP with the app's own Daraja simulator.

const ctx = servedContextForFile({ PAYMENT_QUERY_DELAY_MS: '50' });

describe('paying again and reading orders', () => {
  it('retries a failed payment with a new prompt, re-taking the stock, and ends paid', async () => {
    const s = await shopperWithCart(ctx, { stock: 3, quantity: 3 });
    const o = await placeOrder(s.call, phoneEnding('01'));
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
    const paid = (await waitForOrder(ctx, s.token, o.orderId)) as TestOrder;
    expect(paid.paymentStatus).toBe('paid');
    expect(paid.payments.map((p) => p.status)).toEqual(['paid', 'failed']);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(0);
    const again = await s.call.post(`/orders/${o.orderId}/pay`, {});
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/already paid/);
  });

  it('refuses a retry when the stock went meanwhile, naming the product', async () => {
    const s = await shopperWithCart(ctx, { stock: 2, quantity: 2 });
    const o = await placeOrder(s.call, phoneEnding('02'));
    await waitForOrder(ctx, s.token, o.orderId);
    await ctx.database.db.update(variants).set({ quantity: 1 }).where(eq(variants.id, s.variantId));
    const res = await s.call.post(`/orders/${o.orderId}/pay`, {});
    expect(res.status).toBe(409);
    expect((await res.json()).message).toContain(s.product.name);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(1);
    expect((await orderOf(ctx, s.token, o.orderId)).paymentStatus).toBe('failed');
  });

  it("lists the shopper's own orders newest first, paginated, and hides other shoppers' orders", async () => {
    const s = await shopperWithCart(ctx, { quantity: 1 });
    const first = await placeOrder(s.call, phoneEnding('00'));
    await waitForOrder(ctx, s.token, first.orderId);
    await s.call.post('/cart', { item: { productId: s.product.productId, quantity: 1 } });
    const second = await placeOrder(s.call, phoneEnding('00'));
    await waitForOrder(ctx, s.token, second.orderId);
    const page = await (await s.call.get('/orders?limit=1')).json();
    expect(OrderList.parse(page)).toEqual(page);
    expect(page.meta).toEqual({ total: 2, limit: 1, offset: 0 });
    expect(page.data.map((o: TestOrder) => o.orderId)).toEqual([second.orderId]);
    expect(page.data[0]).toMatchObject({ paymentStatus: 'paid', status: 'new', itemCount: 1 });
    const next = await (await s.call.get('/orders?limit=1&offset=1')).json();
    expect(next.data.map((o: TestOrder) => o.orderId)).toEqual([first.orderId]);
    expect((await s.call.get('/orders?limit=0')).status).toBe(400);

    const stranger = await shopper(ctx);
    const theirs = api(ctx, stranger.token);
    expect((await theirs.get(`/orders/${first.orderId}`)).status).toBe(404);
    expect((await theirs.post(`/orders/${first.orderId}/pay`, {})).status).toBe(404);
    expect((await (await theirs.get('/orders')).json()).data).toEqual([]);
  });

  it('shows the shopper the promo code their order was placed with and what it saved', async () => {
    const s = await shopper(ctx);
    const own = { userId: s.id, email: s.email };
    const withCode = await seedOrder(ctx.database.db, {
      ...own,
      promo: { code: 'KARIBU10', saving: 60, orderSaving: 60 },
    });
    const read = async (orderId: string) => {
      const res = await api(ctx, s.token).get(`/orders/${orderId}`);
      expect(res.status).toBe(200);
      return Order.parse((await res.json()).data);
    };
    expect(await read(withCode.orderId)).toMatchObject({
      subtotal: 600,
      orderSaving: 60,
      shippingRate: 150,
      total: 690,
      promoCode: 'KARIBU10',
      promoSaving: 60,
    });
    const plain = await seedOrder(ctx.database.db, own);
    expect(await read(plain.orderId)).toMatchObject({ orderSaving: 0, promoCode: null, promoSaving: 0 });
  });
});
