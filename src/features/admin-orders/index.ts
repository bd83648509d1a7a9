export { adminOrderQueries, invalidateOrders } from './api/admin-order-queries';
export { OrderPage } from './components/order-page';
export { OrderTimeline } from './components/order-timeline';
export { OrdersPage } from './components/orders-page';
export { parseOrdersSearch, type OrdersSearch } from './model/orders-search';
