import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, discounts, orderDiscounts, orders } from '../../db/schema';
import { raceEngine } from '../../test/harness';
import {
  api,
  checkoutBody,
  checkoutWith,
  createProduct,
  createPromo,
  idempotencyKey,
  phoneEnding,
  servedContextForFile,
  shopper,
  shownFor,
  waitForOrder,
} from '../../test/shop';

// Races (see raceEngine) of promo codes at checkout, over real HTTP: the code's limit in all is one
// conditional update, and a shopper's own limit is counted under the shopper's lock.

const ctx = servedContextForFile({ PROMO_WRONG_CODES_PER_IP: '10000' });
const db = () => ctx.database.db;

const newCode = () => `RACE-${randomBytes(3).toString('hex').toUpperCase()}`;

const usesTaken = async (discountId: string) =>
  (await db().select({ n: discounts.redemptions }).from(discounts).where(eq(discounts.id, discountId)))[0]!.n;

describe(`promo code races (${raceEngine})`, () => {
  it('gives a code limited to 10 uses to exactly 10 of 30 shoppers checking out at once', async () => {
    const product = await createProduct(db(), { variants: [{ name: 'Kg', price: 400, quantity: 100 }] });
    const code = newCode();
    const discountId = await createPromo(db(), { code, appliesTo: 'order', value: 25, usageLimit: 10 });
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => shopper(ctx)));
    await db()
      .insert(cartItems)
      .values(
        shoppers.map((s) => ({
          userId: s.id,
          productId: product.productId,
          variantId: product.variantIds[0]!,
          quantity: 1,
        })),
      );
    // Every page shows the code applied before anyone presses Pay.
    const body = { ...checkoutBody(phoneEnding('09')), promoCode: code };
    const shown = await shownFor(api(ctx, shoppers[0]!.token), body);
    expect(shown.total).toBe(300 + shown.shippingRate);
    const answers = await Promise.all(
      shoppers.map((s) =>
        checkoutWith(api(ctx, s.token), { ...body, phone: phoneEnding('09'), shown }, idempotencyKey()),
      ),
    );
    const placed = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
    expect(placed.filter((p) => p.status === 201)).toHaveLength(10);
    for (const p of placed.filter((x) => x.status !== 201)) {
      expect(p.status).toBe(409);
      expect(p.body.code).toBe('promo_refused');
      expect(p.body.message).toContain(`The code ${code} has been used up.`);
    }
    const withCode = await db()
      .select({ id: orders.id, total: orders.total })
      .from(orders)
      .where(
        and(
          inArray(
            orders.userId,
            shoppers.map((s) => s.id),
          ),
          eq(orders.promoCode, code),
        ),
      );
    expect(withCode).toHaveLength(10);
    expect(withCode.every((o) => o.total === shown.total)).toBe(true);
    // No order without it either: the refused ones placed nothing and kept their carts.
    const all = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.userId,
          shoppers.map((s) => s.id),
        ),
      );
    expect(all).toHaveLength(10);
    expect(await usesTaken(discountId)).toBe(10);
    expect(
      await db()
        .select({ n: orderDiscounts.orderId })
        .from(orderDiscounts)
        .where(eq(orderDiscounts.discountId, discountId)),
    ).toHaveLength(10);
    expect(
      await db().select().from(cartItems).where(eq(cartItems.productId, product.productId)),
    ).toHaveLength(20);
  });

  it('gives a once-per-shopper code once to a shopper paying two orders with it at once', async () => {
    const product = await createProduct(db(), { variants: [{ name: 'Kg', price: 600, quantity: 100 }] });
    const code = newCode();
    const discountId = await createPromo(db(), { code, appliesTo: 'order', value: 10, perShopperLimit: 1 });
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    // A first order with the code whose payment failed: its use went back, so the code is free again.
    await call.post('/cart', { item: { productId: product.productId, quantity: 1 } });
    const first = await checkoutWith(call, { ...checkoutBody(phoneEnding('01')), promoCode: code });
    expect(first.status).toBe(201);
    const failedId = (await first.json()).data.orderId;
    await waitForOrder(ctx, s.token, failedId, (o) => o.paymentStatus === 'failed');
    expect(await usesTaken(discountId)).toBe(0);

    // Now, at once: paying the failed order again, and checking out a new cart with the code.
    await call.post('/cart', { item: { productId: product.productId, quantity: 2 } });
    const body = { ...checkoutBody(phoneEnding('09')), promoCode: code };
    const shown = await shownFor(call, body);
    const [retry, fresh] = await Promise.all([
      call.post(`/orders/${failedId}/pay`, { phone: phoneEnding('09') }),
      checkoutWith(call, { ...body, shown }, idempotencyKey()),
    ]);
    const statuses = [retry.status, fresh.status];
    // Exactly one of them got the shopper's one use; the other is a 409 that took nothing.
    expect(statuses.sort()).toEqual([201, 409]);
    const loser = await (retry.status === 409 ? retry : fresh).json();
    expect(loser.code).toBe('promo_refused');
    expect(loser.message).toContain(`You have already used the code ${code}.`);
    const holding = await db()
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderDiscounts, eq(orderDiscounts.orderId, orders.id))
      .where(
        and(
          eq(orders.userId, s.id),
          eq(orders.stockReserved, true),
          eq(orderDiscounts.discountId, discountId),
        ),
      );
    expect(holding).toHaveLength(1);
    expect(await usesTaken(discountId)).toBe(1);
    const placedWithCode = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, s.id), isNotNull(orders.promoCode)));
    // The failed order, and the new one only if it won.
    expect(placedWithCode).toHaveLength(fresh.status === 201 ? 2 : 1);
  });
});
