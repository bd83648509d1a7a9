import { isApiError } from '@/lib/api-client';
import type { Cart } from '@contract/cart';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cartQueries } from '../api/cart-queries';
import { useGuestCartItems } from '../stores/guest-cart-store';
import { useCartMode, type CartMode } from './use-cart';

/*
 * The cart as the cart page shows it, priced by the server with the typed promo code. Apart from
 * use-cart.ts (which the header's count and every product card load), so the landing page never
 * loads it: only the cart and checkout pages do.
 */

const EMPTY_CART: Cart = {
  Items: [],
  shippingRate: 0,
  subtotal: 0,
  orderSaving: 0,
  total: 0,
  promo: null,
  missing: [],
};

/** The guest cart priced by the server; no request while it is empty or for anyone else. */
function useGuestQuote(enabled: boolean, promoCode: string | null) {
  const lines = useGuestCartItems();
  const quoteLines = useMemo(
    () =>
      lines.map(({ itemId, productId, variantId, quantity }) => ({ itemId, productId, variantId, quantity })),
    [lines],
  );
  const query = useQuery({
    ...cartQueries.guest(promoCode ? { items: quoteLines, promoCode } : { items: quoteLines }),
    enabled: enabled && quoteLines.length > 0,
    // While a changed cart is priced again, the last answer stays on screen.
    placeholderData: keepPreviousData,
  });
  return { query, quoteLines };
}

export interface CartView {
  mode: CartMode;
  /** The cart as the server priced it; undefined until it answers. */
  cart: Cart | undefined;
  /** No answer yet. */
  loading: boolean;
  /** A newer answer is on its way (a change is being priced). */
  updating: boolean;
  /** The cart could not be fetched. */
  error: unknown;
  /** The code was not checked: too many codes were tried (a 429, whose sentence the promo field shows). */
  promoError: unknown;
  refetch(): void;
}

/** A 429 of a cart asked with a promo code: too many codes tried, not a cart that failed to load. */
export const isPromoLimit = (promoCode: string | null, error: unknown) =>
  promoCode !== null && isApiError(error) && error.status === 429;

/**
 * The cart of whoever is shopping, priced by the server (with the typed promo code, if any): one
 * request, whatever its size. The caller holds the code, so the shell's cart count never loads it.
 */
export function useCart(promoCode: string | null = null): CartView {
  const mode = useCartMode();
  const guestLines = useGuestCartItems();
  const server = useQuery({
    ...cartQueries.server(promoCode ? { promoCode } : null),
    enabled: mode === 'server',
    // While a code is checked, the cart as it was stays on screen.
    placeholderData: keepPreviousData,
  });
  const guest = useGuestQuote(mode === 'guest', promoCode);
  const queryClient = useQueryClient();
  const settled = { loading: false, updating: false, error: null, promoError: null };
  if (mode === 'none' || (mode === 'guest' && guestLines.length === 0)) {
    return { mode, cart: EMPTY_CART, ...settled, refetch: () => undefined };
  }
  const query = mode === 'guest' ? guest.query : server;
  const limited = isPromoLimit(promoCode, query.error);
  // Until the code is let go, the cart as it was without it stays on screen.
  const withoutCode = limited
    ? queryClient.getQueryData(
        mode === 'guest'
          ? cartQueries.guest({ items: guest.quoteLines }).queryKey
          : cartQueries.server().queryKey,
      )
    : undefined;
  return {
    mode,
    cart: query.data ?? withoutCode,
    loading: query.isPending || (limited && withoutCode === undefined),
    updating: query.isFetching,
    error: limited ? null : query.error,
    promoError: limited ? query.error : null,
    refetch: () => void query.refetch(),
  };
}
