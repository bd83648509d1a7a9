export { categoryQueries, findCategory } from './api/category-queries';
export { loadedProducts } from './api/loaded-products';
export { loadProduct, productQueries } from './api/product-queries';
export { CategoryPage } from './components/category-page';
export { LandingCatalogue } from './components/landing-catalogue';
export { PriceTag, StockLabel } from './components/price-tag';
export { ProductCard } from './components/product-card';
export { GRID_COLUMNS } from './components/product-grid';
export { ProductPage } from './components/product-page';
export { categoryFilter, LANDING_FILTER } from './model/listings';
export { parseCategoryParam, parseProductParam, productLink } from './model/paths';
export {
  
  cardVariant,
  isInStock,
  stockOf,
  
  viewFromSummary,
  type ProductView,
} from './model/product-view';
export { DEFAULT_SORT, isProductSort } from './model/sorts';
