;
export { attributeQueries } from './api/attribute-queries';
export { AttributesPage } from './components/attributes-page';
export { CategoriesPage } from './components/categories-page';
export { CreateCategoryDialog } from './components/category-dialogs';
