import type { Cart, CartItem } from './cart';
import { saleInfo, type PricingDiscount } from './pricing';

// How a cart reads: each line priced at the moment it is read with the catalogue's rules, and the
// totals. One mapping for the server (from its rows) and the mocks (from their records).

/** A cart line as stored, with what pricing needs: the list price, the stock and the product's discounts. */
export interface CartLineRecord {
  itemId: string;
  productId: string;
  productPid: string;
  variantId: string;
  name: string;
  variantName: string;
  attributes: CartItem['attributes'];
  categoryId: string | null;
  /** The thumbnail URL, null when the product has no image. */
  image: string | null;
  quantity: number;
  listPrice: number;
  stock: number;
  /** The product's discounts; `saleInfo` decides which apply at `now`. */
  discounts: readonly PricingDiscount[];
}

/** A cart line priced at `now`: the sale price while on sale, the total, and whether stock covers it. */
export function priceCartLine(line: CartLineRecord, now: Date): CartItem {
  const sale = saleInfo(line.listPrice, line.discounts, now);
  const price = sale.discountedPrice ?? line.listPrice;
  return {
    itemId: line.itemId,
    productId: line.productId,
    productPid: line.productPid,
    variantId: line.variantId,
    name: line.name,
    variantName: line.variantName,
    attributes: line.attributes,
    categoryId: line.categoryId,
    image: line.image,
    quantity: line.quantity,
    price,
    originalPrice: line.listPrice,
    onSale: sale.onSale,
    totalPrice: price * line.quantity,
    stock: line.stock,
    available: line.quantity <= line.stock,
  };
}

/**
 * The cart with its totals: subtotal is the sum of the lines, total adds the delivery fee; `missing`
 * names the lines that could not be priced because the shop no longer sells them. A promo code is
 * applied to this by promo.ts's applyPromo.
 */
export function cartView(items: CartItem[], shippingRate: number, missing: string[] = []): Cart {
  const subtotal = items.reduce((sum, i) => sum + i.totalPrice, 0);
  return {
    Items: items,
    shippingRate,
    subtotal,
    orderSaving: 0,
    total: subtotal + shippingRate,
    promo: null,
    missing,
  };
}

/** A value with its object keys in order and undefined fields dropped, so equal requests read alike. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;

/**
 * A cart write as it means, for telling a replay of its Idempotency-Key from another request reusing
 * it: the method, the line it names (PATCH and DELETE) and the body.
 */
export const cartWriteRequest = (method: 'POST' | 'PATCH' | 'DELETE', itemId: string | null, body: unknown) =>
  JSON.stringify(canonical([method, itemId, body ?? null]));
