/*
 * The public face of server/modules/setups (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. What the storefront needs at start (delivery
 * areas and the like).
 */
export { setupsModule } from './handlers';
