/*
 * The public face of server/modules/orders-admin (docs/architecture.md#server-modules): other
 * modules, the jobs and server/app.ts import only this file. Orders for the admin: list, CSV,
 * detail, moves, marking paid, refunds, payment checks; the riders an order goes out with, and a
 * rider's own step to delivered.
 */
export { ordersAdminModule, ridersModule } from './handlers';
export { deliverAsRider } from './moves';
