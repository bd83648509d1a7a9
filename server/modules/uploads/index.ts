/*
 * The public face of server/modules/uploads (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. Image uploads; the housekeeping job purges
 * images no product took.
 */
export { uploadsModule } from './handlers';
export { UPLOAD_PATH } from './routes';
export { purgeOrphanImages } from './service';
