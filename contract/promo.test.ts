import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart';
import { cartView } from './cart-view';
import {
  applyPromo,
  normalisePromoCode,
  PROMO_CODE_PATTERN,
  promoRefusal,
  type PromoRecord,
  type PromoShopper,
} from './promo';

// Pricing a cart with a typed code: the rule the server charges by and the mocks stand in with.

const NOW = new Date('2031-01-15T09:00:00.000Z');
const HOUR = 3_600_000;

/** A cart line: `price` is today's price (a sale's when `originalPrice` is higher). */
function line(itemId: string, originalPrice: number, quantity = 1, price = originalPrice): CartItem {
  return {
    itemId,
    productId: `00000000-0000-4000-8000-00000000000${itemId.length}`,
    productPid: itemId,
    variantId: '00000000-0000-4000-8000-000000000000',
    name: itemId,
    variantName: 'One',
    attributes: [],
    categoryId: null,
    image: null,
    quantity,
    price,
    originalPrice,
    onSale: price < originalPrice,
    totalPrice: price * quantity,
    stock: 99,
    available: true,
  };
}

function promo(p: Partial<PromoRecord> = {}): PromoRecord {
  return {
    discountId: 'd-1',
    name: 'Karibu',
    code: 'KARIBU10',
    kind: 'percentage',
    value: 10,
    active: true,
    startsAt: new Date(NOW.getTime() - HOUR),
    endsAt: null,
    usageLimit: null,
    redemptions: 0,
    appliesTo: 'order',
    minSubtotal: null,
    firstOrderOnly: false,
    perShopperLimit: 1,
    ...p,
  };
}

const newShopper: PromoShopper = { hasPaidOrder: false, usesOfCode: 0 };
const all = () => true;

describe('applyPromo refusals', () => {
  const cart = cartView([line('tea', 250, 2)], 120);
  const refusal = (record: PromoRecord | null, shopper: PromoShopper | null = newShopper, covers = all) =>
    applyPromo(cart, 'karibu10', record, covers, shopper, NOW);

  it('explains each refusal in a sentence and leaves the cart as it was', () => {
    const cases: [PromoRecord | null, PromoShopper | null, string, string][] = [
      [null, newShopper, 'unknown', 'There is no promo code KARIBU10. Check the spelling and try again.'],
      [
        promo({ startsAt: new Date(NOW.getTime() + 1) }),
        newShopper,
        'not_started',
        'The code KARIBU10 cannot be used yet.',
      ],
      [promo({ endsAt: NOW }), newShopper, 'ended', 'The code KARIBU10 has ended.'],
      [promo({ active: false }), newShopper, 'ended', 'The code KARIBU10 has ended.'],
      [
        promo({ usageLimit: 5, redemptions: 5 }),
        newShopper,
        'used_up',
        'The code KARIBU10 has been used up.',
      ],
      [
        promo(),
        { hasPaidOrder: false, usesOfCode: 1 },
        'used_by_you',
        'You have already used the code KARIBU10.',
      ],
      [
        promo({ firstOrderOnly: true }),
        { hasPaidOrder: true, usesOfCode: 0 },
        'first_order',
        'The code KARIBU10 is only for a first order.',
      ],
      [
        promo({ minSubtotal: 1_500 }),
        newShopper,
        'min_subtotal',
        'Spend at least KSH 1,000 more to use the code KARIBU10.',
      ],
    ];
    for (const [record, shopper, reason, message] of cases) {
      const { cart: priced, applied, promoLines } = refusal(record, shopper);
      expect(priced.promo, reason).toEqual({ applied: false, code: 'KARIBU10', reason, message });
      expect(priced).toMatchObject({ subtotal: 500, orderSaving: 0, shippingRate: 120, total: 620 });
      expect(applied).toBeNull();
      expect(promoLines.size).toBe(0);
    }
  });

  it('refuses an items code covering nothing, or only lines already priced lower', () => {
    expect(refusal(promo({ appliesTo: 'items' }), newShopper, () => false).cart.promo).toMatchObject({
      reason: 'no_items',
      message: 'The code KARIBU10 applies to none of the items in your cart.',
    });
    const onSale = cartView([line('milk', 100, 1, 50)], 0);
    expect(
      applyPromo(onSale, 'KARIBU10', promo({ appliesTo: 'items' }), all, null, NOW).cart.promo,
    ).toMatchObject({
      reason: 'better_offer',
    });
  });

  it('checks the per-shopper and first-order rules only for a signed-in shopper', () => {
    const record = promo({ firstOrderOnly: true, perShopperLimit: 1 });
    expect(refusal(record, null).cart.promo).toMatchObject({ applied: true });
    expect(
      refusal(promo({ perShopperLimit: null }), { hasPaidOrder: true, usesOfCode: 9 }).cart.promo,
    ).toMatchObject({
      applied: true,
    });
  });

  it('passes the start instant and stops at the end instant', () => {
    expect(refusal(promo({ startsAt: NOW })).cart.promo).toMatchObject({ applied: true });
    expect(refusal(promo({ endsAt: new Date(NOW.getTime() + 1) })).cart.promo).toMatchObject({
      applied: true,
    });
  });

  it('says nothing without a code', () => {
    const { cart: same, applied } = applyPromo(cart, null, promo(), all, newShopper, NOW);
    expect(same).toBe(cart);
    expect(applied).toBeNull();
  });

  it('phrases the checkout 409 from the sentence', () => {
    const refused = refusal(promo({ endsAt: NOW })).cart.promo;
    if (refused?.applied !== false) throw new Error('expected a refusal');
    expect(promoRefusal(refused)).toEqual({
      status: 409,
      code: 'promo_refused',
      message:
        'The code KARIBU10 has ended. Your order was not placed: remove the code or change your cart, then press Pay again.',
    });
  });
});

