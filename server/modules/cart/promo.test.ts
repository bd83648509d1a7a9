import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Cart } from '../../../contract/cart';
import { deliveryFee } from '../../../contract/delivery';
import { categories, discounts, productCategories } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { api, createProduct, createPromo, shopper, type TestPromo } from '../../test/shop';
import { deliverySettings } from '../delivery/service';

// A shopper types a promo code at the cart: the signed-in cart (GET /v1/cart?promoCode=) and the
// guest quote (POST /v1/cart/quote) answer the cart priced with it, or the sentence why it gives
// nothing. The clock is the test's. Guessing is tested in promo-guesses.test.ts, so here the
// per-address allowance is out of the way (every test request comes from one address).

let ctx: TestContext;
const MORNING = new Date('2031-05-06T07:00:00.000Z');
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(MORNING);
  ctx = await createTestContext({
    PROMO_WRONG_CODES_PER_IP: '10000',
    PROMO_WRONG_CODES_PER_ACCOUNT: '10000',
  });
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const db = () => ctx.database.db;
const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex').toUpperCase()}`;
const westlandsFee = () => deliveryFee({ lat: -1.2676, lng: 36.8108 }, deliverySettings(ctx.env));

/** A promo with a fresh code; answers the code. */
async function promo(p: Omit<TestPromo, 'code'> & { code?: string }) {
  const code = p.code ?? unique('T');
  await createPromo(db(), { ...p, code });
  return code;
}

