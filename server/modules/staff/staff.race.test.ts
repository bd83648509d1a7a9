import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_OWNER_MESSAGE } from '../../../contract/admin-staff';
import { users } from '../../db/schema';
import { createUser } from '../../test/auth';
import { createTestContext, type TestContext } from '../../test/harness';
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
