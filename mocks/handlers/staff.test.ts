// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type StaffInvitation, type StaffMember } from '../../contract/admin-staff';
import { authDb, DEMO_USERS } from '../auth-db';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { staffHandlers } from './staff';
import { authHandlers } from './auth';

serveMocks(...staffHandlers, ...authHandlers);

const list = async (token: string) => {
  const res = await mockFetch('GET', '/v1/admin/staff', undefined, { token });
  return { status: res.status, rows: ((await res.json()) as { data: { rows: StaffMember[] } }).data?.rows };
};
const patch = (token: string, id: string, body: unknown) =>
  mockFetch('PATCH', `/v1/admin/staff/${id}`, body, { token });

describe('the mocked staff screen', () => {
  it('lists the demo owner first, then the packer and the rider by name', async () => {
    const { status, rows } = await list(tokenOf('admin'));
    expect(status).toBe(200);
    expect(rows.map((r) => [r.email, r.role, r.active])).toEqual([
      [DEMO_USERS.admin.email, 'owner', true],
      [DEMO_USERS.packer.email, 'fulfilment', true],
      [DEMO_USERS.rider.email, 'rider', true],
    ]);
  });

  it('deactivates the packer, whose token stops working and whose sign-in is refused, then reactivates', async () => {
    const packerToken = tokenOf('packer');
    const off = await patch(tokenOf('admin'), DEMO_USERS.packer.id, { active: false });
    expect(off.status).toBe(200);
    expect((await mockFetch('GET', '/v1/admin/staff', undefined, { token: packerToken })).status).toBe(401);
    const login = await mockFetch('POST', '/v1/auth/login', {
      email: DEMO_USERS.packer.email,
      password: DEMO_USERS.packer.password,
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toMatchObject({ code: 'account_deactivated' });
    expect((await patch(tokenOf('admin'), DEMO_USERS.packer.id, { active: true })).status).toBe(200);
  });

  it('refuses as the server does: own account, a manager, a bad id or body, an unknown member', async () => {
    const owner = tokenOf('admin');
    const self = await patch(owner, DEMO_USERS.admin.id, { role: 'manager' });
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({ code: 'own_account' });
    expect((await list(tokenOf('packer'))).status).toBe(403);
    expect((await patch(owner, 'nope', { role: 'manager' })).status).toBe(400);
    expect((await patch(owner, DEMO_USERS.packer.id, {})).status).toBe(400);
    expect((await patch(owner, crypto.randomUUID(), { role: 'manager' })).status).toBe(404);
    expect((await patch(owner, DEMO_USERS.shopper.id, { role: 'manager' })).status).toBe(404);
  });
});

describe('mocked staff invitations', () => {
  it('lists an invitation as expired after its 72 hours, and its link answers 410 until it is sent again', async () => {
    const email = 'late.invitee@example.com';
    const sent = await mockFetch(
      'POST',
      '/v1/admin/staff/invitations',
      { email, role: 'catalogue' },
      { token: tokenOf('admin') },
    );
    expect(sent.status).toBe(201);
    const invitation = authDb.invitations.find((i) => i.email === email)!;
    const firstToken = invitation.token;
    invitation.expiresAt = Date.now() - 1;
    const rows = async () =>
      (
        (await (
          await mockFetch('GET', '/v1/admin/staff/invitations', undefined, { token: tokenOf('admin') })
        ).json()) as {
          data: { rows: StaffInvitation[] };
        }
      ).data.rows;
    expect((await rows()).find((r) => r.email === email)?.expired).toBe(true);
    const view = await mockFetch('GET', `/v1/auth/invitations/${firstToken}`);
    expect(view.status).toBe(410);
    expect(await view.json()).toMatchObject({ code: 'invitation_expired' });

    const resent = await mockFetch('POST', `/v1/admin/staff/invitations/${invitation.id}/resend`, undefined, {
      token: tokenOf('admin'),
    });
    expect(resent.status).toBe(200);
    expect((await rows()).find((r) => r.email === email)?.expired).toBe(false);
    expect((await mockFetch('GET', `/v1/auth/invitations/${firstToken}`)).status).toBe(404);
    expect(authDb.outbox.filter((m) => m.to === email)).toHaveLength(2);
    expect((await mockFetch('GET', `/v1/auth/invitations/${invitation.token}`)).status).toBe(200);
  });
});