/** A signed-in shopper whose cart holds `lines` (product, quantity). */
async function shopperWith(lines: [{ productId: string }, number][]) {
  const s = await shopper(ctx);
  const call = api(ctx, s.token);
  for (const [p, quantity] of lines) {
    expect((await call.post('/cart', { item: { productId: p.productId, quantity } })).status).toBe(200);
    // Lines are listed oldest first: a millisecond apart on the test's clock.
    vi.setSystemTime(Date.now() + 1);
  }
  return {
    ...s,
    call,
    cart: async (query: string) => {
      const res = await call.get(`/cart?${query}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return Cart.parse((await res.json()).data);
    },
  };
}

const product = (price: number, o: { discountPercent?: number; quantity?: number } = {}) =>
  createProduct(db(), {
    variants: [{ name: 'One', price, quantity: o.quantity ?? 50 }],
    discountPercent: o.discountPercent,
  });

async function categoryWith(productId: string) {
  const slug = `promo-${randomBytes(3).toString('hex')}`;
  const [c] = await db()
    .insert(categories)
    .values({ slug, name: slug, icon: 'mdiTag', color: 'green' })
    .returning({ id: categories.id });
  await db().insert(productCategories).values({ productId, categoryId: c!.id });
  return c!.id;
}

describe('a code on products and categories', () => {
  it('prices the lines it covers, by product or through a category, and leaves the others', async () => {
    const [rice, beans, salt] = [await product(400), await product(300), await product(50)];
    const code = await promo({
      value: 25,
      name: 'Quarter off staples',
      productIds: [rice.productId],
      categoryIds: [await categoryWith(beans.productId)],
    });
    const s = await shopperWith([
      [rice, 2],
      [beans, 1],
      [salt, 3],
    ]);
    const cart = await s.cart(`promoCode=${code.toLowerCase()}`);
    expect(cart.Items.map((i) => [i.price, i.onSale, i.totalPrice])).toEqual([
      [300, true, 600],
      [225, true, 225],
      [50, false, 150],
    ]);
    expect(cart).toMatchObject({
      subtotal: 975,
      orderSaving: 0,
      shippingRate: 0,
      total: 975,
      promo: { applied: true, code, name: 'Quarter off staples', appliesTo: 'items', saving: 200 + 75 },
    });
    // Removed: the prices come back.
    const plain = await s.cart('');
    expect(plain).toMatchObject({ subtotal: 1250, total: 1250, promo: null });
  });

  it('gives a line the better of the code and its automatic discount, never both', async () => {
    const onSale = await product(1000, { discountPercent: 20 });
    const plain = await product(1000);
    const better = await promo({ value: 50, productIds: [onSale.productId] });
    const s = await shopperWith([[onSale, 1]]);
    // 50 % beats the 20 % sale: 500, not 1000 × 0.8 × 0.5.
    expect((await s.cart(`promoCode=${better}`)).Items[0]).toMatchObject({ price: 500, totalPrice: 500 });
    expect((await s.cart(`promoCode=${better}`)).promo).toMatchObject({ applied: true, saving: 300 });

    // 10 % loses to the sale on that line; it still prices the line it beats.
    const worse = await promo({ value: 10, productIds: [onSale.productId, plain.productId] });
    expect((await s.cart(`promoCode=${worse}`)).promo).toEqual({
      applied: false,
      code: worse,
      reason: 'better_offer',
      message: `The items ${worse} covers already have a better price in your cart.`,
    });
    await s.call.post('/cart', { item: { productId: plain.productId, quantity: 1 } });
    const both = await s.cart(`promoCode=${worse}`);
    expect(both.Items.map((i) => i.price)).toEqual([800, 900]);
    expect(both.promo).toMatchObject({ applied: true, saving: 100 });
  });

  it('never prices a line below KSH 1', async () => {
    const sweets = await product(20);
    const code = await promo({ kind: 'fixed', value: 500, productIds: [sweets.productId] });
    const s = await shopperWith([[sweets, 3]]);
    expect(await s.cart(`promoCode=${code}`)).toMatchObject({
      Items: [{ price: 1, totalPrice: 3 }],
      subtotal: 3,
      total: 3,
      promo: { applied: true, saving: 57 },
    });
  });
});

describe('a code on the order or the delivery', () => {
  it('takes a share of the subtotal left after the line prices, in whole shillings', async () => {
    const [milk, bread] = [await product(655, { discountPercent: 20 }), await product(65)];
    const code = await promo({ value: 10, appliesTo: 'order', name: 'Karibu' });
    const s = await shopperWith([
      [milk, 1],
      [bread, 1],
    ]);
    const fee = westlandsFee();
    const cart = await s.cart(`promoCode=${code}&deliveryAreaId=westlands`);
    // 524 + 65 = 589; 10 % is 58.9, so the order costs round(530.1) = 530: a saving of 59.
    expect(cart).toMatchObject({
      subtotal: 589,
      orderSaving: 59,
      shippingRate: fee,
      total: 530 + fee,
      promo: { applied: true, appliesTo: 'order', saving: 59 },
    });
    expect(cart.Items.map((i) => i.price)).toEqual([524, 65]);
  });

  it('leaves at least KSH 1 of the subtotal', async () => {
    const egg = await product(30);
    const code = await promo({ kind: 'fixed', value: 5_000, appliesTo: 'order' });
    const s = await shopperWith([[egg, 2]]);
    expect(await s.cart(`promoCode=${code}&deliveryAreaId=westlands`)).toMatchObject({
      subtotal: 60,
      orderSaving: 59,
      total: 1 + westlandsFee(),
    });
  });

  it('takes its part of the delivery fee: free delivery at 100 %, never below 0', async () => {
    const flour = await product(200);
    const s = await shopperWith([[flour, 1]]);
    const fee = westlandsFee();
    expect(fee).toBeGreaterThan(1);
    const free = await promo({ value: 100, appliesTo: 'delivery', name: 'Free delivery' });
    expect(await s.cart(`promoCode=${free}&deliveryAreaId=westlands`)).toMatchObject({
      shippingRate: 0,
      total: 200,
      promo: { applied: true, appliesTo: 'delivery', saving: fee },
    });
    const half = await promo({ value: 50, appliesTo: 'delivery' });
    expect((await s.cart(`promoCode=${half}&deliveryAreaId=westlands`)).shippingRate).toBe(
      fee - Math.round(fee / 2),
    );
    const fixed = await promo({ kind: 'fixed', value: fee + 500, appliesTo: 'delivery' });
    expect(await s.cart(`promoCode=${fixed}&deliveryAreaId=westlands`)).toMatchObject({
      shippingRate: 0,
      total: 200,
    });
  });
});

describe('every refusal is a sentence, and the cart keeps its prices', () => {
  it('answers why a code gives nothing', async () => {
    const tea = await product(250);
    const other = await product(100);
    const s = await shopperWith([[tea, 2]]);
    const cases: [Omit<TestPromo, 'code'> | null, string, (code: string) => string][] = [
      [null, 'unknown', (c) => `There is no promo code ${c}. Check the spelling and try again.`],
      [
        { startsAt: new Date(MORNING.getTime() + 3_600_000) },
        'not_started',
        (c) => `The code ${c} cannot be used yet.`,
      ],
      [{ endsAt: MORNING }, 'ended', (c) => `The code ${c} has ended.`],
      [{ active: false }, 'ended', (c) => `The code ${c} has ended.`],
      [{ usageLimit: 1 }, 'used_up', (c) => `The code ${c} has been used up.`],
      [
        { appliesTo: 'items', productIds: [other.productId] },
        'no_items',
        (c) => `The code ${c} applies to none of the items in your cart.`,
      ],
      [
        { appliesTo: 'order', minSubtotal: 600 },
        'min_subtotal',
        (c) => `Spend at least KSH 100 more to use the code ${c}.`,
      ],
    ];
    for (const [p, reason, message] of cases) {
      const code = unique('R');
      if (p) {
        const id = await createPromo(db(), { appliesTo: 'order', ...p, code });
        // A used-up code: its one use held by someone's order.
        if (reason === 'used_up') await usedUp(id);
      }
      const cart = await s.cart(`promoCode=${code}&deliveryAreaId=westlands`);
      expect(cart.promo, reason).toEqual({ applied: false, code, reason, message: message(code) });
      expect(cart).toMatchObject({ subtotal: 500, orderSaving: 0, total: 500 + westlandsFee() });
      expect(cart.Items[0]).toMatchObject({ price: 250, onSale: false });
    }
  });

  it('checks a guest for everything but the per-shopper and first-order rules, which wait for sign-in', async () => {
    const jam = await product(300);
    const first = await promo({ appliesTo: 'order', firstOrderOnly: true, value: 10 });
    const quote = (promoCode: string) =>
      api(ctx).post('/cart/quote', {
        items: [{ itemId: 'g-1', productId: jam.productId, variantId: jam.variantIds[0], quantity: 2 }],
        promoCode,
      });
    const res = await quote(` ${first.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(Cart.parse((await res.json()).data)).toMatchObject({
      subtotal: 600,
      orderSaving: 60,
      total: 540,
      promo: { applied: true, code: first },
    });
    const ended = await promo({ appliesTo: 'order', endsAt: MORNING });
    expect((await (await quote(ended)).json()).data.promo).toMatchObject({ applied: false, reason: 'ended' });
    const unknown = (await (await quote('NOPE-123')).json()).data;
    expect(unknown).toMatchObject({
      total: 600,
      promo: { applied: false, reason: 'unknown', code: 'NOPE-123' },
    });
  });

  it('keeps cart changes plain: no code, no fee', async () => {
    const oil = await product(500);
    const code = await promo({ appliesTo: 'order' });
    const s = await shopperWith([[oil, 1]]);
    expect((await s.cart(`promoCode=${code}`)).promo).toMatchObject({ applied: true });
    const added = await s.call.post('/cart', { item: { productId: oil.productId, quantity: 1 } });
    expect((await added.json()).data).toMatchObject({
      subtotal: 1000,
      orderSaving: 0,
      total: 1000,
      promo: null,
    });
  });
});

describe('bad codes in the request', () => {
  it('refuses a malformed promoCode with a 400 naming the field', async () => {
    const s = await shopperWith([]);
    for (const bad of ['ab', 'a'.repeat(33), 'SAVE 10', 'SAVE%2110', '%C3%A9t%C3%A9']) {
      const res = await s.call.get(`/cart?promoCode=${bad}`);
      expect(res.status, bad).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('validation_failed');
      expect(body.issues[0].path).toBe('promoCode');
    }
    for (const promoCode of [12, null, '', 'x!', ['A1B2']]) {
      const res = await api(ctx).post('/cart/quote', { items: [], promoCode });
      expect(res.status, JSON.stringify(promoCode)).toBe(400);
      expect((await res.json()).issues[0].path).toBe('promoCode');
    }
  });
});

/** Marks the discount's only use as taken (as an order holding it would). */
async function usedUp(discountId: string) {
  await db().update(discounts).set({ redemptions: 1 }).where(eq(discounts.id, discountId));
}
