export { orderQueries } from './api/order-queries';
export { OrderDetails } from './components/order-details';
export { OrdersList } from './components/orders-list';
export { announcePayment, PAYMENT_SENT } from './model/payment-toast';
