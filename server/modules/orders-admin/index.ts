/*
 * The public face of server/modules/orders-admin (docs/architecture.md#server-modules): other
 * modules, the jobs and server/app.ts import only this file. Orders for the admin: list, CSV,
 * detail, moves, marking paid, refunds, payment checks.
 */
export { ordersAdminModule } from './handlers';
