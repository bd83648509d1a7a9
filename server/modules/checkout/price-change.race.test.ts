import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CheckoutConflict } from '../../../contract/checkout';
import { deliveryFee } from '../../../contract/delivery';
import { cartItems, deliveryAreas, discountProducts, discounts, orders, variants } from '../../db/schema';
import { raceEngine } from '../../test/harness';
import {
  api,
  checkoutBody,
  checkoutWith,
  createProduct,
  phoneEnding,
  servedContextForFile,
  shopper,
  shownFor,
  stockOf,
  type Api,
} from '../../test/shop';
import { deliverySettings } from '../delivery/service';

// The amount a shopper is asked to pay is the amount the page showed (docs/architecture.md,
// Checkout): whatever changed between the page and Pay, checkout charges the shown total or answers
// 409 `price_changed` with the new figures. On both engines (see raceEngine); the clock is the
// test's, never the wall clock.

const ctx = servedContextForFile();

/** The test's clock: a fixed morning, moved by hand. */
const MORNING = new Date('2031-03-04T06:00:00.000Z');
const OFFER_ENDS = new Date(MORNING.getTime() + 60_000);
const AFTER_OFFER = new Date(MORNING.getTime() + 120_000);

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(MORNING);
});
afterAll(() => {
  vi.useRealTimers();
});

/** Milk (1 L) at KSH 100, half price until OFFER_ENDS; `stock` units. */
async function milkOnOffer(stock = 100) {
  const { db } = ctx.database;
  const product = await createProduct(db, {
    name: 'Milk',
    variants: [{ name: '1 L', price: 100, quantity: stock }],
  });
  const [d] = await db
    .insert(discounts)
    .values({
      name: 'Morning milk',
      kind: 'percentage',
      value: 50,
      startsAt: new Date(MORNING.getTime() - 3_600_000),
      endsAt: OFFER_ENDS,
    })
    .returning({ id: discounts.id });
  await db.insert(discountProducts).values({ discountId: d!.id, productId: product.productId });
  return product;
}

/** A shopper with one unit of the product in the cart. */
async function shopperWith(product: { productId: string }) {
  const s = await shopper(ctx);
  const call = api(ctx, s.token);
  expect((await call.post('/cart', { item: { productId: product.productId, quantity: 1 } })).status).toBe(
    200,
  );
  return { ...s, call };
}

/** Pay pressed with what the page showed: the answer, its body, and what the shopper now has. */
async function pay(call: Api, body: ReturnType<typeof checkoutBody> & { shown: unknown }) {
  const res = await checkoutWith(call, body);
  return { status: res.status, body: await res.json() };
}

/** A 409 price_changed that placed nothing: no order, no prompt, the units and the cart untouched. */
async function expectNothingTaken(s: { id: string }, variantId: string, stock: number, pushesBefore: number) {
  expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, s.id))).toEqual([]);
  expect(ctx.pushes.length).toBe(pushesBefore);
  expect(await stockOf(ctx.database.db, variantId)).toBe(stock);
  expect(await ctx.database.db.select().from(cartItems).where(eq(cartItems.userId, s.id))).toHaveLength(1);
}

/** Money as the messages write it. */
const ksh = (n: number) => `KSH ${n.toLocaleString('en-KE')}`;

const westlandsFee = () => deliveryFee({ lat: -1.2676, lng: 36.8108 }, deliverySettings(ctx.env));

