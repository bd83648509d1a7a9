import { loadProduct } from '@/features/catalogue/api/product-queries';
import { cardVariant, stockOf, unitPrice, type ProductView } from '@/features/catalogue/model/product-view';
import { errorMessage, GENERIC_ERROR_SHORT } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  addGuestItem,
  cartItemId,
  decreaseGuestItem,
  increaseGuestItem,
  removeGuestItem,
  useGuestCartItem,
  useGuestCartItems,
  type CartChange,
  type CartItem,
} from '../stores/guest-cart-store';

/*
 * The cart as components see it. Today every shopper has the guest cart (browser storage); the
 * server cart of signed-in shoppers (GET/POST/PATCH/DELETE cart, spec §7) slots in behind these
 * same hooks, choosing its implementation from the session, so no component changes.
 */

export type { CartItem } from '../stores/guest-cart-store';

export const ADDED_TO_CART = 'Item was successfully added to cart';
export const CART_UPDATED = 'Cart was successfully updated';
export const OUT_OF_STOCK = 'Sorry, this item is out of stock';
export const atStockMessage = (stock: number) =>
  `Sorry, only ${stock} ${stock === 1 ? 'unit is' : 'units are'} in stock`;

export const useCartItems = (): CartItem[] => useGuestCartItems();

/** The line of one variant, if it is in the cart. */
export const useCartItem = (productId: string, variantId: string | undefined): CartItem | undefined =>
  useGuestCartItem(variantId ? cartItemId(productId, variantId) : '');

/** Tells the shopper what a change did (spec §8 toasts). */
function report(change: CartChange, stock: number) {
  switch (change) {
    case 'added':
      notify.success(ADDED_TO_CART);
      break;
    case 'increased':
    case 'decreased':
    case 'removed':
      // One toast that updates rather than a stack of them while someone taps + and −.
      notify.success(CART_UPDATED, { id: 'cart-updated' });
      break;
    case 'at-stock':
      notify.warning(atStockMessage(stock), { id: 'cart-stock' });
      break;
    case 'out-of-stock':
      notify.error(OUT_OF_STOCK, { id: 'cart-stock' });
      break;
    case 'missing':
      break;
  }
}

/**
 * The product from the loaded lists, else fetched (spec §7: `GET v1/products/{id}` only when it is
 * not loaded already). Spec §5: when it cannot be fetched the change is abandoned with a toast.
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
  /** One more unit of a line, never above the stock. */
  increase(item: Pick<CartItem, 'productId' | 'variantId' | 'itemId'>): Promise<CartChange>;
  /** One unit fewer; the last one removes the line. */
  decrease(item: Pick<CartItem, 'itemId'>): CartChange;
  remove(item: Pick<CartItem, 'itemId'>): CartChange;
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
          price: unitPrice(variant),
          image: product.images[0]?.urls.thumb ?? '',
          name: product.name,
        },
        stock,
      );
      report(change, stock);
      return change;
    },
    async increase(item) {
      const product = await productFor(queryClient, item.productId);
      if (!product) return 'missing';
      const variant = product.variants.find((v) => v.variantId === item.variantId);
      const stock = stockOf(variant);
      const change = increaseGuestItem(item.itemId, stock, variant ? unitPrice(variant) : undefined);
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

export function useCartActions(): CartActions {
  const queryClient = useQueryClient();
  return useMemo(() => createCartActions(queryClient), [queryClient]);
}
