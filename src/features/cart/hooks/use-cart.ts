import { cardVariant, loadProduct, stockOf, type ProductView } from '@/features/catalogue';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useIsAdmin, useIsAuthenticated } from '@/features/session';
import { isApiError } from '@/lib/api-client';
import { errorMessage, GENERIC_ERROR_SHORT } from '@/lib/errors';
import { translate } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import type { CartItem } from '@contract/cart';
import type { Variant } from '@contract/catalogue';
import { onlineManager, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cartQueries } from '../api/cart-queries';
import { queueCartChange } from '../model/cart-outbox';
import { LOCAL_LINE, type QueuedCartWrite } from '../stores/cart-queue-store';
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

/** What a change the server refused came to (the outbox has said why: a toast and a note on the line). */
function refusedChange(error: unknown): CartChange {
  if (isApiError(error) && error.code === 'not_enough_stock') return 'at-stock';
  if (isApiError(error) && error.code === 'out_of_stock') return 'out-of-stock';
  return 'missing';
}

/** The line a cart change builds from a product before the server prices it (an add offline). */
function lineFrom(product: ProductView, variant: Variant, itemId: string): CartItem {
  const price = variant.saleInfo.discountedPrice ?? variant.price;
  const stock = stockOf(variant);
  return {
    itemId,
    productId: product.productId,
    productPid: product.pid,
    variantId: variant.variantId,
    name: product.name,
    variantName: variant.name,
    attributes: variant.attributes.map((a) => ({
      name: product.attributeNames[a.attributeId] ?? '',
      value: a.value,
    })),
    categoryId: product.categories[0]?.categoryId ?? null,
    image: product.images[0]?.urls.thumb ?? null,
    quantity: 1,
    price,
    originalPrice: variant.price,
    onSale: variant.saleInfo.onSale,
    totalPrice: price,
    stock,
    available: stock >= 1,
  };
}

/**
 * The server cart's changes: each is applied to the cart shown at once and queued with its own
 * Idempotency-Key (model/cart-outbox.ts sends the queue in order, now or when the connection is back).
 * Online, a change answers once the server has; offline, at once.
 */
function useServerCartActions(queryClient: QueryClient): CartActions {
  return useMemo(() => {
    const lineWhere = (match: (line: CartItem) => boolean) =>
      queryClient.getQueryData(cartQueries.server().queryKey)?.Items.find(match);
    const queue = async (
      write: Omit<QueuedCartWrite, 'userId' | 'name' | 'image'> & { line?: CartItem },
      shown: Pick<CartItem, 'name' | 'image'> | undefined,
      change: Exclude<CartChange, 'at-stock' | 'out-of-stock' | 'missing'>,
    ): Promise<CartChange> => {
      const outcome = await queueCartChange(queryClient, {
        ...write,
        name: shown?.name ?? '',
        image: shown?.image ?? null,
      });
      if (typeof outcome === 'object' && 'refused' in outcome) return refusedChange(outcome.refused);
      report(change, 0);
      return change;
    };
    const change = (kind: 'decrease' | 'remove', itemId: string): CartChange | Promise<CartChange> => {
      const line = lineWhere((i) => i.itemId === itemId);
      if (!line) return 'missing';
      const { productId, variantId } = line;
      const key = newIdempotencyKey();
      const outcome = kind === 'remove' || line.quantity <= 1 ? 'removed' : 'decreased';
      return queue({ key, kind, productId, variantId, itemId }, line, outcome);
    };
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
        const key = newIdempotencyKey();
        const known = lineWhere((i) => i.variantId === variant.variantId);
        const line = known ? undefined : lineFrom(product, variant, `${LOCAL_LINE}${key}`);
        const write = { key, kind: 'add' as const, productId, variantId: variant.variantId };
        return queue(
          { ...write, itemId: known?.itemId ?? line!.itemId, line },
          known ?? line,
          known ? 'increased' : 'added',
        );
      },
      increase: (item) =>
        queue(
          { key: newIdempotencyKey(), kind: 'increase', ...pick(item) },
          lineWhere((i) => i.variantId === item.variantId),
          'increased',
        ),
      decrease: (item) => change('decrease', item.itemId),
      remove: (item) => change('remove', item.itemId),
    } satisfies CartActions;
  }, [queryClient]);
}

const pick = ({ productId, variantId, itemId }: CartLineRef) => ({ productId, variantId, itemId });

/** The cart's changes for whoever is shopping (admins get the guest ones, which no UI offers them). */
export function useCartActions(): CartActions {
  const queryClient = useQueryClient();
  const mode = useCartMode();
  const guest = useMemo(() => createCartActions(queryClient), [queryClient]);
  const server = useServerCartActions(queryClient);
  return mode === 'server' ? server : guest;
}
