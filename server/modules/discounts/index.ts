/*
 * The public face of server/modules/discounts (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. Admin discounts (their pricing is the
 * catalogue's: catalogue/discount-pricing.ts).
 */
export { discountsModule } from './handlers';
