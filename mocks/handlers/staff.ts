import { http, HttpResponse } from 'msw';
import { StaffIdParams, StaffMember, StaffUpdate, staffChangeRefusal } from '../../contract/admin-staff';
import { countRows, envelope } from '../../contract/common';
import { adminOf, recordActivity } from '../admin';
import { authDb, endUserSessions, saveAuthDb, type MockUser } from '../auth-db';
import { errorResponse, invalid, jsonBody } from '../http';

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

export const staffHandlers = [
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
