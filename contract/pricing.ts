import type { DiscountKind, SaleInfo } from './catalogue';

// The price rules of the shop, one copy for the server (which charges), the mocks (which stand in for
// it) and the SPA (which only formats what the server computed). Type-only imports: no zod here, so
// the storefront can use these without loading the schemas.

/** The fields of a discount that decide whether and how it changes a price. */
export interface PricingDiscount {
  kind: DiscountKind;
  /** Percent (1–100) for `percentage`, whole KSH off for `fixed`. */
  value: number;
  active: boolean;
  startsAt: Date;
  endsAt: Date | null;
}

/** A sale never gives an item away: M-Pesa cannot charge 0 and a free line would be abused. */
export const MIN_PRICE = 1;

/** Whether a discount applies at `now`: switched on, started (inclusive), not yet ended (exclusive). */
export function isDiscountActive(discount: PricingDiscount, now: Date): boolean {
  const t = now.getTime();
  return (
    discount.active &&
    discount.startsAt.getTime() <= t &&
    (discount.endsAt === null || discount.endsAt.getTime() > t)
  );
}

/** The price after one discount, in whole KSH, never below MIN_PRICE. */
export function applyDiscount(price: number, discount: Pick<PricingDiscount, 'kind' | 'value'>): number {
  const reduced =
    discount.kind === 'percentage'
      ? Math.round((price * (100 - discount.value)) / 100)
      : price - discount.value;
  return Math.max(MIN_PRICE, reduced);
}

/**
 * The sale a shopper sees for a variant at `now`: the lowest price any active discount gives.
 * Discounts do not stack; the best one wins, so the order they are listed in does not matter.
 */
export function saleInfo(price: number, discounts: readonly PricingDiscount[], now: Date): SaleInfo {
  let best = price;
  for (const d of discounts) {
    if (isDiscountActive(d, now)) best = Math.min(best, applyDiscount(price, d));
  }
  return best < price ? { onSale: true, discountedPrice: best } : { onSale: false, discountedPrice: null };
}

/** What one unit costs now: the sale price while on sale. */
export function unitPrice(variant: { price: number; saleInfo: SaleInfo }): number {
  const { onSale, discountedPrice } = variant.saleInfo;
  return onSale && discountedPrice !== null ? discountedPrice : variant.price;
}

/** Spec §9: rounded (price − discounted price) / price, as a whole percent; null when not on sale. */
export function salePercent(variant: { price: number; saleInfo: SaleInfo }): number | null {
  const { onSale, discountedPrice } = variant.saleInfo;
  if (!onSale || discountedPrice === null || discountedPrice >= variant.price) return null;
  return Math.round(((variant.price - discountedPrice) / variant.price) * 100);
}
