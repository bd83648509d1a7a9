import { apiDelete, apiGet, apiPatch, apiPost } from '@/lib/api-client';
import type { AddCartItemBody, Cart, DeliveryArea, QuoteLine } from '@contract/cart';

/*
 * The server cart of signed-in shoppers (docs/behaviour.md#calls, contract/cart.ts). Only types come from the
 * contract: its values would pull zod into the landing page, where the header's cart count lives.
 */

/** Where an order goes: a delivery area, or a point from the browser's location. */
export type CartPlace = { deliveryAreaId: string } | { lat: number; lng: number };

export const cartApi = {
  /**
   * `GET /v1/cart`; with a place, `shippingRate` is the delivery fee to it; with a promo code, the
   * cart priced with it (`promo` says whether it applies).
   */
  get: (place: CartPlace | null, promoCode: string | null, signal?: AbortSignal) => {
    const params = { ...place, ...(promoCode ? { promoCode } : {}) };
    return apiGet<Cart>('v1/cart', {
      searchParams: Object.keys(params).length > 0 ? params : undefined,
      signal,
    });
  },
  /** `POST /v1/cart`: adds units, merging by variant; `localItemId` marks a pushed guest line. */
  add: (item: AddCartItemBody['item']) => apiPost<Cart>('v1/cart', { item }),
  /** `PATCH /v1/cart/{itemId}`: one more or one less (one less at 1 removes the line). */
  change: (itemId: string, quantity: 1 | -1) =>
    apiPatch<Cart>(`v1/cart/${encodeURIComponent(itemId)}`, { quantity }),
  /** `POST /v1/cart/quote`: a guest cart priced as the server cart is (with a code too), in one call. */
  quote: (items: readonly QuoteLine[], promoCode: string | null, signal?: AbortSignal) =>
    apiPost<Cart>('v1/cart/quote', promoCode ? { items, promoCode } : { items }, { signal }),
  /** `DELETE /v1/cart/{itemId}`. */
  remove: (itemId: string) => apiDelete<Cart>(`v1/cart/${encodeURIComponent(itemId)}`),
  /** `GET /v1/setups/delivery-areas`: where the shop delivers, in display order. */
  deliveryAreas: (signal?: AbortSignal) => apiGet<DeliveryArea[]>('v1/setups/delivery-areas', { signal }),
};
