/*
 * The public face of server/modules/products-admin (docs/architecture.md#server-modules): other
 * modules, the jobs and server/app.ts import only this file. Products for the admin: list, detail,
 * writes and the catalogue's CSV import and export; housekeeping purges old imports.
 */
export { productsAdminModule } from './handlers';
export { IMPORT_PATH } from './csv-routes';
export { purgeImports } from './csv-import';
