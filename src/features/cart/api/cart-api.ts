import { apiDelete, apiGet, apiPatch, apiPost } from '@/lib/api-client';
import type { AddCartItemBody, Cart, CartQuoteBody, DeliveryArea } from '@contract/cart';
import { IDEMPOTENCY_HEADER } from '@contract/constants';

/*
 * The server cart of signed-in shoppers (docs/behaviour.md#calls, contract/cart.ts). Only types come from the
 * contract: its values would pull zod into the landing page, where the header's cart count lives.
 */

/** Where an order goes: a delivery area, or a point from the browser's location. */
export type CartPlace = { deliveryAreaId: string } | { lat: number; lng: number };

/** A write's Idempotency-Key, when it has one: the server applies a key once (a queued write sent again). */
const once = (key: string | undefined) => (key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : undefined);

/** What a cart is read with: a place (for its delivery fee), a promo code (to price it with), or both. */
export type CartAsk = (CartPlace & { promoCode?: string }) | { promoCode: string };

export const cartApi = {
  /**
   * `GET /v1/cart`; with a place, `shippingRate` is the delivery fee to it; with a promo code, the cart
   * is priced with it (`promo` says whether it applies).
   */
  get: (asked: CartAsk | null, signal?: AbortSignal) =>
    apiGet<Cart>('v1/cart', { searchParams: asked ? { ...asked } : undefined, signal }),
  /** `POST /v1/cart`: adds units, merging by variant; `localItemId` marks a pushed guest line. */
  add: (item: AddCartItemBody['item'], key?: string) => apiPost<Cart>('v1/cart', { item }, once(key)),
  /** `PATCH /v1/cart/{itemId}`: one more or one less (one less at 1 removes the line). */
  change: (itemId: string, quantity: 1 | -1, key?: string) =>
    apiPatch<Cart>(`v1/cart/${encodeURIComponent(itemId)}`, { quantity }, once(key)),
  /** `POST /v1/cart/quote`: a guest cart priced as the server cart is (with a code too), in one call. */
  quote: (body: CartQuoteBody, signal?: AbortSignal) => apiPost<Cart>('v1/cart/quote', body, { signal }),
  /** `DELETE /v1/cart/{itemId}`: removes the line. */
  remove: (itemId: string, key?: string) =>
    apiDelete<Cart>(`v1/cart/${encodeURIComponent(itemId)}`, undefined, once(key)),
  /** `GET /v1/setups/delivery-areas`: where the shop delivers, in display order. */
  deliveryAreas: (signal?: AbortSignal) => apiGet<DeliveryArea[]>('v1/setups/delivery-areas', { signal }),
};
