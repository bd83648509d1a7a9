export type { CartPlace } from './api/cart-api';
export { cartQueries } from './api/cart-queries';
export { CartControl } from './components/cart-control';
export { CartPage } from './components/cart-page';
export { CartSync } from './components/cart-sync';
export { useCartActions, useCartMode } from './hooks/use-cart';
export { useCartCount } from './hooks/use-cart-count';
// The guest cart as the browser keeps it, for tests that set up or check a visit.
export { clearGuestCart, getGuestCartItems } from './stores/guest-cart-store';
