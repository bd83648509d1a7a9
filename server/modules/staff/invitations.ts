import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { normaliseEmail, userView } from '../../../contract/accounts';
import {
  ALREADY_INVITED_MESSAGE,
  INVITATION_HOURS,
  INVITATION_UNKNOWN_MESSAGE,
  invitationRefusal,
  openInvitationRefusal,
  riderPhoneRefusal,
  takenEmailRefusal,
  type AcceptInvitationBody,
  type InvitationView,
  type InviteStaffBody,
  type StaffInvitation,
} from '../../../contract/admin-staff';
import type { AuthResult } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { staffInvitations, users } from '../../db/schema';
import { refuseWeakPassword } from '../../lib/auth/password-strength';
import { hashPassword } from '../../lib/auth/password';
import { refuseUnknownCountry } from '../../lib/countries';
import { issueSession, type AuthUser } from '../../lib/auth/session';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { publicUrl, type Config } from '../../lib/http';
import { enqueueMail, wakeMailWorker } from '../../lib/mail/outbox';
import { invitationEmail } from '../../lib/mail/templates';
import { recordActivity } from '../activity';

/*
 * Staff invitations: the owner invites an email with a role; the mail (through the outbox, in the
 * transaction that records the invitation) carries a one-time link; the invitee sets a name and a
 * password and is signed in as staff. The invitation keeps only the token's hash (the mail in the
 * outbox holds the link until sent mail is purged, as it holds the one-time codes); sending again
 * replaces the token, so an older link stops working.
 */

type InvitationRow = typeof staffInvitations.$inferSelect;

// 256 random bits, so a plain SHA-256 keeps the stored form useless to a reader.
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');
const expiry = (now: Date) => new Date(now.getTime() + INVITATION_HOURS * 3_600_000);

const inviter = sql<
  string | null
>`(select nullif(coalesce(nullif(${users.name}, ''), ${users.email}), '') from ${users} where ${users.id} = ${staffInvitations.invitedBy})`;

const withInviter = { ...getTableColumns(staffInvitations), invitedByName: inviter };

const toInvitation = (r: InvitationRow & { invitedByName: string | null }, now: Date): StaffInvitation => ({
  invitationId: r.id,
  email: r.email,
  role: r.role,
  invitedBy: r.invitedByName,
  sentAt: r.updatedAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  expired: r.expiresAt <= now,
});

const open = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt));

/** The invitations still waiting for their invitee (expired ones too, which can be sent again), newest first. */
export async function listInvitations(
  db: Db,
  now = new Date(),
): Promise<{ count: number; rows: StaffInvitation[] }> {
  const rows = await db
    .select(withInviter)
    .from(staffInvitations)
    .where(open)
    .orderBy(desc(staffInvitations.updatedAt), staffInvitations.id);
  return { count: rows.length, rows: rows.map((r) => toInvitation(r, now)) };
}

async function invitationById(db: Db, id: string, now: Date): Promise<StaffInvitation> {
  const [row] = await db.select(withInviter).from(staffInvitations).where(eq(staffInvitations.id, id));
  if (!row) throw notFound('The invitation');
  return toInvitation(row, now);
}

/** Who owns an email already: a shopper cannot be turned into staff, and staff are not invited twice. */
async function refuseTakenEmail(db: Db, email: string) {
  const [taken] = await db
    .select({ type: users.type })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  const refusal = takenEmailRefusal(taken);
  if (refusal) throw new AppError(refusal.status, refusal.code, refusal.message);
}

function queueInvitationMail(
  db: Db,
  env: Config,
  {
    email,
    role,
    token,
    inviter,
  }: { email: string; role: InvitationRow['role']; token: string; inviter: AuthUser },
) {
  return enqueueMail(
    db,
    invitationEmail({
      to: email,
      role,
      inviter: inviter.name || inviter.email,
      link: `${publicUrl(env)}/admin/join/${token}`,
      hours: INVITATION_HOURS,
    }),
  );
}

