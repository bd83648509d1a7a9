import { http, HttpResponse } from 'msw';
import {
  ALREADY_INVITED_MESSAGE,
  INVITATION_HOURS,
  InvitationIdParams,
  InvitationRevoked,
  invitationMail,
  openInvitationRefusal,
  InviteStaffBody,
  StaffIdParams,
  StaffInvitation,
  StaffMember,
  StaffUpdate,
  staffChangeRefusal,
  takenEmailRefusal,
} from '../../contract/admin-staff';
import { normaliseEmail } from '../../contract/accounts';
import { escapeHtml } from '../../contract/html';
import { countRows, envelope } from '../../contract/common';
import { adminOf, recordActivity } from '../admin';
import {
  authDb,
  endUserSessions,
  findUserByEmail,
  findUserById,
  mockMail,
  saveAuthDb,
  type MockInvitation,
  type MockUser,
} from '../auth-db';
import { errorResponse, invalid, jsonBody, refused } from '../http';

/*
 * The owner's staff screen (contract/admin-staff.ts), as server/modules/staff answers it: the list,
 * role changes, deactivation (which ends the member's sessions) and reactivation, with the same
 * refusals (one's own account, the last active owner).
 */

const ListBody = envelope(countRows(StaffMember));
const MemberBody = envelope(StaffMember);

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

function toMember(u: MockUser): StaffMember {
  const signIns = authDb.sessions.filter((s) => s.userId === u.id && s.at !== undefined).map((s) => s.at!);
  return {
    userId: u.id,
    name: u.name,
    email: u.email,
    role: u.role!,
    active: !u.deactivatedAt,
    lastSignInAt: iso(signIns.length ? Math.max(...signIns) : null),
    createdAt: iso(u.createdAt)!,
  };
}

const staff = () => authDb.users.filter((u) => u.type === 'admin' && u.role);

/** Active first, owners first, then by name and email: the server's order. */
const order = (a: MockUser, b: MockUser) =>
  Number(!!a.deactivatedAt) - Number(!!b.deactivatedAt) ||
  Number(a.role !== 'owner') - Number(b.role !== 'owner') ||
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
  a.email.localeCompare(b.email);

const InvitationList = envelope(countRows(StaffInvitation));
const InvitationBody = envelope(StaffInvitation);

function toInvitation(i: MockInvitation, now = Date.now()): StaffInvitation {
  const by = i.invitedBy ? findUserById(i.invitedBy) : undefined;
  return {
    invitationId: i.id,
    email: i.email,
    role: i.role,
    invitedBy: by ? by.name || by.email : null,
    sentAt: iso(i.sentAt)!,
    expiresAt: iso(i.expiresAt)!,
    expired: i.expiresAt <= now,
  };
}

/** 43 URL-safe characters, as the server's 256-bit tokens. */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A fresh link and 72 hours for the invitation, and its mail in the outbox. */
function send(invitation: MockInvitation, inviter: MockUser, origin: string, now = Date.now()) {
  invitation.token = newToken();
  invitation.sentAt = now;
  invitation.expiresAt = now + INVITATION_HOURS * 3_600_000;
  const link = `${origin}/admin/join/${invitation.token}`;
  const words = invitationMail({
    role: invitation.role,
    inviter: inviter.name || inviter.email,
    link,
    hours: INVITATION_HOURS,
  });
  mockMail({
    to: invitation.email,
    subject: words.subject,
    text: words.text,
    html: `<!doctype html><html lang="en"><body><h1>Sokoni</h1><p>${escapeHtml(words.intro)}</p><p>${escapeHtml(words.action)}</p><p><a href="${escapeHtml(link)}">Join the team</a></p><p>${escapeHtml(words.outro)}</p></body></html>`,
  });
}

const openInvitations = () => authDb.invitations.filter((i) => i.acceptedAt === null && i.revokedAt === null);

/** Why an email cannot be invited (an account has it, or an invitation waits for it), as the server's 409s. */
function inviteRefusal(email: string): Response | undefined {
  const taken = takenEmailRefusal(findUserByEmail(email));
  if (taken) return refused(taken);
  if (openInvitations().some((i) => i.email === email))
    return errorResponse(409, 'already_invited', ALREADY_INVITED_MESSAGE);
  return undefined;
}

/** The owner's change to an invitation: it must exist and still be open. */
function openInvitation(params: unknown): { invitation: MockInvitation } | { error: Response } {
  const id = InvitationIdParams.safeParse(params);
  if (!id.success) return { error: invalid('param', id.error) };
  const invitation = authDb.invitations.find((i) => i.id === id.data.invitationId);
  if (!invitation) return { error: errorResponse(404, 'not_found', 'The invitation was not found.') };
  const refusal = openInvitationRefusal(invitation);
  if (refusal) return { error: refused(refusal) };
  return { invitation };
}