describe(`checkout charges the total the page showed (${raceEngine})`, () => {
  it('refuses with the new figures when the offer ended between the page and Pay, and places nothing', async () => {
    vi.setSystemTime(MORNING);
    const milk = await milkOnOffer();
    const s = await shopperWith(milk);
    const body = checkoutBody(phoneEnding('00'));
    const shown = await shownFor(s.call, body);
    const fee = westlandsFee();
    expect(shown).toMatchObject({ total: 50 + fee, items: [{ price: 50 }] });
    const pushesBefore = ctx.pushes.length;

    vi.setSystemTime(AFTER_OFFER);
    const answer = await pay(s.call, { ...body, shown });
    expect(answer.status).toBe(409);
    expect(CheckoutConflict.parse(answer.body)).toEqual(answer.body);
    expect(answer.body.code).toBe('price_changed');
    expect(answer.body.message).toContain(
      `The offer on Milk (1 L) ended: it costs KSH 100, not KSH 50. Your total is now ${ksh(100 + fee)}, not ${ksh(50 + fee)}`,
    );
    expect(answer.body.priceChange).toMatchObject({
      shownTotal: 50 + fee,
      cart: { total: 100 + fee, subtotal: 100, shippingRate: fee, Items: [{ price: 100, onSale: false }] },
    });
    await expectNothingTaken(s, milk.variantIds[0]!, 100, pushesBefore);

    // Pressed again, knowingly, with the new figures: placed at exactly that total.
    const again = await pay(s.call, { ...body, shown: await shownFor(s.call, body) });
    expect(again.status).toBe(201);
    expect(again.body.data.total).toBe(100 + fee);
  });

  it('refuses when the shop edited the price between the page and Pay', async () => {
    vi.setSystemTime(MORNING);
    const product = await createProduct(ctx.database.db, {
      name: 'Sukuma wiki',
      variants: [{ name: 'Bunch', price: 40, quantity: 9 }],
    });
    const s = await shopperWith(product);
    const body = checkoutBody(phoneEnding('00'));
    const shown = await shownFor(s.call, body);
    const fee = westlandsFee();
    const pushesBefore = ctx.pushes.length;

    await ctx.database.db.update(variants).set({ price: 60 }).where(eq(variants.id, product.variantIds[0]!));
    const answer = await pay(s.call, { ...body, shown });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('price_changed');
    expect(answer.body.message).toContain(
      `The price of Sukuma wiki (Bunch) changed from KSH 40 to KSH 60. Your total is now ${ksh(60 + fee)}, not ${ksh(40 + fee)}`,
    );
    expect(answer.body.priceChange.cart).toMatchObject({ total: 60 + fee, Items: [{ price: 60 }] });
    await expectNothingTaken(s, product.variantIds[0]!, 9, pushesBefore);
  });

  it('refuses when the delivery fee changed between the page and Pay', async () => {
    vi.setSystemTime(MORNING);
    const settings = deliverySettings(ctx.env);
    const near = { lat: -1.2676, lng: 36.8108 };
    const far = { lat: -1.476, lng: 36.963 };
    const [nearFee, farFee] = [deliveryFee(near, settings), deliveryFee(far, settings)];
    expect(farFee).not.toBe(nearFee);
    await ctx.database.db.insert(deliveryAreas).values({ id: 'test-moving-area', name: 'Moving', ...near });
    const product = await createProduct(ctx.database.db, {
      variants: [{ name: 'Bag', price: 300, quantity: 9 }],
    });
    const s = await shopperWith(product);
    const body = checkoutBody(phoneEnding('00'), { deliveryAreaId: 'test-moving-area' });
    const shown = await shownFor(s.call, body);
    expect(shown).toMatchObject({ shippingRate: nearFee, total: 300 + nearFee });
    const pushesBefore = ctx.pushes.length;

    await ctx.database.db.update(deliveryAreas).set(far).where(eq(deliveryAreas.id, 'test-moving-area'));
    const answer = await pay(s.call, { ...body, shown });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('price_changed');
    expect(answer.body.message).toContain(
      `The delivery fee changed from ${ksh(nearFee)} to ${ksh(farFee)}. Your total is now ${ksh(300 + farFee)}, not ${ksh(300 + nearFee)}`,
    );
    expect(answer.body.priceChange.cart).toMatchObject({ shippingRate: farFee, total: 300 + farFee });
    await expectNothingTaken(s, product.variantIds[0]!, 9, pushesBefore);
  });

  it('charges every shopper racing the end of an offer exactly the total they saw, or refuses them', async () => {
    vi.setSystemTime(MORNING);
    const milk = await milkOnOffer();
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWith(milk)));
    const body = checkoutBody(phoneEnding('00'));
    const shown = await Promise.all(shoppers.map((s) => shownFor(s.call, body)));
    const fee = westlandsFee();
    expect(new Set(shown.map((f) => f.total))).toEqual(new Set([50 + fee]));
    const pushesBefore = ctx.pushes.length;

    // Half press Pay at once; the offer ends as soon as the first answer is back, while the rest of
    // them are still on their way, and the other half press Pay then, with the same page.
    const press = (i: number) =>
      pay(shoppers[i]!.call, { ...body, phone: phoneEnding('09'), shown: shown[i]! });
    let firstBack = () => {};
    const back = new Promise<void>((resolve) => (firstBack = resolve));
    const early = shoppers.slice(0, 10).map(async (_, i) => {
      const answer = await press(i);
      firstBack();
      return answer;
    });
    await back;
    vi.setSystemTime(AFTER_OFFER);
    const late = shoppers.slice(10).map((_, i) => press(10 + i));
    const answers = await Promise.all([...early, ...late]);
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    for (const a of refused) {
      expect(a.status).toBe(409);
      expect(['price_changed', 'offer_ended']).toContain(a.body.code);
    }
    expect(placed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);

    // Every order, and every prompt, is for the total its shopper saw.
    const made = await ctx.database.db
      .select({ total: orders.total, number: orders.number })
      .from(orders)
      .where(
        inArray(
          orders.userId,
          shoppers.map((s) => s.id),
        ),
      );
    expect(made).toHaveLength(placed.length);
    expect(made.every((o) => o.total === 50 + fee)).toBe(true);
    const prompts = ctx.pushes.slice(pushesBefore) as { Amount: number }[];
    expect(prompts.map((p) => p.Amount)).toEqual(made.map(() => 50 + fee));
    expect(await stockOf(ctx.database.db, milk.variantIds[0]!)).toBe(100 - placed.length);
  });
});
