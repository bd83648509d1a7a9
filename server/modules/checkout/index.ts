/*
 * The public face of server/modules/checkout (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. Placing an order and starting its payment.
 */
export { checkoutModule } from './handlers';
