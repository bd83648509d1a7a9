/*
 * The public face of server/modules/auth (docs/architecture.md#server-modules): other modules, the
 * jobs and server/app.ts import only this file. Sign-up, sign-in, one-time codes and sessions; the
 * housekeeping job purges their old rows.
 */
export { authModule } from './handlers';
export { purgeChallenges } from './otp';
export { purgeLoginFailures } from './throttle';
