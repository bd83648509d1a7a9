/*
 * The public face of server/modules/products-admin (docs/architecture.md#server-modules): other
 * modules, the jobs and server/app.ts import only this file. Products for the admin: list, detail
 * and writes.
 */
export { productsAdminModule } from './handlers';
