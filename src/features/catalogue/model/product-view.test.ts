import { mockDb, resetMockDb } from '@mocks/db';
import { listProducts } from '@mocks/handlers/catalogue';
import { describe, expect, it } from 'vitest';
import { attributeLabels, cardVariant, isInStock, stockOf, viewFromSummary } from './product-view';

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
