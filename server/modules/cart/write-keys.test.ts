import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../../contract/cart';
import { purgeOldRows } from '../../jobs/housekeeping';
import { cartWrites } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { api, createProduct, shopper, type TestProduct } from '../../test/shop';

// A cart write sent again with its Idempotency-Key (a queue replayed after a lost answer) is applied once.

let ctx: TestContext;
let product: TestProduct;
beforeAll(async () => {
  ctx = await createTestContext();
  product = await createProduct(ctx.database.db, {
    name: 'Omena',
    variants: [{ name: '250 g', price: 120, quantity: 4 }],
  });
});
afterAll(() => ctx.close());

const cartOf = async (res: Response) => ((await res.json()) as { data: Cart }).data;
const withKey = (key: string) => ({ 'Idempotency-Key': key });

async function freshShopper() {
  const s = await shopper(ctx);
  return { ...s, call: api(ctx, s.token) };
}

describe('cart writes with an Idempotency-Key', () => {
  it('adds once, however often the same add is sent, and says when it was a replay', async () => {
    const { call } = await freshShopper();
    const key = randomUUID();
    const add = () =>
      call.post('/cart', { item: { productId: product.productId, quantity: 1 } }, withKey(key));
    const first = await add();
    expect(first.status).toBe(200);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await add();
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await cartOf(again)).Items.map((i) => i.quantity)).toEqual([1]);
    // A new key is a new tap.
    const next = await call.post(
      '/cart',
      { item: { productId: product.productId, quantity: 1 } },
      withKey(randomUUID()),
    );
    expect((await cartOf(next)).Items.map((i) => i.quantity)).toEqual([2]);
  });

  it('applies a +1, a −1 and a removal once each, answering the cart as it is now on a replay', async () => {
    const { call } = await freshShopper();
    const added = await cartOf(
      await call.post('/cart', { item: { productId: product.productId, quantity: 2 } }),
    );
    const itemId = added.Items[0]!.itemId;
    const plus = randomUUID();
    const minus = randomUUID();
    await call.patch(`/cart/${itemId}`, { quantity: 1 }, withKey(plus));
    expect(
      (await cartOf(await call.patch(`/cart/${itemId}`, { quantity: 1 }, withKey(plus)))).Items[0]!.quantity,
    ).toBe(3);
    await call.patch(`/cart/${itemId}`, { quantity: -1 }, withKey(minus));
    expect(
      (await cartOf(await call.patch(`/cart/${itemId}`, { quantity: -1 }, withKey(minus)))).Items[0]!
        .quantity,
    ).toBe(2);

    const removal = randomUUID();
    expect((await cartOf(await call.delete(`/cart/${itemId}`, withKey(removal)))).Items).toEqual([]);
    // The line is gone, but the replayed removal is not a 404: it was applied.
    const replayed = await call.delete(`/cart/${itemId}`, withKey(removal));
    expect(replayed.status).toBe(200);
    expect((await cartOf(replayed)).Items).toEqual([]);
  });

  it('refuses the same key with another request (409), and a key of the wrong form (400)', async () => {
    const { call } = await freshShopper();
    const key = randomUUID();
    await call.post('/cart', { item: { productId: product.productId, quantity: 1 } }, withKey(key));
    const other = await call.post(
      '/cart',
      { item: { productId: product.productId, quantity: 2 } },
      withKey(key),
    );
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({
      code: 'idempotency_key_reused',
      message: expect.stringContaining('already used for a different cart change'),
    });
    const itemId = (await cartOf(await call.get('/cart'))).Items[0]!.itemId;
    expect((await call.delete(`/cart/${itemId}`, withKey(key))).status).toBe(409);

    for (const bad of ['short', 'has spaces in it', 'x'.repeat(129)]) {
      const res = await call.patch(`/cart/${itemId}`, { quantity: 1 }, withKey(bad));
      expect(res.status).toBe(400);
    }
    expect((await cartOf(await call.get('/cart'))).Items[0]!.quantity).toBe(1);
  });

  it('records nothing for a refused write: an unknown line is a 404 each time, and a sold-out add stays refused', async () => {
    const { call, id } = await freshShopper();
    const key = randomUUID();
    const unknown = `/cart/${randomUUID()}`;
    expect((await call.patch(unknown, { quantity: 1 }, withKey(key))).status).toBe(404);
    const again = await call.patch(unknown, { quantity: 1 }, withKey(key));
    expect(again.status).toBe(404);
    expect((await again.json()).code).toBe('not_found');
    expect((await call.delete(unknown, withKey(randomUUID()))).status).toBe(404);

    const tooMany = randomUUID();
    const add = () =>
      call.post('/cart', { item: { productId: product.productId, quantity: 5 } }, withKey(tooMany));
    expect((await add()).status).toBe(400);
    expect(await (await add()).json()).toMatchObject({ code: 'not_enough_stock' });
    expect(await ctx.database.db.select().from(cartWrites).where(eq(cartWrites.userId, id))).toEqual([]);
  });

  it('forgets keys a day old: housekeeping purges them', async () => {
    const { call, id } = await freshShopper();
    await call.post('/cart', { item: { productId: product.productId, quantity: 1 } }, withKey(randomUUID()));
    const keys = () => ctx.database.db.select().from(cartWrites).where(eq(cartWrites.userId, id));
    const [row] = await keys();
    await purgeOldRows(ctx.database.db, new Date(row!.createdAt.getTime() + 23 * 60 * 60_000));
    expect(await keys()).toHaveLength(1);
    await purgeOldRows(ctx.database.db, new Date(row!.createdAt.getTime() + 25 * 60 * 60_000));
    expect(await keys()).toEqual([]);
  });
});
