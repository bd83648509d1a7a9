import { z } from 'zod';
import { StaffRole } from './auth';
import { Uuid } from './common';

// `/v1/admin/staff` (issue 27): the owner's list of the shop's team, each member's role and whether
// they may still sign in. Only the owner may see or change it (`staff.manage`, contract/roles.ts).

const Timestamp = z.iso.datetime({ offset: true });

export const StaffMember = z
  .object({
    userId: Uuid,
    name: z.string(),
    email: z.string(),
    role: StaffRole,
    /** False once the owner has deactivated the account: it can no longer sign in. */
    active: z.boolean(),
    /** When the member last signed in; null if never. */
    lastSignInAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffIdParams = z.object({ userId: Uuid });

/** A change to one member: a new role, deactivation (`active: false`) or reactivation; one or both. */
export const StaffUpdate = z
  .strictObject({ role: StaffRole.optional(), active: z.boolean().optional() })
  .refine((u) => u.role !== undefined || u.active !== undefined, {
    message: 'Send a role, active, or both.',
  })
  .meta({ id: 'StaffUpdate' });
export type StaffUpdate = z.infer<typeof StaffUpdate>;

export const ACCOUNT_DEACTIVATED_MESSAGE =
  "This account is deactivated. Ask the shop's owner to reactivate it.";
export const OWN_ACCOUNT_MESSAGE =
  'You cannot change your own role or deactivate yourself: ask another owner to do it.';
export const LAST_OWNER_MESSAGE =
  'The shop needs an active owner: make someone else an owner before changing this one.';

/**
 * Why a change may not be made, or null: nobody changes their own role or state, and the last active
 * owner stays an active owner. `activeOwners` counts the active owners, the member included if one.
 */
export function staffChangeRefusal(
  actorId: string,
  member: Pick<StaffMember, 'userId' | 'role' | 'active'>,
  change: StaffUpdate,
  activeOwners: number,
): { code: 'own_account' | 'last_owner'; message: string } | null {
  if (member.userId === actorId) return { code: 'own_account', message: OWN_ACCOUNT_MESSAGE };
  const staysOwner = (change.role ?? member.role) === 'owner' && (change.active ?? member.active);
  const isActiveOwner = member.role === 'owner' && member.active;
  if (isActiveOwner && !staysOwner && activeOwners <= 1)
    return { code: 'last_owner', message: LAST_OWNER_MESSAGE };
  return null;
}
