import { cardVariant, loadProduct, stockOf, type ProductView } from '@/features/catalogue';
import { useIsAdmin, useIsAuthenticated } from '@/features/session';
import { isApiError } from '@/lib/api-client';
import { errorMessage, GENERIC_ERROR_SHORT } from '@/lib/errors';
import { translate } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { onlineManager, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cartQueries } from '../api/cart-queries';
import type { CartTap } from '../model/cart-outbox';
import {
  addGuestItem,
  cartItemId,
  decreaseGuestItem,
  increaseGuestItem,
  removeGuestItem,
  useGuestCartItem,
  type CartChange,
  type GuestCartLine,
} from '../stores/guest-cart-store';

/*
 * The cart as components see it. Guests keep it in browser storage; signed-in shoppers (not admins)
 * keep it on the server (GET/POST/PATCH/DELETE cart, docs/behaviour.md#calls) through TanStack Query; admins
 * have none (docs/behaviour.md#roles). Every hook here picks the implementation from the session, so
 * components never know which cart they show. Either way the cart a page shows is the server's priced view
 * (`Cart`): the signed-in shopper's from `GET /v1/cart`, the guest's from `POST /v1/cart/quote`
 * (use-priced-cart.ts, which only the cart and checkout pages load).
 */

/** A line as the cart controls need it: which variant, and how many. */
export type CartLineRef = Pick<GuestCartLine, 'itemId' | 'productId' | 'variantId' | 'quantity'>;

/** Whose cart this is: the browser's (guest), the server's (signed-in shopper), or none (admin). */
export type CartMode = 'guest' | 'server' | 'none';

export function useCartMode(): CartMode {
  const authenticated = useIsAuthenticated();
  const admin = useIsAdmin();
  return !authenticated ? 'guest' : admin ? 'none' : 'server';
}

/** The signed-in shopper's server cart (no delivery fee); idle for guests and admins. */
export function useServerCart() {
  const mode = useCartMode();
  return useQuery({ ...cartQueries.server(), enabled: mode === 'server' });
}

/** The line of one variant, if it is in the cart. */
export function useCartItem(productId: string, variantId: string | undefined): CartLineRef | undefined {
  const mode = useCartMode();
  const guest = useGuestCartItem(variantId ? cartItemId(productId, variantId) : '');
  const { data } = useServerCart();
  if (mode === 'guest') return guest;
  if (mode === 'none' || !variantId) return undefined;
  return data?.Items.find((i) => i.productId === productId && i.variantId === variantId);
}

/** Tells the shopper what a change did (docs/behaviour.md#success-texts), in the shown language. */
function report(change: CartChange, stock: number) {
  switch (change) {
    case 'added':
      notify.success(translate('cart:toasts.added'));
      break;
    case 'increased':
    case 'decreased':
    case 'removed':
      // One toast that updates rather than a stack of them while someone taps + and −.
      notify.success(translate('cart:toasts.updated'), { id: 'cart-updated' });
      break;
    case 'at-stock':
      notify.warning(translate('cart:toasts.atStock', { count: stock }), { id: 'cart-stock' });
      break;
    case 'out-of-stock':
      notify.error(translate('cart:toasts.outOfStock'), { id: 'cart-stock' });
      break;
    case 'missing':
      break;
  }
}

/**
 * The product from the loaded lists, else fetched (`GET v1/products/{id}` only when it is not
 * loaded already: docs/behaviour.md#calls). When it cannot be fetched the change is abandoned with a
 * toast (docs/behaviour.md#validation); offline, one that says so.
 */
async function productFor(queryClient: QueryClient, productId: string): Promise<ProductView | null> {
  try {
    return await loadProduct(queryClient, productId);
  } catch (error) {
    const offline = !onlineManager.isOnline() || !isApiError(error);
    notify.error(offline ? translate('cart:toasts.offlineUnknown') : errorMessage(error), {
      id: `cart-product-${productId}`,
    });
    return null;
  }
}

