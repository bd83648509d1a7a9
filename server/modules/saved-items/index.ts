/*
 * The public face of server/modules/saved-items (docs/architecture.md#server-modules): other
 * modules, the jobs and server/app.ts import only this file. A shopper's saved items.
 */
export { savedItemsModule } from './handlers';
