/*
 * The public face of server/modules/health (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. Liveness and readiness.
 */
export { healthModule } from './handlers';
