/*
 * The public face of server/modules/sms (docs/architecture.md#server-modules): server/app.ts imports
 * only this file. The delivery-report callback of the SMS gateway.
 */
export { smsModule } from './handlers';