describe('applyPromo prices', () => {
  it('prices covered lines with the code only where it beats their sale, never both', () => {
    const cart = cartView([line('sale', 1000, 1, 800), line('plain', 500, 2), line('other', 300)], 0);
    const covers = (l: CartItem) => l.itemId !== 'other';
    const ten = applyPromo(cart, 'X10', promo({ code: 'X10', appliesTo: 'items' }), covers, newShopper, NOW);
    expect(ten.cart.Items.map((i) => i.price)).toEqual([800, 450, 300]);
    expect([...ten.promoLines]).toEqual(['plain']);
    expect(ten.cart).toMatchObject({
      subtotal: 800 + 900 + 300,
      total: 2000,
      promo: { applied: true, saving: 100 },
    });
    const half = applyPromo(
      cart,
      'X50',
      promo({ code: 'X50', value: 50, appliesTo: 'items' }),
      covers,
      newShopper,
      NOW,
    );
    expect(half.cart.Items.map((i) => i.price)).toEqual([500, 250, 300]);
    expect([...half.promoLines].sort()).toEqual(['plain', 'sale']);
    expect(half.cart.promo).toMatchObject({ saving: 300 + 500 });
  });

  it('never prices a line below KSH 1, and rounds a percentage to whole shillings', () => {
    const cart = cartView([line('sweet', 20, 3), line('odd', 15)], 0);
    const fixed = applyPromo(
      cart,
      'BIG',
      promo({ kind: 'fixed', value: 1_000, appliesTo: 'items' }),
      all,
      null,
      NOW,
    );
    expect(fixed.cart.Items.map((i) => [i.price, i.totalPrice])).toEqual([
      [1, 3],
      [1, 1],
    ]);
    // 15 × 0.67 = 10.05 → 10; 20 × 0.67 = 13.4 → 13.
    const pct = applyPromo(cart, 'P33', promo({ value: 33, appliesTo: 'items' }), all, null, NOW);
    expect(pct.cart.Items.map((i) => i.price)).toEqual([13, 10]);
  });

  it('takes an order saving off the subtotal left, in whole shillings and never below KSH 1', () => {
    const cart = cartView([line('a', 655), line('b', 240)], 150);
    const priced = applyPromo(cart, 'K', promo(), all, newShopper, NOW).cart;
    // 895 × 0.9 = 805.5 → 806: a saving of 89.
    expect(priced).toMatchObject({ subtotal: 895, orderSaving: 89, shippingRate: 150, total: 806 + 150 });
    expect(priced.promo).toMatchObject({ applied: true, appliesTo: 'order', saving: 89 });
    const huge = applyPromo(cart, 'K', promo({ kind: 'fixed', value: 10_000 }), all, newShopper, NOW).cart;
    expect(huge).toMatchObject({ orderSaving: 894, total: 1 + 150 });
  });

  it('takes part or all of the delivery fee, never below 0', () => {
    const cart = cartView([line('a', 300)], 175);
    const on = (p: Partial<PromoRecord>) =>
      applyPromo(cart, 'D', promo({ appliesTo: 'delivery', ...p }), all, null, NOW).cart;
    expect(on({ value: 100 })).toMatchObject({ shippingRate: 0, total: 300, promo: { saving: 175 } });
    // 175 × 0.5 = 87.5 → 88 off.
    expect(on({ value: 50 })).toMatchObject({ shippingRate: 87, total: 387, promo: { saving: 88 } });
    expect(on({ kind: 'fixed', value: 500 })).toMatchObject({ shippingRate: 0, total: 300 });
    // Before a place is chosen the fee is 0 and so is the saving.
    expect(
      applyPromo(cartView([line('a', 300)], 0), 'D', promo({ appliesTo: 'delivery' }), all, null, NOW).cart,
    ).toMatchObject({
      shippingRate: 0,
      promo: { applied: true, saving: 0 },
    });
  });

  it('checks the minimum against the subtotal before the code', () => {
    const cart = cartView([line('a', 600)], 0);
    expect(applyPromo(cart, 'M', promo({ minSubtotal: 600 }), all, null, NOW).cart).toMatchObject({
      orderSaving: 60,
      total: 540,
    });
  });
});

describe('codes as typed', () => {
  it('compares without letter case and surrounding spaces', () => {
    expect(normalisePromoCode('  karibu-10 ')).toBe('KARIBU-10');
    for (const ok of ['abc', 'KARIBU10', 'A-1', 'x'.repeat(32)])
      expect(PROMO_CODE_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['ab', 'x'.repeat(33), 'SAVE 10', 'été', 'A_B', ''])
      expect(PROMO_CODE_PATTERN.test(bad), bad).toBe(false);
  });
});
