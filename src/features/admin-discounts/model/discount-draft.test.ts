import { describe, expect, it } from 'vitest';
import { emptyDraft, errorsFromIssues, namesLine, productsMadeFree, readDraft } from './discount-draft';
import { parseDiscountsSearch } from './discounts-search';

const product = { productId: '00000003-0000-4000-8000-000000000001', name: 'Sukuma wiki', minPrice: 30 };

describe('readDraft', () => {
  it('converts Nairobi wall-clock times to UTC instants and empty boxes to null', () => {
    const read = readDraft({
      ...emptyDraft(),
      name: ' Weekend ',
      value: '1,000',
      kind: 'fixed',
      products: [product],
      startsAt: '2026-01-01T00:30',
    });
    expect(read).toEqual({
      body: expect.objectContaining({
        name: 'Weekend',
        value: 1000,
        startsAt: '2025-12-31T21:30:00.000Z',
        endsAt: null,
        usageLimit: null,
      }),
    });
  });

  it('refuses a date that is no date, fractions and a zero limit', () => {
    const read = readDraft({
      ...emptyDraft(),
      name: 'x',
      value: '2.5',
      products: [product],
      startsAt: '2026-02-30T08:00',
      usageLimit: '0',
    });
    expect(read).toEqual({
      errors: {
        value: 'Must be a whole number.',
        startsAt: 'Enter a real date and time.',
        usageLimit: 'Must be at least 1.',
      },
    });
  });
});

describe('readDraft with a code', () => {
  const promo = { ...emptyDraft(), name: 'Karibu', value: '10', code: 'KARIBU10', products: [product] };

  it('sends the conditions, and no products for the whole order', () => {
    expect(readDraft({ ...promo, appliesTo: 'order', minSubtotal: '1,000', perShopperLimit: '' })).toEqual({
      body: expect.objectContaining({
        code: 'KARIBU10',
        appliesTo: 'order',
        productIds: [],
        minSubtotal: 1000,
        firstOrderOnly: false,
        perShopperLimit: null,
      }),
    });
  });

  it('drops what only a code may ask for once the code is cleared', () => {
    const read = readDraft({
      ...promo,
      code: ' ',
      appliesTo: 'delivery',
      firstOrderOnly: true,
      minSubtotal: 'x',
    });
    expect(read).toEqual({
      body: expect.objectContaining({
        code: null,
        appliesTo: 'items',
        productIds: [product.productId],
        minSubtotal: null,
        firstOrderOnly: false,
      }),
    });
    expect('body' in read && 'perShopperLimit' in read.body).toBe(false);
  });

  it('refuses a code that is no code, and conditions that are no numbers', () => {
    expect(readDraft({ ...promo, code: 'KARIBU 10' })).toEqual({
      errors: { code: 'Must be 3–32 letters, digits or "-".' },
    });
    expect(readDraft({ ...promo, minSubtotal: 'lots', perShopperLimit: '0' })).toEqual({
      errors: { minSubtotal: 'Must be a number.', perShopperLimit: 'Must be at least 1.' },
    });
  });
});

describe('productsMadeFree', () => {
  it('names products whose cheapest variant the discount brings down to KSh 1', () => {
    expect(productsMadeFree([product], { kind: 'fixed', value: 29 })).toEqual(['Sukuma wiki']);
    expect(productsMadeFree([product], { kind: 'fixed', value: 28 })).toEqual([]);
    expect(productsMadeFree([product], { kind: 'percentage', value: 99 })).toEqual(['Sukuma wiki']);
    // Already at the floor, or price unknown: nothing the discount does.
    expect(productsMadeFree([{ ...product, minPrice: 1 }], { kind: 'fixed', value: 5 })).toEqual([]);
    expect(productsMadeFree([{ ...product, minPrice: undefined }], { kind: 'fixed', value: 500 })).toEqual(
      [],
    );
  });

  it('lists names in plain words', () => {
    expect(namesLine(['A', 'B'])).toBe('A and B');
    expect(namesLine(['A', 'B', 'C', 'D'])).toBe('A, B and 2 more');
  });
});

it('maps server issue paths to the form fields', () => {
  expect(errorsFromIssues({ 'productIds.2': 'no such product', name: 'is already taken' })).toEqual({
    productIds: 'No such product.',
    name: 'Is already taken.',
  });
});

it('keeps only valid list state from the address', () => {
  expect(parseDiscountsSearch({ state: 'paused', q: ' rice ', page: '2' })).toEqual({
    state: 'paused',
    q: 'rice',
    page: 2,
  });
  expect(parseDiscountsSearch({ state: 'forever', q: '', page: '0' })).toEqual({});
});
