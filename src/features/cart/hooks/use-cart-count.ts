import { useEffect } from 'react';
import { GUEST_CART_KEY, rehydrateGuestCart, useGuestCartCount } from '../stores/guest-cart-store';

/**
 * Units in the shopper's cart, for the header badge on every page. The header is always mounted,
 * so this is also where the cart follows changes made in another tab.
 */
export function useCartCount(): number {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === GUEST_CART_KEY || event.key === null) void rehydrateGuestCart();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return useGuestCartCount();
}