const newestFirst = (a: MockInvitation, b: MockInvitation) => b.sentAt - a.sentAt || a.id.localeCompare(b.id);

export const staffHandlers = [
  http.get('*/api/v1/admin/staff/invitations', ({ request }) => {
    const who = adminOf(request, 'staff.manage');
    if ('error' in who) return who.error;
    const rows = openInvitations()
      .sort(newestFirst)
      .map((i) => toInvitation(i));
    return HttpResponse.json(InvitationList.parse({ data: { count: rows.length, rows } }), {
      headers: { 'Cache-Control': 'no-store' },
    });
  }),

  http.post('*/api/v1/admin/staff/invitations', async ({ request }) => {
    const who = adminOf(request, 'staff.manage');
    if ('error' in who) return who.error;
    const body = InviteStaffBody.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const email = normaliseEmail(body.data.email);
    const refusal = inviteRefusal(email);
    if (refusal) return refusal;
    const invitation: MockInvitation = {
      id: crypto.randomUUID(),
      email,
      role: body.data.role,
      token: '',
      invitedBy: who.admin.id,
      sentAt: 0,
      expiresAt: 0,
      acceptedAt: null,
      revokedAt: null,
    };
    send(invitation, who.admin, new URL(request.url).origin);
    authDb.invitations.push(invitation);
    recordActivity(who.admin, 'staff', invitation.id, 'invited', `${email} as ${invitation.role}`);
    saveAuthDb();
    return HttpResponse.json(InvitationBody.parse({ data: toInvitation(invitation) }), { status: 201 });
  }),

  http.post('*/api/v1/admin/staff/invitations/:invitationId/resend', ({ request, params }) => {
    const who = adminOf(request, 'staff.manage');
    if ('error' in who) return who.error;
    const found = openInvitation(params);
    if ('error' in found) return found.error;
    send(found.invitation, who.admin, new URL(request.url).origin);
    recordActivity(who.admin, 'staff', found.invitation.id, 'invitation_resent', found.invitation.email);
    saveAuthDb();
    return HttpResponse.json(InvitationBody.parse({ data: toInvitation(found.invitation) }));
  }),

  http.delete('*/api/v1/admin/staff/invitations/:invitationId', ({ request, params }) => {
    const who = adminOf(request, 'staff.manage');
    if ('error' in who) return who.error;
    const found = openInvitation(params);
    if ('error' in found) return found.error;
    found.invitation.revokedAt = Date.now();
    recordActivity(who.admin, 'staff', found.invitation.id, 'invitation_revoked', found.invitation.email);
    saveAuthDb();
    return HttpResponse.json(
      envelope(InvitationRevoked).parse({ data: { invitationId: found.invitation.id, revoked: true } }),
    );
  }),

  http.get('*/api/v1/admin/staff', ({ request }) => {
    const who = adminOf(request, 'staff.manage');
    if ('error' in who) return who.error;
    const rows = staff().sort(order).map(toMember);
    return HttpResponse.json(ListBody.parse({ data: { count: rows.length, rows } }), {
      headers: { 'Cache-Control': 'no-store' },
    });
  }),

  http.patch('*/api/v1/admin/staff/:userId', async ({ request, params }) => {
    const who = adminOf(request, 'staff.manage');
    if ('error' in who) return who.error;
    const id = StaffIdParams.safeParse(params);
    if (!id.success) return invalid('param', id.error);
    const body = StaffUpdate.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const user = staff().find((u) => u.id === id.data.userId);
    if (!user) return errorResponse(404, 'not_found', 'The staff member was not found.');
    const member = toMember(user);
    const owners = staff().filter((u) => u.role === 'owner' && !u.deactivatedAt).length;
    const refusal = staffChangeRefusal(who.admin.id, member, body.data, owners);
    if (refusal) return errorResponse(409, refusal.code, refusal.message);

    const role = body.data.role ?? member.role;
    const active = body.data.active ?? member.active;
    if (role !== member.role) {
      recordActivity(who.admin, 'staff', user.id, 'role_changed', `${member.role} → ${role}`);
      user.role = role;
    }
    if (active !== member.active) {
      user.deactivatedAt = active ? null : Date.now();
      if (!active) endUserSessions(user.id);
      recordActivity(who.admin, 'staff', user.id, active ? 'reactivated' : 'deactivated');
    }
    saveAuthDb();
    return HttpResponse.json(MemberBody.parse({ data: toMember(user) }));
  }),
];
