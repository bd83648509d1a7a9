import type { Cart, CartQuoteBody } from '@contract/cart';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { cartApi, type CartAsk } from './cart-api';

/**
 * The server's cart with the shopper's changes still queued on top (model/cart-writes.ts: loaded with
 * the signed-in cart, not with the landing page's first load, which guests get too).
 */
const withQueued = async (cart: Cart) => (await import('../model/cart-writes')).withPending(cart);

const keys = {
  all: ['cart'] as const,
  server: () => [...keys.all, 'server'] as const,
  guest: () => [...keys.all, 'guest'] as const,
};

/** Query factories of the cart. */
export const cartQueries = {
  /** Every cart query, for invalidation. */
  all: () => keys.all,
  /** Every view of the signed-in shopper's server cart. */
  allServer: () => keys.server(),
  /**
   * The signed-in shopper's server cart; with a place it carries the delivery fee to it, with a promo
   * code it is priced with it. Without either (`{}` in the key) it is the plain cart every change
   * answers (key objects hash whatever the order of their fields). The shopper's changes still
   * queued (stores/cart-queue-store.ts) are applied to every answer, so a read never undoes them.
   */
  server: (asked: CartAsk | null = null) =>
    queryOptions({
      queryKey: [...keys.server(), { ...asked }] as const,
      queryFn: async ({ signal }) => withQueued(await cartApi.get(asked, signal)),
    }),
  /**
   * A guest cart priced by the server (`POST /v1/cart/quote`), keyed by its lines and code: every
   * change of a quantity asks again, and opening the cart always does (prices and stock move).
   */
  guest: (body: CartQuoteBody) =>
    queryOptions({
      queryKey: [...keys.guest(), body] as const,
      queryFn: ({ signal }) => cartApi.quote(body, signal),
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
