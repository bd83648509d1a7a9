/*
 * The public face of server/modules/dashboard (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. The admin dashboard's figures.
 */
export { dashboardModule } from './handlers';
export { COMPACT_BATCH, compactDashboard } from './rollup';
