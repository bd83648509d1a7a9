import { describe, expect, it } from 'vitest';
import { bulkPrice, bulkPriceSummary, priceChangeLabel, VARIANT_PRICE_MAX } from './bulk-edits';

describe('a bulk price change', () => {
  it.each([
    [333, 10, 366], // 366.3
    [365, 10, 402], // 401.5 rounds half up
    [15, -10, 14], // 13.5 rounds half up
    [120, 10, 132],
    [1, -90, 1], // 0.1, but never below KSH 1
    [99, -90, 10], // 9.9
    [100, 500, 600],
    [VARIANT_PRICE_MAX, 1, VARIANT_PRICE_MAX],
  ])('KSH %i by %i %% is KSH %i', (price, value, expected) => {
    expect(bulkPrice(price, { by: 'percent', value })).toBe(expected);
  });

  it.each([
    [120, -500, 1],
    [120, 30, 150],
    [120, -119, 1],
    [249_990, 100, VARIANT_PRICE_MAX],
  ])('KSH %i plus %i is KSH %i', (price, value, expected) => {
    expect(bulkPrice(price, { by: 'amount', value })).toBe(expected);
  });

  it('is labelled with its sign and unit, and logged per variant', () => {
    expect(priceChangeLabel({ by: 'percent', value: 10 })).toBe('+10 %');
    expect(priceChangeLabel({ by: 'amount', value: -20 })).toBe('−KSH 20');
    const change = { by: 'percent', value: 10 } as const;
    expect(bulkPriceSummary(change, [{ variantName: '1 kg', oldPrice: 120, newPrice: 132 }])).toBe(
      'Price of 1 kg: KSH 120 → KSH 132 (bulk +10 %).',
    );
    expect(bulkPriceSummary(change, [{ variantName: '', oldPrice: 120, newPrice: 132 }])).toBe(
      'Price: KSH 120 → KSH 132 (bulk +10 %).',
    );
  });
});
