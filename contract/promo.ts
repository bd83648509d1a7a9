import type { Cart, CartItem } from './cart';
import { applyDiscount, type PricingDiscount } from './pricing';
import type { Refusal } from './stock';

// Promo codes: a discount that carries a `code` prices nothing until a shopper types it. These are
// the rules of checking a typed code and of pricing a cart with it, one copy for the server (which
// charges), the mocks (which stand in for it) and the SPA (which only shows what the server said).
// Type-only imports: no zod here.

export const PROMO_CODE_MAX = 32;
/** Letters, digits and `-`, 3–32 of them (checked before upper-casing). */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;

/** Codes compare without letter case and are shown upper-case: `karibu10` is `KARIBU10`. */
export const normalisePromoCode = (code: string) => code.trim().toUpperCase();

/**
 * What a discount covers: `items`, the products and categories it names (as automatic discounts
 * do); `order`, the subtotal; `delivery`, the delivery fee (100 % off is free delivery). Only a
 * discount with a code may cover the order or the delivery.
 */
export const PROMO_SCOPES = ['items', 'order', 'delivery'] as const;
export type PromoScope = (typeof PROMO_SCOPES)[number];

/** Why a typed code gives nothing, in the order they are checked. */
export const PROMO_REFUSALS = [
  'unknown',
  'not_started',
  'ended',
  'used_up',
  'used_by_you',
  'first_order',
  'no_items',
  'better_offer',
  'min_subtotal',
] as const;
export type PromoRefusalReason = (typeof PROMO_REFUSALS)[number];

/** A discount with a code, as pricing takes it. */
export interface PromoRecord extends PricingDiscount {
  discountId: string;
  name: string;
  /** Upper-case. */
  code: string;
  appliesTo: PromoScope;
  /** The subtotal (at today's prices, before the code) the cart must reach; null for none. */
  minSubtotal: number | null;
  /** Only for a shopper with no paid order yet. */
  firstOrderOnly: boolean;
  /** Orders one shopper may hold a use of it in; null for no limit. */
  perShopperLimit: number | null;
}

/** What the shop knows of the signed-in shopper a code is checked for (a guest has none yet). */
export interface PromoShopper {
  /** Whether the shopper has a paid order (first-order codes refuse them). */
  hasPaidOrder: boolean;
  /** The shopper's orders holding a use of this code now (pending or paid, not given back). */
  usesOfCode: number;
}

/** The code a cart answer carries: applied with its saving, or refused with the sentence why. */
export type CartPromo =
  | { applied: true; code: string; name: string; appliesTo: PromoScope; saving: number }
  | { applied: false; code: string; reason: PromoRefusalReason; message: string };

const ksh = (amount: number) => `KSH ${amount.toLocaleString('en-KE')}`;

/** The sentence the shopper reads under the field. `short` is what the cart lacks for `min_subtotal`. */
export function promoRefusalMessage(reason: PromoRefusalReason, code: string, short = 0): string {
  switch (reason) {
    case 'unknown':
      return `There is no promo code ${code}. Check the spelling and try again.`;
    case 'not_started':
      return `The code ${code} cannot be used yet.`;
    case 'ended':
      return `The code ${code} has ended.`;
    case 'used_up':
      return `The code ${code} has been used up.`;
    case 'used_by_you':
      return `You have already used the code ${code}.`;
    case 'first_order':
      return `The code ${code} is only for a first order.`;
    case 'no_items':
      return `The code ${code} applies to none of the items in your cart.`;
    case 'better_offer':
      return `The items ${code} covers already have a better price in your cart.`;
    case 'min_subtotal':
      return `Spend at least ${ksh(short)} more to use the code ${code}.`;
  }
}

/** Unknown codes one account, or one address, may try in a minute; then any code is a 429 with Retry-After. */
export const PROMO_GUESSES_PER_MINUTE = 10;
/** What that 429 says, before "Please try again in n seconds." */
export const PROMO_GUESSES_MESSAGE = 'Too many wrong promo codes.';

/** Checkout's 409 when the code stopped applying between the cart and the payment prompt. */
export const promoRefusal = (promo: Extract<CartPromo, { applied: false }>): Refusal => ({
  status: 409,
  code: 'promo_refused',
  message: `${promo.message} Your order was not placed: remove the code or change your cart, then press Pay again.`,
});

/**
 * A payment retry's 409 when the shopper has meanwhile used the order's code up on other orders (its
 * use went back when the payment failed, and a new order took it).
 */
export const shopperLimitRefusal = (code: string): Refusal => ({
  status: 409,
  code: 'promo_refused',
  message: `${promoRefusalMessage('used_by_you', code)} Place a new order at today's prices.`,
});

