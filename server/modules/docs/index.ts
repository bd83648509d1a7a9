/*
 * The public face of server/modules/docs (docs/architecture.md#server-modules): other modules, the
 * jobs and server/app.ts import only this file. The OpenAPI document and its reference page.
 */
export { docsModule } from './handlers';
