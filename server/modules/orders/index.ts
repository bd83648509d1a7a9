/*
 * The public face of server/modules/orders (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. A shopper's orders and paying again; checkout
 * reads an order's state.
 */
export { ordersModule } from './handlers';
export { orderState } from './service';
