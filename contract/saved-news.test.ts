import { describe, expect, it } from 'vitest';
import { savedNews, snapshotOf, type CardVariantFacts } from './saved-news';

const card = (over: Partial<CardVariantFacts> = {}): CardVariantFacts => ({
  price: 200,
  quantity: 5,
  isAvailable: true,
  saleInfo: { onSale: false, discountedPrice: null },
  ...over,
});

describe('a saved item’s snapshot', () => {
  it('is the card’s price a shopper pays (the sale price on sale) and whether it can be bought', () => {
    expect(snapshotOf([card(), card({ price: 90 })])).toEqual({ priceThen: 200, inStockThen: true });
    expect(snapshotOf([card({ saleInfo: { onSale: true, discountedPrice: 150 } })])).toEqual({
      priceThen: 150,
      inStockThen: true,
    });
    expect(snapshotOf([card({ quantity: 0 })]).inStockThen).toBe(false);
    expect(snapshotOf([card({ isAvailable: false })]).inStockThen).toBe(false);
    expect(snapshotOf([])).toEqual({ priceThen: null, inStockThen: null });
  });
});

describe('what changed since a product was saved', () => {
  const then = { priceThen: 200, inStockThen: true };

  it('says how much cheaper it is, a discount included', () => {
    expect(savedNews(then, [card({ price: 160 })])).toEqual([{ kind: 'cheaper', by: 40 }]);
    expect(savedNews(then, [card({ saleInfo: { onSale: true, discountedPrice: 150 } })])).toEqual([
      { kind: 'cheaper', by: 50 },
    ]);
  });

  it('says how much more it costs', () => {
    expect(savedNews(then, [card({ price: 220 })])).toEqual([{ kind: 'dearer', by: 20 }]);
  });

  it('says it is back in stock, before a new price', () => {
    expect(savedNews({ priceThen: 200, inStockThen: false }, [card({ price: 180 })])).toEqual([
      { kind: 'back-in-stock' },
      { kind: 'cheaper', by: 20 },
    ]);
  });

  it('says nothing when nothing changed, when it sold out, or when the snapshot is unknown', () => {
    expect(savedNews(then, [card()])).toEqual([]);
    expect(savedNews(then, [card({ quantity: 0 })])).toEqual([]);
    expect(savedNews({ priceThen: null, inStockThen: null }, [card({ price: 10 })])).toEqual([]);
    expect(savedNews(then, [])).toEqual([]);
  });
});
