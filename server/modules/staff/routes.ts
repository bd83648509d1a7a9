import { createRoute } from '@hono/zod-openapi';
import { StaffIdParams, StaffMember, StaffUpdate } from '../../../contract/admin-staff';
import { countRows, envelope } from '../../../contract/common';
import { bearerSecurity } from '../../lib/auth/middleware';
import { adminsOnly, adminTags, error, json, ok } from '../../lib/openapi';

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
