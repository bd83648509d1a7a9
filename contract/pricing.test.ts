import { describe, expect, it } from 'vitest';
import {
  applyDiscount,
  bestDiscount,
  discountState,
  isDiscountActive,
  MIN_PRICE,
  saleInfo,
  salePercent,
  unitPrice,
  type PricingDiscount,
} from './pricing';

const start = new Date('2030-03-01T00:00:00.000Z');
const end = new Date('2030-03-08T00:00:00.000Z');
const at = (d: Date, ms: number) => new Date(d.getTime() + ms);
const discount = (over: Partial<PricingDiscount> = {}): PricingDiscount => ({
  kind: 'percentage',
  value: 10,
  active: true,
  startsAt: start,
  endsAt: end,
  ...over,
});

describe('isDiscountActive', () => {
  it('starts exactly at startsAt (inclusive)', () => {
    expect(isDiscountActive(discount(), at(start, -1))).toBe(false);
    expect(isDiscountActive(discount(), start)).toBe(true);
  });

  it('ends exactly at endsAt (exclusive)', () => {
    expect(isDiscountActive(discount(), at(end, -1))).toBe(true);
    expect(isDiscountActive(discount(), end)).toBe(false);
  });

  it('runs forever without an end', () => {
    expect(isDiscountActive(discount({ endsAt: null }), new Date('2099-01-01T00:00:00Z'))).toBe(true);
  });

  it('never applies when switched off, even inside its window', () => {
    expect(isDiscountActive(discount({ active: false }), at(start, 1000))).toBe(false);
  });
});

describe('applyDiscount', () => {
  it('rounds a percentage to whole shillings', () => {
    expect(applyDiscount(999, { kind: 'percentage', value: 15 })).toBe(849); // 849.15
    expect(applyDiscount(150, { kind: 'percentage', value: 33 })).toBe(101); // 100.5 rounds up
  });

  it('takes a fixed amount off', () => {
    expect(applyDiscount(500, { kind: 'fixed', value: 120 })).toBe(380);
  });

  it('never goes below 1 KSH for 100 % or a fixed amount larger than the price', () => {
    expect(applyDiscount(250, { kind: 'percentage', value: 100 })).toBe(1);
    expect(applyDiscount(250, { kind: 'fixed', value: 250 })).toBe(1);
    expect(applyDiscount(250, { kind: 'fixed', value: 10_000 })).toBe(1);
  });
});

describe('saleInfo', () => {
  const now = at(start, 60_000);

  it('is not on sale without discounts', () => {
    expect(saleInfo(400, [], now)).toEqual({ onSale: false, discountedPrice: null });
  });

  it('applies an active discount', () => {
    expect(saleInfo(400, [discount({ value: 25 })], now)).toEqual({ onSale: true, discountedPrice: 300 });
  });

  it('takes the lowest price among several, whatever their order', () => {
    const list = [
      discount({ kind: 'percentage', value: 10 }), // 900
      discount({ kind: 'fixed', value: 150 }), // 850
      discount({ kind: 'percentage', value: 12 }), // 880
    ];
    expect(saleInfo(1000, list, now)).toEqual({ onSale: true, discountedPrice: 850 });
    expect(saleInfo(1000, [...list].reverse(), now)).toEqual({ onSale: true, discountedPrice: 850 });
  });

  it('ignores inactive, expired and scheduled discounts even when they would be better', () => {
    const list = [
      discount({ value: 5 }), // 950, the only one that applies
      discount({ value: 90, active: false }),
      discount({ value: 90, startsAt: at(start, -2000), endsAt: at(start, -1000) }),
      discount({ value: 90, startsAt: at(now, 1) }),
    ];
    expect(saleInfo(1000, list, now)).toEqual({ onSale: true, discountedPrice: 950 });
  });

  it('prices at the window edges: on at startsAt, off at endsAt', () => {
    const d = [discount({ value: 20 })];
    expect(saleInfo(100, d, at(start, -1)).onSale).toBe(false);
    expect(saleInfo(100, d, start)).toEqual({ onSale: true, discountedPrice: 80 });
    expect(saleInfo(100, d, at(end, -1))).toEqual({ onSale: true, discountedPrice: 80 });
    expect(saleInfo(100, d, end)).toEqual({ onSale: false, discountedPrice: null });
  });

  it('gives 1 KSH for a 100 % discount and for a fixed amount larger than the price', () => {
    expect(saleInfo(300, [discount({ value: 100 })], now)).toEqual({ onSale: true, discountedPrice: 1 });
    expect(saleInfo(300, [discount({ kind: 'fixed', value: 5000 })], now)).toEqual({
      onSale: true,
      discountedPrice: 1,
    });
  });

  it('is not on sale when the discount does not lower the price', () => {
    // 1 KSH cannot go lower; 1 % of 10 KSH rounds to no change.
    expect(saleInfo(1, [discount({ value: 50 })], now)).toEqual({ onSale: false, discountedPrice: null });
    expect(saleInfo(10, [discount({ value: 1 })], now)).toEqual({ onSale: false, discountedPrice: null });
  });
});

