import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_OWNER_MESSAGE } from '../../../contract/admin-staff';
import { mailOutbox, users } from '../../db/schema';
import { createUser, uniqueEmail } from '../../test/auth';
import { createTestContext, type TestContext } from '../../test/harness';
import { acceptInvitation, inviteStaff } from './invitations';
import { updateStaff } from './service';

// On PostgreSQL too (vitest.config.ts, server-pg): there the two transactions really overlap, and
// the lock on the active owners decides them one after the other.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('two owners changing each other at once', () => {
  it('leave the shop exactly one active owner: the second change is refused', async () => {
    const { db } = ctx.database;
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.type, 'admin'));
    const first = await createUser(db, { type: 'admin', role: 'owner', name: 'First Owner' });
    const second = await createUser(db, { type: 'admin', role: 'owner', name: 'Second Owner' });
    const results = await Promise.allSettled([
      updateStaff(db, { ...first, sessionId: '' }, second.id, { role: 'manager' }),
      updateStaff(db, { ...second, sessionId: '' }, first.id, { active: false }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, code: 'last_owner', message: LAST_OWNER_MESSAGE });
    const owners = await db.select().from(users).where(eq(users.role, 'owner'));
    expect(owners.filter((o) => o.deactivatedAt === null).map((o) => o.id)).toHaveLength(1);
  });
});

describe('an invitation taken up twice at once (two tabs, or a double tap)', () => {
  it('makes one account: the other acceptance is a 409 and no second account exists', async () => {
    const { db } = ctx.database;
    const owner = await createUser(db, { type: 'admin', role: 'owner', name: 'Inviting Owner' });
    const email = uniqueEmail();
    await inviteStaff(db, ctx.env, { ...owner, sessionId: '' }, { email, role: 'fulfilment' });
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt));
    const token = /\/admin\/join\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const profile = { name: 'Double Tap', password: 'packing-bananas-at-dawn' };
    const results = await Promise.allSettled([
      acceptInvitation(db, ctx.env, token, profile),
      acceptInvitation(db, ctx.env, token, profile),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, code: 'invitation_used' });
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
