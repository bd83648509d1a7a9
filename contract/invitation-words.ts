/*
 * The words of a staff invitation that the server, the mocks and the invitee's page share. A module
 * without zod, apart from contract/staff-roles.ts, which is in every shopper's first load.
 */
import type { StaffRole } from './staff-roles';

/** A role in a sentence ("invited you as a packer"), for the invitation's mail and page. */
export const STAFF_ROLE_WORDS: Readonly<Record<StaffRole, string>> = {
  owner: 'an owner',
  manager: 'a manager',
  catalogue: 'a catalogue keeper',
  fulfilment: 'a packer',
  rider: 'a rider',
};

/** The invitation link that leads nowhere: one sentence for the server, the mocks and the page. */
export const INVITATION_UNKNOWN_MESSAGE =
  'This invitation link is not valid. Check that you opened the whole link from the email.';
