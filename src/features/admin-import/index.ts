export { ImportProductsPage } from './components/import-page';
