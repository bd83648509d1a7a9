/*
 * The public face of server/modules/staff (docs/architecture.md#server-modules): the owner's list of
 * the shop's team, role changes, deactivation and reactivation, and invitations (the owner's side
 * and the invitee's).
 */
export { invitationsModule, staffModule } from './handlers';
