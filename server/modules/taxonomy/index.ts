/*
 * The public face of server/modules/taxonomy (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. Admin categories and attributes.
 */
export { taxonomyModule } from './handlers';
/** The lock a category or attribute write holds; the CSV import takes it to create missing ones. */
export { lockTaxonomy } from './writes';
