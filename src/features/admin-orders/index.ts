export { OrderPage } from './components/order-page';
export { OrdersPage } from './components/orders-page';
export { parseOrdersSearch, type OrdersSearch } from './model/orders-search';
export { FulfilmentBadge, PaymentBadge } from './components/order-badges';
