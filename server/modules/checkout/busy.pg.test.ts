import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, orders, variants } from '../../db/schema';
import { eventually, someoneWaitsForALock } from '../../test/harness';
import {
  api,
  checkoutBody,
  checkoutWith,
  phoneEnding,
  servedContextForFile,
  shopper,
  shopperWithCart,
  shownFor,
  stockOf,
} from '../../test/shop';

// PostgreSQL only (the server-pg project): a checkout is held inside the line's only place by a row
// lock another connection keeps, which PGlite's single connection cannot do.

const ctx = servedContextForFile({ CHECKOUT_CONCURRENCY: '1', CHECKOUT_QUEUE_MS: '300' });

describe('checkout when more shoppers check out than the shop serves at once', () => {
  it('answers 503 with Retry-After to the one that waited its longest in line, holding nothing for it', async () => {
    const first = await shopperWithCart(ctx, { stock: 5, quantity: 1 });
    const second = await shopperWithCart(ctx, { stock: 5, quantity: 1 });
    const bodyOf = async (s: typeof first) => {
      const body = checkoutBody(phoneEnding('00'));
      return { ...body, shown: await shownFor(s.call, body) };
    };
    const [firstBody, secondBody] = [await bodyOf(first), await bodyOf(second)];

    // An admin saving the first product holds its stock row: the first checkout waits on it, in the
    // only place the line has.
    const admin = await holdStockRow(first.variantId);
    const firstAnswer = checkoutWith(first.call, firstBody);
    await eventually(() => someoneWaitsForALock(ctx.database.db), 5_000);

    try {
      const busy = await checkoutWith(second.call, secondBody);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('Retry-After')).toBe('2');
      expect(await busy.json()).toMatchObject({
        code: 'busy',
        message: expect.stringMatching(
          /^Many people are checking out right now and nothing was ordered\. Please try again in 2 seconds\./,
        ),
      });
      // Nothing was taken for the second shopper: the stock, the cart, no order.
      expect(await stockOf(ctx.database.db, second.variantId)).toBe(5);
      expect(
        await ctx.database.db.select().from(cartItems).where(eq(cartItems.userId, second.id)),
      ).toHaveLength(1);
      expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, second.id))).toHaveLength(0);
    } finally {
      await admin.release();
    }
    expect((await firstAnswer).status).toBe(201);
    // Trying again when told to, with the line free, places the order.
    expect((await checkoutWith(second.call, secondBody)).status).toBe(201);
    expect(await stockOf(ctx.database.db, second.variantId)).toBe(4);
  });

  it('refuses at once (409) a checkout for units the checkouts ahead of it already claim, holding nothing', async () => {
    const first = await shopperWithCart(ctx, { stock: 1, quantity: 1 });
    // A second shopper wants the same last unit.
    const second = await shopper(ctx);
    const call = api(ctx, second.token);
    expect(
      (await call.post('/cart', { item: { productId: first.product.productId, quantity: 1 } })).status,
    ).toBe(200);
    const body = checkoutBody(phoneEnding('00'));
    const [firstBody, secondBody] = [
      { ...body, shown: await shownFor(first.call, body) },
      { ...body, shown: await shownFor(call, body) },
    ];

    // The first checkout waits on the held stock row with the last unit claimed.
    const admin = await holdStockRow(first.variantId);
    const firstAnswer = checkoutWith(first.call, firstBody);
    await eventually(() => someoneWaitsForALock(ctx.database.db), 5_000);
    try {
      const started = Date.now();
      const refused = await checkoutWith(call, secondBody);
      expect(refused.status).toBe(409);
      // Not after waiting out the line (CHECKOUT_QUEUE_MS, 300 ms here).
      expect(Date.now() - started).toBeLessThan(300);
      expect(await refused.json()).toMatchObject({
        code: 'out_of_stock',
        message: expect.stringMatching(/just sold out/),
      });
      expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, second.id))).toHaveLength(0);
    } finally {
      await admin.release();
    }
    expect((await firstAnswer).status).toBe(201);
    expect(await stockOf(ctx.database.db, first.variantId)).toBe(0);
  });
});

/** An admin saving a product holds its variant's stock row, from when this resolves until `release()`. */
async function holdStockRow(variantId: string) {
  let release!: () => void;
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const admin = ctx.database.db.transaction(async (tx) => {
    await tx.select().from(variants).where(eq(variants.id, variantId)).for('update');
    locked();
    await new Promise<void>((r) => (release = r));
  });
  await isLocked;
  return {
    async release() {
      release();
      await admin;
    },
  };
}
