import { cardVariant, loadProduct, stockOf, type ProductView } from '@/features/catalogue';
import { useIsAdmin, useIsAuthenticated } from '@/features/session';
import { isApiError } from '@/lib/api-client';
import { errorMessage, GENERIC_ERROR_SHORT } from '@/lib/errors';
import { translate } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import type { Cart } from '@contract/cart';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cartApi } from '../api/cart-api';
import { applyServerCart, cartQueries } from '../api/cart-queries';
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
 * toast (docs/behaviour.md#validation).
 */
async function productFor(queryClient: QueryClient, productId: string): Promise<ProductView | null> {
  try {
    return await loadProduct(queryClient, productId);
  } catch (error) {
    notify.error(errorMessage(error), { id: `cart-product-${productId}` });
    return null;
  }
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
      const product = await productFor(queryClient, productId);
      if (!product) return 'missing';
      const variant = variantId
        ? product.variants.find((v) => v.variantId === variantId)
        : cardVariant(product);
      if (!variant) {
        notify.error(GENERIC_ERROR_SHORT);
        return 'missing';
      }
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

/** The server's message for a refused change, as a toast; answers what the change came to. */
function reportServerError(error: unknown): CartChange {
  notify.error(errorMessage(error), { id: 'cart-error' });
  if (isApiError(error) && error.code === 'not_enough_stock') return 'at-stock';
  if (isApiError(error) && error.code === 'out_of_stock') return 'out-of-stock';
  return 'missing';
}

/** The server cart's changes: each answers the whole cart, which replaces the cached one. */
function useServerCartActions(queryClient: QueryClient): CartActions {
  const onSuccess = (cart: Cart) => applyServerCart(queryClient, cart);
  const { mutateAsync: add } = useMutation({
    mutationFn: (item: { productId: string; variantId?: string }) => cartApi.add({ ...item, quantity: 1 }),
    onSuccess,
  });
  const { mutateAsync: change } = useMutation({
    mutationFn: ({ itemId, quantity }: { itemId: string; quantity: 1 | -1 }) =>
      cartApi.change(itemId, quantity),
    onSuccess,
  });
  const { mutateAsync: remove } = useMutation({
    mutationFn: (itemId: string) => cartApi.remove(itemId),
    onSuccess,
  });

  return useMemo(() => {
    const run = async (
      action: () => Promise<Cart>,
      change: Exclude<CartChange, 'at-stock' | 'out-of-stock' | 'missing'>,
    ): Promise<CartChange> => {
      try {
        await action();
      } catch (error) {
        return reportServerError(error);
      }
      report(change, 0);
      return change;
    };
    const lineOf = (itemId: string) =>
      queryClient.getQueryData(cartQueries.server().queryKey)?.Items.find((i) => i.itemId === itemId);
    return {
      add: (productId, variantId) => {
        const known = queryClient
          .getQueryData(cartQueries.server().queryKey)
          ?.Items.some((i) => i.productId === productId && (!variantId || i.variantId === variantId));
        return run(() => add({ productId, variantId }), known ? 'increased' : 'added');
      },
      increase: (item) => run(() => change({ itemId: item.itemId, quantity: 1 }), 'increased'),
      decrease: (item) =>
        run(
          () => change({ itemId: item.itemId, quantity: -1 }),
          (lineOf(item.itemId)?.quantity ?? 2) <= 1 ? 'removed' : 'decreased',
        ),
      remove: (item) => run(() => remove(item.itemId), 'removed'),
    } satisfies CartActions;
  }, [queryClient, add, change, remove]);
}

/** The cart's changes for whoever is shopping (admins get the guest ones, which no UI offers them). */
export function useCartActions(): CartActions {
  const queryClient = useQueryClient();
  const mode = useCartMode();
  const guest = useMemo(() => createCartActions(queryClient), [queryClient]);
  const server = useServerCartActions(queryClient);
  return mode === 'server' ? server : guest;
}
