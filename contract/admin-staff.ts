import { z } from 'zod';
import { Email, profileToken, StaffRole, UpdateProfileBody } from './auth';
import { Uuid } from './common';
import { INVITATION_UNKNOWN_MESSAGE, STAFF_ROLE_WORDS } from './invitation-words';
import type { StaffRole as StaffRoleName } from './staff-roles';

export { INVITATION_UNKNOWN_MESSAGE };

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

// ── Invitations ───────────────────────────────────────────────────────────────────────────────────
// The owner invites a person by email with a role; the mail carries a one-time link to
// `/admin/join/{token}`, where the invitee sets a name and a password and lands in the back office.

/** An invitation works once, for this long after it was sent (or sent again). */
export const INVITATION_HOURS = 72;

/** An invitation still waiting for its invitee, as the owner's staff screen lists it. */
export const StaffInvitation = z
  .object({
    invitationId: Uuid,
    email: z.string(),
    role: StaffRole,
    /** Who sent it (their name, or email), or null when that account is gone. */
    invitedBy: z.string().nullable(),
    /** When it was sent, or last sent again. */
    sentAt: Timestamp,
    expiresAt: Timestamp,
    /** True once `expiresAt` has passed: it can be sent again (with a new link) or revoked. */
    expired: z.boolean(),
  })
  .meta({ id: 'StaffInvitation' });
export type StaffInvitation = z.infer<typeof StaffInvitation>;

export const InviteStaffBody = z
  .strictObject({ email: Email, role: StaffRole })
  .meta({ id: 'InviteStaffBody' });
export type InviteStaffBody = z.infer<typeof InviteStaffBody>;

export const InvitationIdParams = z.object({ invitationId: Uuid });

export const InvitationRevoked = z
  .object({ invitationId: Uuid, revoked: z.literal(true) })
  .meta({ id: 'InvitationRevoked' });

/** `/v1/auth/invitations/{token}`: the token of the invitation's link. */
export const InvitationTokenParams = z.object({ token: profileToken.meta({ id: 'InvitationToken' }) });

/** What the invitee's page shows before they accept. */
export const InvitationView = z
  .object({ email: z.string(), role: StaffRole, expiresAt: Timestamp })
  .meta({ id: 'InvitationView' });
export type InvitationView = z.infer<typeof InvitationView>;

/** The invitee's details: the profile a new account needs; a rider's phone is required (shoppers call it). */
export const AcceptInvitationBody = UpdateProfileBody.meta({ id: 'AcceptInvitationBody' });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const SHOPPER_EMAIL_MESSAGE =
  "This email belongs to a shopper's account. Staff sign in with an email of their own: invite another address.";
export const ALREADY_STAFF_MESSAGE = 'This email already belongs to a member of the staff.';
export const ALREADY_INVITED_MESSAGE =
  'An invitation to this email is already waiting: send it again or revoke it from the list.';
export const INVITATION_USED_MESSAGE =
  'This invitation has already been used. Sign in at the admin sign-in page.';
export const INVITATION_EXPIRED_MESSAGE =
  "This invitation has expired. Ask the shop's owner to send it again.";
export const INVITATION_REVOKED_MESSAGE =
  "This invitation was withdrawn. Ask the shop's owner if you should have one.";
const RIDER_PHONE_MESSAGE = 'is needed for a rider: shoppers call their rider';

/** The 400 of a rider's acceptance without a phone, as the server and the mocks answer it. */
export const riderPhoneRefusal = {
  message: 'A rider needs a phone number: shoppers call their rider.',
  issues: [{ path: 'phone', message: RIDER_PHONE_MESSAGE }],
};

/** Why the owner cannot resend or revoke an invitation any more, or null while it is open. */
export function openInvitationRefusal(invitation: {
  acceptedAt: unknown;
  revokedAt: unknown;
}): { status: 409; code: 'invitation_used' | 'invitation_revoked'; message: string } | null {
  if (invitation.acceptedAt)
    return { status: 409, code: 'invitation_used', message: 'This invitation has already been taken up.' };
  if (invitation.revokedAt)
    return { status: 409, code: 'invitation_revoked', message: 'This invitation was already revoked.' };
  return null;
}

/** Why an email with an account cannot become staff by invitation: a shopper's stays a shopper's. */
export function takenEmailRefusal(
  account: { type: 'admin' | 'customer' } | undefined,
): { status: 409; code: 'shopper_account' | 'already_staff'; message: string } | null {
  if (!account) return null;
  return account.type === 'customer'
    ? { status: 409, code: 'shopper_account', message: SHOPPER_EMAIL_MESSAGE }
    : { status: 409, code: 'already_staff', message: ALREADY_STAFF_MESSAGE };
}

/** The invitation's state as an invitee would meet it: why it cannot be taken up, or null when it can. */
export function invitationRefusal(
  invitation: { acceptedAt: unknown; revokedAt: unknown; expiresAt: Date | number },
  now: Date | number,
): {
  status: 409 | 410;
  code: 'invitation_used' | 'invitation_revoked' | 'invitation_expired';
  message: string;
} | null {
  if (invitation.acceptedAt)
    return { status: 409, code: 'invitation_used', message: INVITATION_USED_MESSAGE };
  if (invitation.revokedAt)
    return { status: 410, code: 'invitation_revoked', message: INVITATION_REVOKED_MESSAGE };
  if (+invitation.expiresAt <= +now)
    return { status: 410, code: 'invitation_expired', message: INVITATION_EXPIRED_MESSAGE };
  return null;
}

/** The invitation mail's words, one copy for the server's template and the mocks' outbox. */
export function invitationMail({
  role,
  inviter,
  link,
  hours,
}: {
  role: StaffRoleName;
  inviter: string;
  link: string;
  hours: number;
}) {
  const intro = `${inviter} invited you to join the Sokoni team as ${STAFF_ROLE_WORDS[role]}.`;
  const action = 'Open the link to choose your name and password and sign in to the back office:';
  const outro = `The link works once and expires in ${hours} hours. If you did not expect it, ignore this email.`;
  return {
    subject: 'You are invited to the Sokoni team',
    intro,
    action,
    outro,
    text: `${intro}\n\n${action}\n\n${link}\n\n${outro}\n\nSokoni`,
  };
}
