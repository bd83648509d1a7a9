import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHAR_MESSAGE } from '../../contract/control-chars';
import {
  api,
  checkoutBody,
  checkoutWith,
  phoneEnding,
  shopper,
  shopperWithCart,
  stockOf,
} from '../test/shop';
import { createTestContext, type TestContext } from '../test/harness';

// Issue 13 §5: a NUL byte was a 500 (PostgreSQL cannot store it in text) and other control characters
// were stored as sent. Every string of every request part is refused at the contract with a 400 that
// names the field, before a handler or the database sees it.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const errorOf = async (res: Response) => {
  const body = await res.json();
  return { status: res.status, code: body.code, issues: body.issues, message: body.message as string };
};

describe('control characters in the URL', () => {
  it.each([
    ['a NUL in a category filter', '/api/v2/products?category=%00', 'category'],
    ['a NUL in the search text', '/api/v1/search/orama?q=sug%00ar', 'q'],
    ['a bell in a product list page', '/api/v2/products?page=1%07', 'page'],
    ['a NUL in the dev outbox address', '/api/dev/outbox?to=%00', 'to'],
    ['a line feed in a category slug', '/api/v2/products?category=fruit%0Avegetables', 'category'],
    ['DEL in a sort', '/api/v2/products?sort=%7F', 'sort'],
  ])('%s is a 400 naming the parameter', async (_, path, field) => {
    const e = await errorOf(await ctx.request(path));
    expect(e).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(e.issues).toEqual([{ path: field, message: CONTROL_CHAR_MESSAGE }]);
    expect(e.message).toMatch(/^Invalid query: /);
  });

  it.each([
    ['a NUL in a product id', '/api/v1/products/%00'],
    ['a NUL in an order id', '/api/v1/orders/abc%00def'],
    ['an escape in a setup list name', '/api/v1/setups/%1Bcountries'],
  ])('%s is a 400 for the path', async (_, path) => {
    const e = await errorOf(await ctx.request(path));
    expect(e).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(e.message).toMatch(/^Invalid param: /);
  });

  it('leaves percent-encoded text that is not a control character alone', async () => {
    const res = await ctx.request('/api/v1/search/orama?q=%20sukuma%20wiki%25');
    expect(res.status).toBe(200);
  });
});

describe('control characters in JSON bodies', () => {
  it('refuses a checkout address with a NUL, and places no order and holds no stock', async () => {
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 2 });
    const res = await checkoutWith(
      s.call,
      checkoutBody(phoneEnding('00'), { address: 'Mpaka Road\u0000 flat 4' }),
    );
    const e = await errorOf(res);
    expect(e).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(e.issues).toEqual([{ path: 'address', message: CONTROL_CHAR_MESSAGE }]);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(5);
    const orders = await (await s.call.get('/orders')).json();
    expect(orders.data.rows ?? orders.data).toHaveLength(0);
  });

  it('keeps line breaks and tabs in a multi-line address', async () => {
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 1 });
    const res = await checkoutWith(
      s.call,
      checkoutBody(phoneEnding('00'), { address: 'Mpaka Road\nBlock B,\tflat 4' }),
    );
    expect(res.status).toBe(201);
  });

  it.each([
    ['a NUL in a sign-up email', '/auth/register', { email: 'wanjiku\u0000@example.com' }, 'email'],
    ['a backspace in a login email', '/auth/login', { email: 'w\b@example.com', password: 'x' }, 'email'],
    [
      'a vertical tab deep in a cart line',
      '/cart',
      { item: { productId: 'P1\u000b', quantity: 1 } },
      'item.productId',
    ],
    [
      'a control character in a key',
      '/cart',
      { item: { 'productId\u0001': 'x', quantity: 1 } },
      'item.productId\u0001',
    ],
    ['an escape in an array item', '/saved-items', { productIds: ['ok', '\u001b[31mred'] }, 'productIds.1'],
  ])('%s is a 400 naming the field', async (_, path, json, field) => {
    const { token } = await shopper(ctx);
    const e = await errorOf(await api(ctx, token).post(path, json));
    expect(e).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(e.issues).toContainEqual({ path: field, message: CONTROL_CHAR_MESSAGE });
  });

  it('refuses a control character in an admin write, and changes nothing', async () => {
    const admin = await shopper(ctx, 'admin');
    const before = await (await ctx.request('/api/v1/categories')).json();
    const res = await api(ctx, admin.token).post('/categories', { name: 'Spices\u0000', slug: 'spices-nul' });
    expect(res.status).toBe(400);
    const after = await (await ctx.request('/api/v1/categories')).json();
    expect(after).toEqual(before);
  });

  it('still answers malformed JSON with its own 400', async () => {
    const { token } = await shopper(ctx);
    const res = await ctx.request('/api/v1/cart', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{"item": ',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/not valid JSON/);
  });
});
