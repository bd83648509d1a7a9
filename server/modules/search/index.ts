/*
 * The public face of server/modules/search (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. Product search and its in-process index.
 */
export { searchModule } from './handlers';
export { refreshSearch, searchIndexBuilt } from './service';
