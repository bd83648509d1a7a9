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
  /** At most this many orders may use it; null or absent for no limit. */
  usageLimit?: number | null;
  /** Orders holding a use of it now (pending or paid). */
  redemptions?: number;
}

/** Whether every use of a limited discount is taken, so it gives no more sales. */
function isUsedUp(discount: Pick<PricingDiscount, 'usageLimit' | 'redemptions'>): boolean {
  return discount.usageLimit != null && (discount.redemptions ?? 0) >= discount.usageLimit;
}

/** A sale never gives an item away: M-Pesa cannot charge 0 and a free line would be abused. */
export const MIN_PRICE = 1;

/**
 * Whether a discount applies at `now`: switched on, started (inclusive), not yet ended (exclusive),
 * and a use left when it has a limit.
 */
export function isDiscountActive(discount: PricingDiscount, now: Date): boolean {
  const t = now.getTime();
  return (
    discount.active &&
    discount.startsAt.getTime() <= t &&
    (discount.endsAt === null || discount.endsAt.getTime() > t) &&
    !isUsedUp(discount)
  );
}

export const DISCOUNT_STATES = ['scheduled', 'active', 'paused', 'ended'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

/**
 * How the back office names a discount at `now`: `ended` once its end has passed or every use is
 * taken (nothing brings it back but an edit), else `paused` while switched off, `scheduled` before
 * its start, `active` while it prices the shop (exactly when isDiscountActive holds).
 */
export function discountState(discount: PricingDiscount, now: Date): DiscountState {
  const t = now.getTime();
  if ((discount.endsAt !== null && discount.endsAt.getTime() <= t) || isUsedUp(discount)) return 'ended';
  if (!discount.active) return 'paused';
  if (discount.startsAt.getTime() > t) return 'scheduled';
  return 'active';
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
 * The discount that gives the lowest price at `now` and that price, or null when none lowers it.
 * Discounts do not stack; on a tie the first listed wins (callers list them in a fixed order), which
 * decides only whose use an order takes, never the price.
 */
export function bestDiscount<D extends PricingDiscount>(
  price: number,
  discounts: readonly D[],
  now: Date,
): { discount: D; price: number } | null {
  let best: { discount: D; price: number } | null = null;
  for (const d of discounts) {
    if (!isDiscountActive(d, now)) continue;
    const reduced = applyDiscount(price, d);
    if (reduced < price && (best === null || reduced < best.price)) best = { discount: d, price: reduced };
  }
  return best;
}

/**
 * The sale a shopper sees for a variant at `now`: the lowest price any active discount gives.
 * Discounts do not stack; the best one wins, so the order they are listed in does not matter.
 */
export function saleInfo(price: number, discounts: readonly PricingDiscount[], now: Date): SaleInfo {
  const best = bestDiscount(price, discounts, now);
  return best ? { onSale: true, discountedPrice: best.price } : { onSale: false, discountedPrice: null };
}

/** What one unit costs now: the sale price while on sale. */
export function unitPrice(variant: { price: number; saleInfo: SaleInfo }): number {
  const { onSale, discountedPrice } = variant.saleInfo;
  return onSale && discountedPrice !== null ? discountedPrice : variant.price;
}

/**
 * The sale percent (docs/behaviour.md#money): rounded (price − discounted price) / price; null when not on
 * sale.
 */
export function salePercent(variant: { price: number; saleInfo: SaleInfo }): number | null {
  const { onSale, discountedPrice } = variant.saleInfo;
  if (!onSale || discountedPrice === null || discountedPrice >= variant.price) return null;
  return Math.round(((variant.price - discountedPrice) / variant.price) * 100);
}
