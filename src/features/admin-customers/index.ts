export { CustomerPage } from './components/customer-page';
export { CustomersPage } from './components/customers-page';
export { parseCustomersSearch, type CustomersSearch } from './model/customers-search';
