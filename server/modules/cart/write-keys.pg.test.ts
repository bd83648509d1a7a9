import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, cartWrites } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { api, createProduct, shopper } from '../../test/shop';

// PostgreSQL only (the server-pg project): the same write sent on several connections at once.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('a cart write sent several times at once with one Idempotency-Key', () => {
  it('is applied once: the others wait on the key and answer the cart as a replay', async () => {
    const product = await createProduct(ctx.database.db, {
      variants: [{ name: 'Loaf', price: 65, quantity: 50 }],
    });
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call.post(
          '/cart',
          { item: { productId: product.productId, quantity: 2 } },
          { 'Idempotency-Key': key },
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(answers.filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(5);
    const rows = await ctx.database.db.select().from(cartItems).where(eq(cartItems.userId, s.id));
    expect(rows.map((r) => r.quantity)).toEqual([2]);

    const itemId = rows[0]!.id;
    const plus = randomUUID();
    await Promise.all(
      Array.from({ length: 6 }, () =>
        call.patch(`/cart/${itemId}`, { quantity: 1 }, { 'Idempotency-Key': plus }),
      ),
    );
    const [line] = await ctx.database.db.select().from(cartItems).where(eq(cartItems.id, itemId));
    expect(line!.quantity).toBe(3);
    expect(await ctx.database.db.select().from(cartWrites).where(eq(cartWrites.userId, s.id))).toHaveLength(
      2,
    );
  });
});
