import { createRoute } from '@hono/zod-openapi';
import {
  AcceptInvitationBody,
  InvitationIdParams,
  InvitationRevoked,
  InvitationTokenParams,
  InvitationView,
  InviteStaffBody,
  StaffIdParams,
  StaffInvitation,
  StaffMember,
  StaffUpdate,
} from '../../../contract/admin-staff';
import { AuthResult } from '../../../contract/auth';
import { countRows, envelope } from '../../../contract/common';
import { bearerSecurity, publicSecurity } from '../../lib/auth/middleware';
import { adminsOnly, adminTags, badId, error, json, ok, rateLimited } from '../../lib/openapi';

// Under /v1/admin/staff, where server/app.ts mounts this module.

export const listStaffRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listStaff',
  'x-permission': 'staff.manage',
  tags: adminTags,
  security: bearerSecurity,
  summary: "The shop's team: every staff account with its role, state and last sign-in, owners first",
  responses: {
    200: json('The staff', envelope(countRows(StaffMember))),
    ...adminsOnly,
  },
});

export const updateStaffRoute = createRoute({
  method: 'patch',
  path: '/{userId}',
  operationId: 'updateStaff',
  'x-permission': 'staff.manage',
  tags: adminTags,
  security: bearerSecurity,
  summary: "Changes a staff member's role, or deactivates or reactivates the account",
  description:
    'Deactivating ends every session of the account at once (its next request is a 401, on every ' +
    'instance) and refuses its sign-ins until it is reactivated; its history stays. Nobody changes ' +
    'their own account here, and the last active owner stays an active owner (checked under a lock, ' +
    'so two owners demoting each other at once leave one).',
  request: {
    params: StaffIdParams,
    body: { content: { 'application/json': { schema: StaffUpdate } }, required: true },
  },
  responses: {
    200: ok('The member as it is now', StaffMember),
    400: error('A bad id or body'),
    ...adminsOnly,
    404: error('No staff account has that id'),
    409: error(
      '`own_account`: the owner asking is the member; `last_owner`: the shop would be left without an active owner',
    ),
  },
});

// ── Invitations: the owner's side, under /v1/admin/staff/invitations ─────────────────────────────

const noSuchInvitation = error('No invitation has that id');
const notOpen = error('`invitation_used`: it was taken up; `invitation_revoked`: it was already revoked');

export const listInvitationsRoute = createRoute({
  method: 'get',
  path: '/invitations',
  operationId: 'listStaffInvitations',
  'x-permission': 'staff.manage',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'The invitations still waiting for their invitee (expired ones included), newest first',
  responses: {
    200: json('The invitations', envelope(countRows(StaffInvitation))),
    ...adminsOnly,
  },
});

export const inviteStaffRoute = createRoute({
  method: 'post',
  path: '/invitations',
  operationId: 'inviteStaff',
  'x-permission': 'staff.manage',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Invites an email to the staff with a role: a one-time link, valid 72 hours, is mailed to it',
  description:
    "Only the link's hash is stored. The email must not belong to an account already: a shopper's " +
    'account is never turned into staff (`shopper_account`), and staff are not invited twice.',
  request: { body: { content: { 'application/json': { schema: InviteStaffBody } }, required: true } },
  responses: {
    201: ok('The invitation, sent', StaffInvitation),
    400: error('A bad body: the email or the role'),
    ...adminsOnly,
    409: error(
      "`shopper_account`: the email is a shopper's; `already_staff`: it is a staff member's; `already_invited`: an invitation to it is waiting",
    ),
  },
});

export const resendInvitationRoute = createRoute({
  method: 'post',
  path: '/invitations/{invitationId}/resend',
  operationId: 'resendStaffInvitation',
  'x-permission': 'staff.manage',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Sends an invitation again with a new link and 72 more hours; the older link stops working',
  request: { params: InvitationIdParams },
  responses: {
    200: ok('The invitation, sent again', StaffInvitation),
    400: badId,
    ...adminsOnly,
    404: noSuchInvitation,
    409: notOpen,
  },
});

export const revokeInvitationRoute = createRoute({
  method: 'delete',
  path: '/invitations/{invitationId}',
  operationId: 'revokeStaffInvitation',
  'x-permission': 'staff.manage',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Withdraws an invitation: its link stops working at once',
  request: { params: InvitationIdParams },
  responses: {
    200: ok('Which invitation was withdrawn', InvitationRevoked),
    400: badId,
    ...adminsOnly,
    404: noSuchInvitation,
    409: notOpen,
  },
});

// ── Invitations: the invitee's side, under /v1/auth/invitations (no sign-in: the link is the key) ─

const invitationGone = error(
  '`invitation_expired`: past its 72 hours; `invitation_revoked`: the owner withdrew it (ask for a new one)',
);
const limited = rateLimited('Too many requests from this address (`rate_limited`)');
const invitationUnknown = error(
  '`invitation_not_found`: no invitation has this link (or it was sent again since)',
);

export const viewInvitationRoute = createRoute({
  method: 'get',
  path: '/{token}',
  operationId: 'viewStaffInvitation',
  tags: ['auth'],
  security: publicSecurity,
  summary: 'What an invitation link invites to: the email and the role, while it can still be taken up',
  request: { params: InvitationTokenParams },
  responses: {
    200: ok('The invitation', InvitationView),
    400: error('The token is not a token'),
    404: invitationUnknown,
    409: error('`invitation_used`: it was taken up already'),
    410: invitationGone,
    429: limited,
  },
});

export const acceptInvitationRoute = createRoute({
  method: 'post',
  path: '/{token}/accept',
  operationId: 'acceptStaffInvitation',
  tags: ['auth'],
  security: publicSecurity,
  summary:
    "Takes up an invitation: makes the staff account with the person's name and password, and signs in",
  description:
    'Works once: of two acceptances at once, one makes the account and the other is a 409. A rider ' +
    'must give a phone number (shoppers call their rider).',
  request: {
    params: InvitationTokenParams,
    body: { content: { 'application/json': { schema: AcceptInvitationBody } }, required: true },
  },
  responses: {
    200: ok('Signed in as the new staff member', AuthResult),
    400: error(
      'A bad body (`issues` name the fields), a rider without a phone, or a password too easy to guess',
    ),
    404: invitationUnknown,
    409: error(
      '`invitation_used`: it was taken up already; `shopper_account` or `already_staff`: the email has an account now',
    ),
    410: invitationGone,
    429: limited,
  },
});
