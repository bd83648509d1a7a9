export { DiscountsPage } from './components/discounts-page';
export { parseDiscountsSearch, type DiscountsSearch } from './model/discounts-search';
