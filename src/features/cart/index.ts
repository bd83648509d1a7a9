export type { CartPlace } from './api/cart-api';
export { cartQueries } from './api/cart-queries';
export { CartControl } from './components/cart-control';
export { CartPage } from './components/cart-page';
export { CartSync } from './components/cart-sync';
export { PromoCodeField, promoRefusalText, PromoSavingLine } from './components/promo-code-field';
export { useCartActions, useCartMode } from './hooks/use-cart';
export { useCartCount } from './hooks/use-cart-count';
export { isPromoLimit } from './hooks/use-priced-cart';
export { useSettlePromoCode } from './hooks/use-settle-promo-code';
// The guest cart and the queued server cart changes as the browser keeps them, for tests that set up
// or check a visit.
export { clearGuestCart, getGuestCartItems } from './stores/guest-cart-store';
export { clearCartQueue } from './stores/cart-queue-store';
// The typed promo code: checkout prices and pays with it, and lets it go once the order is placed.
export { clearPromoCode, getPromoCode, usePromoCode } from './stores/promo-code-store';
