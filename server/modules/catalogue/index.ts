/*
 * The public face of server/modules/catalogue (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. The shop's products and categories, their
 * response cache, and the product queries and discount pricing the cart, saved items, taxonomy,
 * uploads and admin modules build on.
 */
export { catalogueModule } from './handlers';
export { catalogueCacheFor } from './cache';
export { catalogueChanged } from './changed';
export {
  coveringDiscountsJson,
  coversProduct,
  fromCoveringJson,
  pricingColumns,
  type CoveringDiscountJson,
} from './discount-pricing';
export {
  activeVariant,
  discountsOn,
  inCategory,
  listCategories,
  productsByIds,
  shownToShoppers,
  toImage,
} from './service';
