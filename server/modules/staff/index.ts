/*
 * The public face of server/modules/staff (docs/architecture.md#server-modules): the owner's list of
 * the shop's team, role changes, deactivation and reactivation.
 */
export { staffModule } from './handlers';
