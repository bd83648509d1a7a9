import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '../../db/schema';
import { createTestContext, raceEngine, type TestContext } from '../../test/harness';
import { api, createProduct, shopper } from '../../test/shop';

// Races (see raceEngine): a guest cart pushed from several tabs at once after sign-in.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe(`cart races (${raceEngine})`, () => {
  it('never doubles a guest line pushed from several tabs at once', async () => {
    const product = await createProduct(ctx.database.db, {
      variants: [{ name: 'Loaf', price: 65, quantity: 50 }],
    });
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    const push = (localItemId: string, quantity: number) =>
      call.post('/cart', { item: { productId: product.productId, quantity, localItemId } });
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => push('guest-line-a', 3)),
      ...Array.from({ length: 8 }, () => push('guest-line-b', 2)),
    ]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const rows = await ctx.database.db.select().from(cartItems).where(eq(cartItems.userId, s.id));
    expect(rows.map((r) => r.quantity)).toEqual([5]);
  });
});
