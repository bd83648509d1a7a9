import { useEffect } from 'react';
import { GUEST_CART_KEY, rehydrateGuestCart, useGuestCartCount } from '../stores/guest-cart-store';
import { useCartMode, useServerCart } from './use-cart';

/**
 * Units in the shopper's cart, for the header badge on every page: the guest cart's, the server
 * cart's for a signed-in shopper, none for an admin. The header is always mounted, so this is also
 * where the guest cart follows changes made in another tab.
 */
export function useCartCount(): number {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === GUEST_CART_KEY || event.key === null) void rehydrateGuestCart();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const mode = useCartMode();
  const guest = useGuestCartCount();
  const { data } = useServerCart();
  if (mode === 'guest') return guest;
  return mode === 'server' ? (data?.Items.reduce((n, i) => n + i.quantity, 0) ?? 0) : 0;
}
