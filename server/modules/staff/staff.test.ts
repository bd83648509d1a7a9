import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OWN_ACCOUNT_MESSAGE, StaffMember, ACCOUNT_DEACTIVATED_MESSAGE } from '../../../contract/admin-staff';
import { activityLog, users } from '../../db/schema';
import { createUser, loginToken } from '../../test/auth';
import { createTestContext, type TestContext } from '../../test/harness';
import { api, shopper, staffMember } from '../../test/shop';

const PASSWORD = 'a-good-password-42';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const body = async (res: Response) =>
  (await res.json()) as { data: unknown; code?: string; message?: string };

describe('the staff list and changes (owner only)', () => {
  let owner: Awaited<ReturnType<typeof staffMember>>;
  beforeEach(async () => {
    // Each test starts from a shop with one owner: the others' accounts are switched off.
    await ctx.database.db.update(users).set({ deactivatedAt: new Date() });
    owner = await staffMember(ctx, 'owner', { name: 'Amina Owner' });
  });

  it('lists the team with role, state and last sign-in, owners first and the deactivated last', async () => {
    await staffMember(ctx, 'fulfilment', { name: 'Baraka Packer' });
    const res = await api(ctx, owner.token).get('/admin/staff');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const { count, rows } = (await body(res)).data as { count: number; rows: StaffMember[] };
    expect(count).toBe(rows.length);
    const active = rows.filter((r) => r.active);
    expect(active.map((r) => [r.name, r.role])).toEqual([
      ['Amina Owner', 'owner'],
      ['Baraka Packer', 'fulfilment'],
    ]);
    expect(rows.at(-1)!.active).toBe(false);
    expect(StaffMember.array().parse(rows)).toHaveLength(count);
    expect(active[1]!.lastSignInAt).not.toBeNull();
    expect(rows.every((r) => r.email !== '')).toBe(true);
  });

  it('changes a role: the member’s next request is checked against it, and the log says who', async () => {
    const packer = await staffMember(ctx, 'fulfilment');
    expect((await api(ctx, packer.token).get('/discounts')).status).toBe(403);
    const res = await api(ctx, owner.token).patch(`/admin/staff/${packer.id}`, { role: 'catalogue' });
    expect(res.status).toBe(200);
    expect((await body(res)).data).toMatchObject({ userId: packer.id, role: 'catalogue', active: true });
    expect((await api(ctx, packer.token).get('/discounts')).status).toBe(200);
    const log = await ctx.database.db.select().from(activityLog);
    expect(log.find((e) => e.entityId === packer.id)).toMatchObject({
      entity: 'staff',
      action: 'role_changed',
      actorName: 'Amina Owner',
      summary: 'fulfilment → catalogue',
    });
  });

  it('deactivates: the open session ends at once and sign-in is refused; reactivating lets them back', async () => {
    const packer = await staffMember(ctx, 'fulfilment', { password: PASSWORD });
    expect((await api(ctx, packer.token).get('/admin/orders')).status).toBe(200);
    const off = await api(ctx, owner.token).patch(`/admin/staff/${packer.id}`, { active: false });
    expect(off.status).toBe(200);
    expect((await body(off)).data).toMatchObject({ active: false });
    expect((await api(ctx, packer.token).get('/admin/orders')).status).toBe(401);
    const login = await ctx.request('/api/v1/auth/login', {
      method: 'POST',
      json: { email: packer.email, password: PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(await body(login)).toMatchObject({
      code: 'account_deactivated',
      message: expect.stringContaining(ACCOUNT_DEACTIVATED_MESSAGE),
    });

    const on = await api(ctx, owner.token).patch(`/admin/staff/${packer.id}`, { active: true });
    expect((await body(on)).data).toMatchObject({ active: true });
    const token = await loginToken(ctx, packer.email, PASSWORD);
    expect((await api(ctx, token).get('/admin/orders')).status).toBe(200);
    const actions = (await ctx.database.db.select().from(activityLog))
      .filter((e) => e.entityId === packer.id)
      .map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['deactivated', 'reactivated']));
  });

  it('refuses an owner a change to their own account', async () => {
    for (const change of [{ role: 'manager' }, { active: false }]) {
      const res = await api(ctx, owner.token).patch(`/admin/staff/${owner.id}`, change);
      expect(res.status).toBe(409);
      expect(await body(res)).toMatchObject({
        code: 'own_account',
        message: expect.stringContaining(OWN_ACCOUNT_MESSAGE),
      });
    }
  });

  it('answers a bad id, an unknown member, a shopper and an empty change clearly', async () => {
    const owners = api(ctx, owner.token);
    expect((await owners.patch('/admin/staff/not-a-uuid', { role: 'manager' })).status).toBe(400);
    expect((await owners.patch(`/admin/staff/${randomUUID()}`, { role: 'manager' })).status).toBe(404);
    const shopperAccount = await createUser(ctx.database.db, { type: 'customer' });
    expect((await owners.patch(`/admin/staff/${shopperAccount.id}`, { role: 'manager' })).status).toBe(404);
    const empty = await owners.patch(`/admin/staff/${shopperAccount.id}`, {});
    expect(empty.status).toBe(400);
    expect((await body(empty)).message).toContain('Send a role, active, or both.');
    expect((await owners.patch(`/admin/staff/${owner.id}`, { role: 'boss' })).status).toBe(400);
    expect((await owners.patch(`/admin/staff/${owner.id}`, { active: 'no' })).status).toBe(400);
  });

  it('is the owner’s alone: a manager is refused, a shopper too, and nobody signed out gets in', async () => {
    const manager = await staffMember(ctx, 'manager');
    const refused = await api(ctx, manager.token).get('/admin/staff');
    expect(refused.status).toBe(403);
    expect((await body(refused)).message).toContain('Your role (manager) cannot manage the staff.');
    const customer = await shopper(ctx);
    expect((await api(ctx, customer.token).get('/admin/staff')).status).toBe(403);
    expect((await api(ctx).get('/admin/staff')).status).toBe(401);
  });
});
