import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, orders } from '../../db/schema';
import { raceEngine } from '../../test/harness';
import {
  api,
  checkoutBody,
  checkoutWith,
  createProduct,
  idempotencyKey,
  phoneEnding,
  servedContextForFile,
  shopper,
  shownFor,
  stockOf,
  waitForOrder,
} from '../../test/shop';

// Races (see raceEngine): shoppers checking out at once over real HTTP.

const ctx = servedContextForFile();

describe(`checkout races (${raceEngine})`, () => {
  it('lets exactly one of 50 shoppers checking out at once have the last unit', async () => {
    const product = await createProduct(ctx.database.db, {
      name: 'Last goat',
      variants: [{ name: 'Whole', price: 9_000, quantity: 1 }],
    });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper(ctx)));
    await ctx.database.db.insert(cartItems).values(
      shoppers.map((s) => ({
        userId: s.id,
        productId: product.productId,
        variantId: product.variantIds[0]!,
        quantity: 1,
      })),
    );
    // Every cart costs the same: what one checkout page shows is what all of them show.
    const body = checkoutBody(phoneEnding('00'));
    const shown = await shownFor(api(ctx, shoppers[0]!.token), body);
    const pushesBefore = ctx.pushes.length;
    const answers = await Promise.all(
      shoppers.map((s) => checkoutWith(api(ctx, s.token), { ...body, shown }, idempotencyKey())),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const refused = await answers.find((r) => r.status === 409)!.json();
    expect(refused).toMatchObject({ code: 'out_of_stock' });
    expect(refused.message).toContain('Sorry, Last goat (Whole) just sold out.');
    // The same sentences as catalogue keys, for the storefront to say in the shopper's language.
    expect(refused.words).toEqual([
      { key: 'justSoldOut', values: { label: 'Last goat (Whole)' } },
      { key: 'hintCart' },
    ]);
    expect(await stockOf(ctx.database.db, product.variantIds[0]!)).toBe(0);
    const placed = await ctx.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.userId,
          shoppers.map((s) => s.id),
        ),
      );
    expect(placed).toHaveLength(1);
    expect(ctx.pushes.length - pushesBefore).toBe(1);
    // The losers keep their carts.
    expect(
      await ctx.database.db.select().from(cartItems).where(eq(cartItems.productId, product.productId)),
    ).toHaveLength(49);
    const winner = shoppers.find((s) => s.id === placed[0]!.userId)!;
    await waitForOrder(ctx, winner.token, placed[0]!.id);
  });

  it('makes one order and one prompt of five clicks at once with the same Idempotency-Key', async () => {
    const product = await createProduct(ctx.database.db, {
      variants: [{ name: 'Bag', price: 300, quantity: 10 }],
    });
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    await call.post('/cart', { item: { productId: product.productId, quantity: 2 } });
    const key = idempotencyKey();
    const body = checkoutBody(phoneEnding('00'));
    const pushesBefore = ctx.pushes.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkoutWith(call, body, key)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).data.orderId as string)));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(4);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, s.id))).toHaveLength(1);
    expect(ctx.pushes.length - pushesBefore).toBe(1);
    expect(await stockOf(ctx.database.db, product.variantIds[0]!)).toBe(8);
    await waitForOrder(ctx, s.token, [...ids][0]!);
  });
});
