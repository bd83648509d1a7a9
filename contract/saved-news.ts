// What changed for a saved product since it was saved: one rule for the server and the mocks (which
// record the snapshot) and the saved items page (which says the news). No zod here.
import type { SaleInfo } from './catalogue';
import { unitPrice } from './pricing';

/** The card of a product as a shopper sees it: its first variant's price now and whether it sells. */
export interface CardVariantFacts {
  price: number;
  quantity: number;
  isAvailable: boolean;
  saleInfo: SaleInfo;
}

/** What a saved item remembers of the moment it was saved (null: saved before the shop kept it). */
export interface SavedSnapshotFacts {
  priceThen: number | null;
  inStockThen: boolean | null;
}

/** The snapshot to keep when a product is saved: its card's price (after discounts) and stock now. */
export function snapshotOf(variants: readonly CardVariantFacts[]): SavedSnapshotFacts {
  const card = variants[0];
  if (!card) return { priceThen: null, inStockThen: null };
  return { priceThen: unitPrice(card), inStockThen: card.isAvailable && card.quantity > 0 };
}

export type SavedNews =
  { kind: 'cheaper'; by: number } | { kind: 'dearer'; by: number } | { kind: 'back-in-stock' };

/**
 * What changed since the product was saved, the reason shoppers save items: back in stock first,
 * then a price change of the card (cheaper or dearer, by how many shillings). Nothing when the
 * snapshot is unknown or nothing changed.
 */
export function savedNews(then: SavedSnapshotFacts, variants: readonly CardVariantFacts[]): SavedNews[] {
  const now = snapshotOf(variants);
  const news: SavedNews[] = [];
  if (then.inStockThen === false && now.inStockThen === true) news.push({ kind: 'back-in-stock' });
  if (then.priceThen !== null && now.priceThen !== null && now.priceThen !== then.priceThen) {
    const by = Math.abs(now.priceThen - then.priceThen);
    news.push(now.priceThen < then.priceThen ? { kind: 'cheaper', by } : { kind: 'dearer', by });
  }
  return news;
}
