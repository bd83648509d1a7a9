import type { Cart, QuoteLine } from '@contract/cart';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { cartApi, type CartPlace } from './cart-api';

const keys = {
  all: ['cart'] as const,
  server: () => [...keys.all, 'server'] as const,
  guest: () => [...keys.all, 'guest'] as const,
};

/** The place as a stable key part: `{}` for "no place" (shipping 0). */
const placeKey = (place: CartPlace | null) =>
  place === null
    ? {}
    : 'deliveryAreaId' in place
      ? { deliveryAreaId: place.deliveryAreaId }
      : { lat: place.lat, lng: place.lng };

/**
 * What a server cart is asked with, as one key part: `{}` for the plain cart (no place, no code),
 * the one every cart change answers.
 */
const askedKey = (place: CartPlace | null, promoCode: string | null) =>
  promoCode ? { ...placeKey(place), promoCode } : placeKey(place);

/** Query factories of the cart. */
export const cartQueries = {
  /** Every cart query, for invalidation. */
  all: () => keys.all,
  /**
   * The signed-in shopper's server cart; with a place it carries the delivery fee to it, with a
   * promo code it is priced with it.
   */
  server: (place: CartPlace | null = null, promoCode: string | null = null) =>
    queryOptions({
      queryKey: [...keys.server(), askedKey(place, promoCode)] as const,
      queryFn: ({ signal }) => cartApi.get(place, promoCode, signal),
    }),
  /**
   * A guest cart priced by the server (`POST /v1/cart/quote`), keyed by its lines and the code:
   * every change of a quantity asks again, and opening the cart always does (prices and stock move).
   */
  guest: (lines: readonly QuoteLine[], promoCode: string | null = null) =>
    queryOptions({
      queryKey: [...keys.guest(), lines, promoCode] as const,
      queryFn: ({ signal }) => cartApi.quote(lines, promoCode, signal),
      staleTime: 0,
    }),
  /** The delivery areas change with releases, not with sessions. */
  deliveryAreas: () =>
    queryOptions({
      queryKey: ['setups', 'delivery-areas'] as const,
      queryFn: ({ signal }) => cartApi.deliveryAreas(signal),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};

/**
 * What every cart change does with the cart the server answered: it becomes the plain cart at once
 * (so the header count and the page follow without another request), and every other view of the
 * cart (checkout's, with a delivery fee; the cart priced with a promo code) is refetched. A read of the plain cart still on its way
 * started before the change, so it is asked again rather than left to overwrite the answer.
 */
export function applyServerCart(queryClient: QueryClient, cart: Cart) {
  const plain = cartQueries.server().queryKey;
  const plainKey = JSON.stringify(plain);
  const stale = queryClient.isFetching({ queryKey: plain, exact: true }) > 0;
  queryClient.setQueryData(plain, cart);
  void queryClient.invalidateQueries({
    queryKey: keys.server(),
    predicate: (query) => stale || JSON.stringify(query.queryKey) !== plainKey,
  });
}
