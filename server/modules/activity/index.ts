/*
 * The public face of server/modules/activity (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. The admin activity log: its routes, and
 * recordActivity for every admin write.
 */
export { activityModule } from './handlers';
export { recordActivity } from './service';