describe('what the shopper sees', () => {
  const variant = (price: number, discountedPrice: number | null) => ({
    price,
    saleInfo: { onSale: discountedPrice !== null, discountedPrice },
  });

  it('works out the sale percent: rounded (price − discounted) / price', () => {
    expect(salePercent(variant(40, 36))).toBe(10);
    expect(salePercent(variant(650, 520))).toBe(20);
    // 1/3 off rounds to 33, 2/3 to 67.
    expect(salePercent(variant(300, 200))).toBe(33);
    expect(salePercent(variant(300, 100))).toBe(67);
    expect(salePercent(variant(30, null))).toBeNull();
  });

  it('charges the sale price while on sale, the price otherwise', () => {
    expect(unitPrice(variant(40, 36))).toBe(36);
    expect(unitPrice(variant(30, null))).toBe(30);
  });
});

describe('usage limits', () => {
  it('stops a discount once every use is taken, and not before', () => {
    expect(isDiscountActive(discount({ usageLimit: 3, redemptions: 2 }), start)).toBe(true);
    expect(isDiscountActive(discount({ usageLimit: 3, redemptions: 3 }), start)).toBe(false);
    expect(isDiscountActive(discount({ usageLimit: null, redemptions: 900 }), start)).toBe(true);
  });

  it('leaves the price whole once the limit is reached', () => {
    expect(saleInfo(100, [discount({ usageLimit: 1, redemptions: 1 })], start)).toEqual({
      onSale: false,
      discountedPrice: null,
    });
  });
});

describe('bestDiscount', () => {
  it('names the one discount that gives the best single price among overlapping ones', () => {
    const ten = { ...discount({ value: 10 }), discountId: 'ten' };
    const fixed = { ...discount({ kind: 'fixed', value: 30 }), discountId: 'fixed' };
    const paused = { ...discount({ value: 90, active: false }), discountId: 'paused' };
    expect(bestDiscount(100, [ten, fixed, paused], start)).toEqual({ discount: fixed, price: 70 });
    expect(saleInfo(100, [ten, fixed, paused], start)).toEqual({ onSale: true, discountedPrice: 70 });
  });

  it('keeps the first listed on a tie, and answers null when nothing lowers the price', () => {
    const a = { ...discount({ value: 20 }), discountId: 'a' };
    const b = { ...discount({ kind: 'fixed', value: 20 }), discountId: 'b' };
    expect(bestDiscount(100, [a, b], start)?.discount.discountId).toBe('a');
    expect(bestDiscount(MIN_PRICE, [a], start)).toBeNull();
    expect(bestDiscount(100, [a], at(start, -1))).toBeNull();
  });

  it('never goes below MIN_PRICE for a fixed amount above the price', () => {
    expect(bestDiscount(50, [discount({ kind: 'fixed', value: 80 })], start)?.price).toBe(MIN_PRICE);
  });
});

describe('discountState', () => {
  it('is scheduled before the start and active from it (inclusive)', () => {
    expect(discountState(discount(), at(start, -1))).toBe('scheduled');
    expect(discountState(discount(), start)).toBe('active');
  });

  it('is ended from the end (exclusive) and once the limit is used up', () => {
    expect(discountState(discount(), at(end, -1))).toBe('active');
    expect(discountState(discount(), end)).toBe('ended');
    expect(discountState(discount({ usageLimit: 2, redemptions: 2 }), start)).toBe('ended');
  });

  it('is paused while switched off, unless it has ended anyway', () => {
    expect(discountState(discount({ active: false }), start)).toBe('paused');
    expect(discountState(discount({ active: false }), at(start, -1))).toBe('paused');
    expect(discountState(discount({ active: false }), end)).toBe('ended');
  });

  it('runs on without an end', () => {
    expect(discountState(discount({ endsAt: null }), new Date('2099-01-01T00:00:00Z'))).toBe('active');
  });

  it('is active exactly when isDiscountActive holds', () => {
    const cases = [
      discount(),
      discount({ active: false }),
      discount({ usageLimit: 1, redemptions: 1 }),
      discount({ endsAt: null }),
    ];
    for (const d of cases)
      for (const t of [at(start, -1), start, at(end, -1), end])
        expect(discountState(d, t) === 'active').toBe(isDiscountActive(d, t));
  });
});