/** How a promo check ends: the reason it gives nothing, or null when it applies. */
function refusalOf(
  record: PromoRecord,
  cart: Cart,
  covered: readonly CartItem[],
  shopper: PromoShopper | null,
  now: Date,
): { reason: PromoRefusalReason; short?: number } | null {
  const t = now.getTime();
  if (!record.active || (record.endsAt !== null && record.endsAt.getTime() <= t)) return { reason: 'ended' };
  if (record.startsAt.getTime() > t) return { reason: 'not_started' };
  if (record.usageLimit != null && (record.redemptions ?? 0) >= record.usageLimit)
    return { reason: 'used_up' };
  if (shopper && record.perShopperLimit !== null && shopper.usesOfCode >= record.perShopperLimit)
    return { reason: 'used_by_you' };
  if (shopper && record.firstOrderOnly && shopper.hasPaidOrder) return { reason: 'first_order' };
  if (record.appliesTo === 'items') {
    if (covered.length === 0) return { reason: 'no_items' };
    if (!covered.some((l) => applyDiscount(l.originalPrice, record) < l.price))
      return { reason: 'better_offer' };
  }
  if (record.minSubtotal !== null && cart.subtotal < record.minSubtotal)
    return { reason: 'min_subtotal', short: record.minSubtotal - cart.subtotal };
  return null;
}

/** A cart priced with a code. */
export interface PromoPricing {
  cart: Cart;
  /** The lines whose price now comes from the code: their automatic discount takes no use. */
  promoLines: ReadonlySet<string>;
  /** The code's discount when it applies (checkout takes one use of it), else null. */
  applied: PromoRecord | null;
}

/**
 * Prices `cart` (its lines at today's prices, automatic discounts included, and its delivery fee)
 * with the typed `code`, whose discount is `record` (null when no discount has that code).
 * `covers(line)` says whether the code's products and categories include the line's product.
 * A guest (`shopper` null) is checked for everything but the per-shopper limit and first orders,
 * which are checked once they sign in. Codes do not stack with automatic discounts on a line: a
 * covered line takes the code's price only when it is lower. An order-wide saving applies to the
 * subtotal left after that, never below KSH 1; a delivery code takes its part of the fee.
 */
export function applyPromo(
  cart: Cart,
  code: string | null,
  record: PromoRecord | null,
  covers: (line: CartItem) => boolean,
  shopper: PromoShopper | null,
  now: Date,
): PromoPricing {
  if (code === null) return { cart, promoLines: new Set(), applied: null };
  const shown = normalisePromoCode(code);
  const refuse = (reason: PromoRefusalReason, short?: number): PromoPricing => ({
    cart: {
      ...cart,
      promo: { applied: false, code: shown, reason, message: promoRefusalMessage(reason, shown, short) },
    },
    promoLines: new Set(),
    applied: null,
  });
  if (record === null) return refuse('unknown');
  const covered = record.appliesTo === 'items' ? cart.Items.filter(covers) : [];
  const refusal = refusalOf(record, cart, covered, shopper, now);
  if (refusal) return refuse(refusal.reason, refusal.short);

  const promoLines = new Set<string>();
  let items = cart.Items;
  let orderSaving = 0;
  let shippingRate = cart.shippingRate;
  if (record.appliesTo === 'items') {
    const coveredIds = new Set(covered.map((l) => l.itemId));
    items = cart.Items.map((line) => {
      if (!coveredIds.has(line.itemId)) return line;
      const price = applyDiscount(line.originalPrice, record);
      if (price >= line.price) return line;
      promoLines.add(line.itemId);
      return { ...line, price, onSale: true, totalPrice: price * line.quantity };
    });
  } else if (record.appliesTo === 'order') {
    orderSaving = cart.subtotal - applyDiscount(cart.subtotal, record);
  } else {
    const off =
      record.kind === 'percentage' ? Math.round((cart.shippingRate * record.value) / 100) : record.value;
    shippingRate = Math.max(0, cart.shippingRate - off);
  }
  const subtotal = items.reduce((sum, i) => sum + i.totalPrice, 0);
  const saving = cart.subtotal - subtotal + orderSaving + (cart.shippingRate - shippingRate);
  return {
    cart: {
      ...cart,
      Items: items,
      subtotal,
      shippingRate,
      orderSaving,
      total: subtotal - orderSaving + shippingRate,
      promo: { applied: true, code: record.code, name: record.name, appliesTo: record.appliesTo, saving },
    },
    promoLines,
    applied: record,
  };
}