/** Invites an email with a role. Refused for a shopper's email, a staff member's, or one already invited. */
export async function inviteStaff(
  db: Db,
  env: Config,
  actor: AuthUser,
  body: InviteStaffBody,
  now = new Date(),
): Promise<StaffInvitation> {
  const email = normaliseEmail(body.email);
  const token = newToken();
  const id = await db.transaction(async (tx) => {
    await refuseTakenEmail(tx, email);
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email,
        role: body.role,
        tokenHash: digest(token),
        invitedBy: actor.id,
        expiresAt: expiry(now),
        createdAt: now,
        updatedAt: now,
      })
      // The one open invitation per email (a unique partial index): a second, even at the same moment, is refused.
      .onConflictDoNothing()
      .returning({ id: staffInvitations.id });
    if (!row) throw new AppError(409, 'already_invited', ALREADY_INVITED_MESSAGE);
    await queueInvitationMail(tx, env, { email, role: body.role, token, inviter: actor });
    await recordActivity(tx, actor, {
      entity: 'staff',
      entityId: row.id,
      action: 'invited',
      summary: `${email} as ${body.role}`,
    });
    return row.id;
  });
  wakeMailWorker();
  return invitationById(db, id, now);
}

/** Locks an open invitation for a change by the owner; a taken-up or withdrawn one is a 409. */
async function lockOpen(tx: Db, id: string): Promise<InvitationRow> {
  const [row] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for('update');
  if (!row) throw notFound('The invitation');
  const refusal = openInvitationRefusal(row);
  if (refusal) throw new AppError(refusal.status, refusal.code, refusal.message);
  return row;
}

/** Sends an invitation again with a new link and a new 72 hours; the old link stops working. */
export async function resendInvitation(
  db: Db,
  env: Config,
  actor: AuthUser,
  id: string,
  now = new Date(),
): Promise<StaffInvitation> {
  const token = newToken();
  await db.transaction(async (tx) => {
    const row = await lockOpen(tx, id);
    await tx
      .update(staffInvitations)
      .set({ tokenHash: digest(token), expiresAt: expiry(now), updatedAt: now })
      .where(eq(staffInvitations.id, id));
    await queueInvitationMail(tx, env, { email: row.email, role: row.role, token, inviter: actor });
    await recordActivity(tx, actor, {
      entity: 'staff',
      entityId: id,
      action: 'invitation_resent',
      summary: row.email,
    });
  });
  wakeMailWorker();
  return invitationById(db, id, now);
}

/** Withdraws an invitation: its link stops working at once. */
export async function revokeInvitation(db: Db, actor: AuthUser, id: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOpen(tx, id);
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now, updatedAt: now })
      .where(eq(staffInvitations.id, id));
    await recordActivity(tx, actor, {
      entity: 'staff',
      entityId: id,
      action: 'invitation_revoked',
      summary: row.email,
    });
  });
}

/** The invitation behind a link, for the invitee's page; why it cannot be used when it cannot. */
function usable(row: InvitationRow | undefined, now: Date): InvitationRow {
  if (!row) throw new AppError(404, 'invitation_not_found', INVITATION_UNKNOWN_MESSAGE);
  const refusal = invitationRefusal(row, now);
  if (refusal) throw new AppError(refusal.status, refusal.code, refusal.message);
  return row;
}

export async function viewInvitation(db: Db, token: string, now = new Date()): Promise<InvitationView> {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, digest(token)));
  const { email, role, expiresAt } = usable(row, now);
  return { email, role, expiresAt: expiresAt.toISOString() };
}

/**
 * Takes up an invitation: the staff account is made with the invitation's email and role and the
 * person's name and password, and signed in. The invitation is locked first, so two tabs accepting
 * at once make one account: the second finds it used (409).
 */
export async function acceptInvitation(
  db: Db,
  env: Config,
  token: string,
  body: AcceptInvitationBody,
  now = new Date(),
): Promise<AuthResult> {
  const hash = digest(token);
  const [peek] = await db.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, hash));
  const { email, role } = usable(peek, now);
  if (role === 'rider' && !body.phone) throw badRequest(riderPhoneRefusal.message, riderPhoneRefusal.issues);
  refuseUnknownCountry(body.country);
  refuseWeakPassword(body.password, 'password', { email, name: body.name });
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.tokenHash, hash))
      .for('update');
    const invitation = usable(row, now);
    // A shopper may have signed up with this email since the invitation was sent.
    await refuseTakenEmail(tx, invitation.email);
    const [user] = await tx
      .insert(users)
      .values({
        email: invitation.email,
        name: body.name,
        phone: body.phone ?? null,
        country: body.country ?? null,
        type: 'admin',
        role: invitation.role,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .update(staffInvitations)
      .set({ acceptedAt: now, acceptedUserId: user!.id, updatedAt: now })
      .where(eq(staffInvitations.id, invitation.id));
    await recordActivity(tx, user!, {
      entity: 'staff',
      entityId: user!.id,
      action: 'joined',
      summary: `as ${invitation.role}`,
    });
    return { token: await issueSession(tx, env, user!, now), user: userView(user!) };
  });
}
