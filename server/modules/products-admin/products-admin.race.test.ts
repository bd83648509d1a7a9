import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, products } from '../../db/schema';
import { adminApi, asInput, createViaApi, ifMatch, productBody, type AdminApi } from '../../test/admin';
import { createTestContext, raceEngine, type TestContext } from '../../test/harness';
import { shopper } from '../../test/shop';

let ctx: TestContext;
let admin: AdminApi;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = adminApi(ctx, (await shopper(ctx, 'admin')).token);
});
afterAll(() => ctx.close());

describe(`two admins at once (${raceEngine})`, () => {
  it('lets exactly one of two saves from the same version win; the other gets a 409 and changes nothing', async () => {
    const p = await createViaApi(admin);
    const saves = await Promise.all(
      ['Mine', 'Theirs'].map((name) =>
        admin.put(`/products/${p.productId}`, asInput(p, { name }), ifMatch(p.version)),
      ),
    );
    expect(saves.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = await saves.find((r) => r.status === 200)!.json();
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, p.productId));
    expect(row).toMatchObject({ name: winner.data.name, version: 2 });
    const updates = await ctx.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, p.productId));
    expect(updates.filter((e) => e.action === 'updated')).toHaveLength(1);
  });

  it('gives concurrent creates distinct pids', async () => {
    const created = await Promise.all(Array.from({ length: 6 }, () => createViaApi(admin, productBody())));
    const numbers = created.map((p) => Number(p.pid.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers.at(-1)! - numbers[0]!).toBe(5);
  });
});
