import { mockDb, resetMockDb } from '@mocks/db';
import { listProducts } from '@mocks/handlers/catalogue';
import { describe, expect, it } from 'vitest';
import {
  attributeLabels,
  cardVariant,
  isInStock,
  salePercent,
  stockOf,
  unitPrice,
  viewFromSummary,
} from './product-view';

const variant = (price: number, discountedPrice: number | null) => ({
  price,
  saleInfo: { onSale: discountedPrice !== null, discountedPrice },
});

describe('prices', () => {
  it('work out the sale percent as spec §9 says: rounded (price − discounted) / price', () => {
    expect(salePercent(variant(40, 36))).toBe(10);
    expect(salePercent(variant(650, 520))).toBe(20);
    // 1/3 off rounds to 33, 2/3 to 67.
    expect(salePercent(variant(300, 200))).toBe(33);
    expect(salePercent(variant(300, 100))).toBe(67);
    expect(salePercent(variant(30, null))).toBeNull();
  });

  it('charge the sale price while on sale, the price otherwise', () => {
    expect(unitPrice(variant(40, 36))).toBe(36);
    expect(unitPrice(variant(30, null))).toBe(30);
  });
});

describe('a product from a list page', () => {
  it('resolves its categories, images and attribute names from the linked records', () => {
    resetMockDb();
    const page = listProducts({ limit: 100, offset: 0, sort: 'newest' }, mockDb.catalogue, new Date());
    const summary = page.data.find((p) => p.name === 'Lake Victoria tilapia')!;
    const view = viewFromSummary(summary, page.linked);
    expect(view.categories.map((c) => c.name)).toEqual(['Meat & Fish']);
    expect(view.images).toHaveLength(1);
    expect(attributeLabels(view, cardVariant(view)!)).toEqual(['Cut: Whole', 'Weight: 1 kg']);
  });

  it('is in stock only while its variant has units', () => {
    expect(isInStock({ quantity: 3, isAvailable: true })).toBe(true);
    expect(isInStock({ quantity: 0, isAvailable: false })).toBe(false);
    expect(stockOf({ quantity: 5, isAvailable: false })).toBe(0);
    expect(isInStock(undefined)).toBe(false);
  });
});
