export { adminProductQueries, invalidateCatalogue } from './api/admin-queries';
export { CreateProductPage, EditProductPage } from './components/product-form-pages';
export { ProductsPage } from './components/products-page';
export { parseProductsSearch, type ProductsSearch } from './model/products-search';
export { parseProductPageSearch } from './model/product-page-search';
