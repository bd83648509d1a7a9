/*
 * The public face of server/modules/cart (docs/architecture.md#server-modules): other modules, the
 * jobs and server/app.ts import only this file. The shopper's cart; checkout reads its lines.
 */
export { cartModule } from './handlers';
export { cartLinesOf, cartLinesQuery, loadCartLines, type CartLine } from './service';
export { priceWithPromo, promoGuesses, type PromoGuesser } from './promo';
export { purgeCartWriteKeys } from './write-keys';
