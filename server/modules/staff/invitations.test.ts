import { and, desc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_INVITED_MESSAGE,
  ALREADY_STAFF_MESSAGE,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_REVOKED_MESSAGE,
  INVITATION_USED_MESSAGE,
  SHOPPER_EMAIL_MESSAGE,
  StaffInvitation,
} from '../../../contract/admin-staff';
import { activityLog, mailOutbox, staffInvitations, users } from '../../db/schema';
import { createUser, uniqueEmail } from '../../test/auth';
import { createTestContext, type TestContext } from '../../test/harness';
import { api, staffMember } from '../../test/shop';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const body = async <T>(res: Response) => (await res.json()) as { data: T; code?: string; message?: string };

/** The link of the newest invitation mailed to an address, and its token. */
async function mailedLink(email: string) {
  const [mail] = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.to})`, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const link = /https?:\/\/\S+\/admin\/join\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
  return { mail, token: link?.[1] };
}

const profile = { name: 'Baraka Otieno', password: 'packing-bananas-at-dawn', country: 'KE' };

describe('inviting staff (owner only)', () => {
  it('mails a one-time link; the invitee sets a name and password and is signed in as staff with the role', async () => {
    const owner = await staffMember(ctx, 'owner', { name: 'Amina Owner' });
    const email = uniqueEmail();
    const res = await api(ctx, owner.token).post('/admin/staff/invitations', {
      email: email.toUpperCase(),
      role: 'fulfilment',
    });
    expect(res.status).toBe(201);
    const invitation = StaffInvitation.parse((await body(res)).data);
    expect(invitation).toMatchObject({ email, role: 'fulfilment', invitedBy: 'Amina Owner', expired: false });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.sentAt)).toBe(72 * 3_600_000);

    const { mail, token } = await mailedLink(email);
    expect(mail!.subject).toBe('You are invited to the Sokoni team');
    expect(mail!.text).toContain('Amina Owner invited you to join the Sokoni team as a packer.');
    expect(token).toBeDefined();
    // Only the hash is kept.
    const [stored] = await ctx.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.id, invitation.invitationId));
    expect(stored!.tokenHash).not.toBe(token);

    const listed = await body<{ rows: StaffInvitation[] }>(
      await api(ctx, owner.token).get('/admin/staff/invitations'),
    );
    expect(listed.data.rows.map((r) => r.invitationId)).toContain(invitation.invitationId);

    const view = await api(ctx).get(`/auth/invitations/${token}`);
    expect(view.status).toBe(200);
    expect((await body(view)).data).toEqual({ email, role: 'fulfilment', expiresAt: invitation.expiresAt });

    const accepted = await api(ctx).post(`/auth/invitations/${token}/accept`, profile);
    expect(accepted.status).toBe(200);
    const { data } = await body<{
      token: string;
      user: { userId: string; type: string; role: string; email: string; name: string };
    }>(accepted);
    expect(data.user).toMatchObject({ type: 'admin', role: 'fulfilment', email, name: 'Baraka Otieno' });
    // Signed in: the packer's token opens the orders, not the discounts.
    expect((await api(ctx, data.token).get('/admin/orders')).status).toBe(200);
    expect((await api(ctx, data.token).get('/discounts')).status).toBe(403);
    // And the password works at the admin sign-in.
    expect((await api(ctx).post('/auth/login', { email, password: profile.password })).status).toBe(200);

    // Taken up: off the list, and the link works once.
    const after = await body<{ rows: StaffInvitation[] }>(
      await api(ctx, owner.token).get('/admin/staff/invitations'),
    );
    expect(after.data.rows.map((r) => r.invitationId)).not.toContain(invitation.invitationId);
    const again = await api(ctx).post(`/auth/invitations/${token}/accept`, profile);
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({
      code: 'invitation_used',
      message: expect.stringContaining(INVITATION_USED_MESSAGE),
    });

    const log = await ctx.database.db
      .select({ action: activityLog.action, actorName: activityLog.actorName })
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'staff'), eq(activityLog.entityId, invitation.invitationId)));
    expect(log).toEqual([{ action: 'invited', actorName: 'Amina Owner' }]);
    const [joined] = await ctx.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, data.user.userId));
    expect(joined).toMatchObject({ action: 'joined', actorName: 'Baraka Otieno', summary: 'as fulfilment' });
  });

  it("refuses a shopper's email, a staff member's, and a second invitation to the same email", async () => {
    const owner = await staffMember(ctx, 'owner');
    const shopper = await createUser(ctx.database.db, {});
    const shopperInvite = await api(ctx, owner.token).post('/admin/staff/invitations', {
      email: shopper.email,
      role: 'manager',
    });
    expect(shopperInvite.status).toBe(409);
    expect(await body(shopperInvite)).toMatchObject({
      code: 'shopper_account',
      message: expect.stringContaining(SHOPPER_EMAIL_MESSAGE),
    });
    const [still] = await ctx.database.db.select().from(users).where(eq(users.id, shopper.id));
    expect(still).toMatchObject({ type: 'customer', role: null });

    const staffInvite = await api(ctx, owner.token).post('/admin/staff/invitations', {
      email: owner.email,
      role: 'manager',
    });
    expect(await body(staffInvite)).toMatchObject({
      code: 'already_staff',
      message: expect.stringContaining(ALREADY_STAFF_MESSAGE),
    });

    const email = uniqueEmail();
    expect(
      (await api(ctx, owner.token).post('/admin/staff/invitations', { email, role: 'catalogue' })).status,
    ).toBe(201);
    const twice = await api(ctx, owner.token).post('/admin/staff/invitations', { email, role: 'manager' });
    expect(twice.status).toBe(409);
    expect(await body(twice)).toMatchObject({
      code: 'already_invited',
      message: expect.stringContaining(ALREADY_INVITED_MESSAGE),
    });
  });

  it("refuses to take up an invitation once a shopper's account has the email", async () => {
    const owner = await staffMember(ctx, 'owner');
    const email = uniqueEmail();
    await api(ctx, owner.token).post('/admin/staff/invitations', { email, role: 'manager' });
    const { token } = await mailedLink(email);
    await createUser(ctx.database.db, { email });
    const res = await api(ctx).post(`/auth/invitations/${token}/accept`, profile);
    expect(res.status).toBe(409);
    expect((await body(res)).code).toBe('shopper_account');
  });

  it('validates the body: the email, the role, unknown fields', async () => {
    const owner = await staffMember(ctx, 'owner');
    for (const bad of [
      { email: 'not-an-email', role: 'manager' },
      { email: uniqueEmail(), role: 'boss' },
      { email: uniqueEmail(), role: 'manager', type: 'admin' },
      {},
    ]) {
      const res = await api(ctx, owner.token).post('/admin/staff/invitations', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('is for the owner only: 401 signed out, 403 for a manager with the missing permission named', async () => {
    expect(
      (await api(ctx).post('/admin/staff/invitations', { email: uniqueEmail(), role: 'rider' })).status,
    ).toBe(401);
    const manager = await staffMember(ctx, 'manager');
    const res = await api(ctx, manager.token).post('/admin/staff/invitations', {
      email: uniqueEmail(),
      role: 'rider',
    });
    expect(res.status).toBe(403);
    expect((await body(res)).message).toContain('Your role (manager) cannot manage the staff');
  });
});

describe('resending and revoking', () => {
  it('resending gives a new link and 72 more hours; the old link stops working', async () => {
    const owner = await staffMember(ctx, 'owner');
    const email = uniqueEmail();
    const sent = await body<StaffInvitation>(
      await api(ctx, owner.token).post('/admin/staff/invitations', { email, role: 'catalogue' }),
    );
    const first = (await mailedLink(email)).token!;
    // Three days later, the link has run out.
    await ctx.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, sent.data.invitationId));
    const expired = await api(ctx).get(`/auth/invitations/${first}`);
    expect(expired.status).toBe(410);
    expect(await body(expired)).toMatchObject({
      code: 'invitation_expired',
      message: expect.stringContaining(INVITATION_EXPIRED_MESSAGE),
    });
    const listed = await body<{ rows: StaffInvitation[] }>(
      await api(ctx, owner.token).get('/admin/staff/invitations'),
    );
    expect(listed.data.rows.find((r) => r.invitationId === sent.data.invitationId)?.expired).toBe(true);

    const resent = await api(ctx, owner.token).post(
      `/admin/staff/invitations/${sent.data.invitationId}/resend`,
    );
    expect(resent.status).toBe(200);
    expect((await body<StaffInvitation>(resent)).data.expired).toBe(false);
    const second = (await mailedLink(email)).token!;
    expect(second).not.toBe(first);
    expect((await api(ctx).get(`/auth/invitations/${first}`)).status).toBe(404);
    expect((await api(ctx).post(`/auth/invitations/${second}/accept`, profile)).status).toBe(200);
    // Taken up: neither resent nor revoked any more.
    const late = await api(ctx, owner.token).post(
      `/admin/staff/invitations/${sent.data.invitationId}/resend`,
    );
    expect(late.status).toBe(409);
    expect((await body(late)).code).toBe('invitation_used');
  });

  it('revoking ends the link at once, and is logged', async () => {
    const owner = await staffMember(ctx, 'owner', { name: 'Revoking Owner' });
    const email = uniqueEmail();
    const sent = await body<StaffInvitation>(
      await api(ctx, owner.token).post('/admin/staff/invitations', { email, role: 'rider' }),
    );
    const { token } = await mailedLink(email);
    const res = await api(ctx, owner.token).delete(`/admin/staff/invitations/${sent.data.invitationId}`);
    expect(res.status).toBe(200);
    expect((await body(res)).data).toEqual({ invitationId: sent.data.invitationId, revoked: true });
    const view = await api(ctx).get(`/auth/invitations/${token}`);
    expect(view.status).toBe(410);
    expect(await body(view)).toMatchObject({
      code: 'invitation_revoked',
      message: expect.stringContaining(INVITATION_REVOKED_MESSAGE),
    });
    expect(
      (await api(ctx).post(`/auth/invitations/${token}/accept`, { ...profile, phone: '0712345678' })).status,
    ).toBe(410);
    expect(
      (await api(ctx, owner.token).delete(`/admin/staff/invitations/${sent.data.invitationId}`)).status,
    ).toBe(409);
    // The email can be invited again.
    expect(
      (await api(ctx, owner.token).post('/admin/staff/invitations', { email, role: 'rider' })).status,
    ).toBe(201);
    const log = await ctx.database.db
      .select({ action: activityLog.action, actorName: activityLog.actorName })
      .from(activityLog)
      .where(eq(activityLog.entityId, sent.data.invitationId))
      .orderBy(activityLog.createdAt);
    expect(log.map((l) => l.action)).toEqual(['invited', 'invitation_revoked']);
    expect(log.every((l) => l.actorName === 'Revoking Owner')).toBe(true);
  });

  it('answers 400 for a bad id and 404 for an unknown one', async () => {
    const owner = await staffMember(ctx, 'owner');
    expect((await api(ctx, owner.token).post('/admin/staff/invitations/not-a-uuid/resend')).status).toBe(400);
    expect((await api(ctx, owner.token).delete(`/admin/staff/invitations/${randomUUID()}`)).status).toBe(404);
  });
});

describe('taking up an invitation', () => {
  it('needs a valid token, a name, a strong password, and a phone for a rider', async () => {
    const owner = await staffMember(ctx, 'owner');
    expect((await api(ctx).get('/auth/invitations/short')).status).toBe(400);
    const unknown = await api(ctx).get(`/auth/invitations/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect((await body(unknown)).code).toBe('invitation_not_found');

    const email = uniqueEmail();
    await api(ctx, owner.token).post('/admin/staff/invitations', { email, role: 'rider' });
    const { token } = await mailedLink(email);
    const noPhone = await api(ctx).post(`/auth/invitations/${token}/accept`, profile);
    expect(noPhone.status).toBe(400);
    expect(await noPhone.json()).toMatchObject({ issues: [{ path: 'phone' }] });
    const weak = await api(ctx).post(`/auth/invitations/${token}/accept`, {
      ...profile,
      phone: '0712345678',
      password: 'password',
    });
    expect(weak.status).toBe(400);
    const noName = await api(ctx).post(`/auth/invitations/${token}/accept`, {
      password: profile.password,
      phone: '0712345678',
    });
    expect(noName.status).toBe(400);
    // None of those used the link up.
    const ok = await api(ctx).post(`/auth/invitations/${token}/accept`, {
      ...profile,
      phone: '+254712345678',
    });
    expect(ok.status).toBe(200);
    expect((await body<{ user: { role: string; phone: string } }>(ok)).data.user).toMatchObject({
      role: 'rider',
      phone: '+254712345678',
    });
  });
});