/** The product and the variant to add (the card's when none is named); null, said, when there is none. */
async function variantFor(queryClient: QueryClient, productId: string, variantId: string | undefined) {
  const product = await productFor(queryClient, productId);
  if (!product) return null;
  const variant = variantId ? product.variants.find((v) => v.variantId === variantId) : cardVariant(product);
  if (!variant) {
    notify.error(GENERIC_ERROR_SHORT);
    return null;
  }
  return { product, variant };
}

export interface CartActions {
  /** One unit of a variant (the card's first variant when none is named). */
  add(productId: string, variantId?: string): Promise<CartChange>;
  /** One more unit of a line, never above the stock (looked up when the caller does not know it). */
  increase(item: CartLineRef & { stock?: number }): Promise<CartChange>;
  /** One unit fewer; the last one removes the line. */
  decrease(item: Pick<CartLineRef, 'itemId'>): CartChange | Promise<CartChange>;
  remove(item: Pick<CartLineRef, 'itemId'>): CartChange | Promise<CartChange>;
}

export function createCartActions(queryClient: QueryClient): CartActions {
  return {
    async add(productId, variantId) {
      const chosen = await variantFor(queryClient, productId, variantId);
      if (!chosen) return 'missing';
      const { product, variant } = chosen;
      const stock = stockOf(variant);
      const change = addGuestItem(
        {
          productId: product.productId,
          productPid: product.pid,
          variantId: variant.variantId,
          image: product.images[0]?.urls.thumb ?? '',
          name: product.name,
        },
        stock,
      );
      report(change, stock);
      return change;
    },
    async increase(item) {
      let stock = item.stock;
      if (stock === undefined) {
        const product = await productFor(queryClient, item.productId);
        if (!product) return 'missing';
        stock = stockOf(product.variants.find((v) => v.variantId === item.variantId));
      }
      const change = increaseGuestItem(item.itemId, stock);
      report(change, stock);
      return change;
    },
    decrease(item) {
      const change = decreaseGuestItem(item.itemId);
      report(change, 0);
      return change;
    },
    remove(item) {
      const change = removeGuestItem(item.itemId);
      report(change, 0);
      return change;
    },
  };
}

/** What a change the server refused came to (the outbox has said why: a toast and a note on the line). */
function refusedChange(error: unknown): CartChange {
  if (isApiError(error) && error.code === 'not_enough_stock') return 'at-stock';
  if (isApiError(error) && error.code === 'out_of_stock') return 'out-of-stock';
  return 'missing';
}

/**
 * The queue of the signed-in cart's changes, loaded with a shopper's first page (CartSync) rather than
 * with the landing page's first load, which guests get too.
 */
const outbox = () => import('../model/cart-outbox');

/**
 * The server cart's changes: each is applied to the cart shown at once and queued with its own
 * Idempotency-Key (model/cart-outbox.ts sends the queue in order, now or when the connection is back).
 * Online, a change answers once the server has; offline, at once.
 */
function useServerCartActions(queryClient: QueryClient): CartActions {
  return useMemo(() => {
    const queue = async (tap: CartTap): Promise<CartChange> => {
      const queued = await (await outbox()).queueTap(queryClient, tap);
      if (!queued) return 'missing';
      if (typeof queued.outcome === 'object' && 'refused' in queued.outcome)
        return refusedChange(queued.outcome.refused);
      report(queued.change, 0);
      return queued.change;
    };
    return {
      async add(productId, variantId) {
        const chosen = await variantFor(queryClient, productId, variantId);
        return chosen ? queue({ kind: 'add', ...chosen }) : 'missing';
      },
      increase: ({ productId, variantId, itemId }) =>
        queue({ kind: 'increase', productId, variantId, itemId }),
      decrease: ({ itemId }) => queue({ kind: 'decrease', itemId }),
      remove: ({ itemId }) => queue({ kind: 'remove', itemId }),
    } satisfies CartActions;
  }, [queryClient]);
}

/** The cart's changes for whoever is shopping (admins get the guest ones, which no UI offers them). */
export function useCartActions(): CartActions {
  const queryClient = useQueryClient();
  const mode = useCartMode();
  const guest = useMemo(() => createCartActions(queryClient), [queryClient]);
  const server = useServerCartActions(queryClient);
  return mode === 'server' ? server : guest;
}
