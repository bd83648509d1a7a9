import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, variants } from '../../db/schema';
import {
  adminApi,
  asInput,
  createViaApi,
  ifMatch,
  productBody,
  variantBody,
  type AdminApi,
} from '../../test/admin';
import { createTestContext, raceEngine, type TestContext } from '../../test/harness';
import { shopper } from '../../test/shop';

let ctx: TestContext;
let admin: AdminApi;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = adminApi(ctx, (await shopper(ctx, 'admin')).token);
});
afterAll(() => ctx.close());

describe(`a bulk edit and a product save at once (${raceEngine})`, () => {
  it('are decided in turn: the save wins and the bulk change applies on top, or the save gets a 409', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await createViaApi(admin, productBody({ variants: [variantBody({ price: 100 })] }));
      // The form raises the price to 200 from the version it opened; the bulk edit adds 10 %.
      const [save, bulk] = await Promise.all([
        admin.put(
          `/products/${p.productId}`,
          asInput(p, { variants: [{ ...asInput(p).variants![0]!, price: 200 }] }),
          ifMatch(p.version),
        ),
        admin.post('/admin/products/bulk', {
          target: { productIds: [p.productId] },
          action: { kind: 'price', by: 'percent', value: 10 },
        }),
      ]);
      expect(bulk.status).toBe(200);
      expect([200, 409]).toContain(save.status);
      const [row] = await ctx.database.db
        .select({ price: variants.price })
        .from(variants)
        .where(eq(variants.productId, p.productId));
      // Never a lost update: the save then the bulk (220), or the bulk alone, its save refused (110).
      expect(row!.price).toBe(save.status === 200 ? 220 : 110);
      const entries = await ctx.database.db
        .select({ action: activityLog.action })
        .from(activityLog)
        .where(eq(activityLog.entityId, p.productId));
      expect(entries.map((e) => e.action).sort()).toEqual(
        save.status === 200 ? ['bulk_edited', 'created', 'updated'] : ['bulk_edited', 'created'],
      );
    }
  });

  it('lets two bulk edits of the same products both count', async () => {
    const p = await createViaApi(admin, productBody({ variants: [variantBody({ price: 100 })] }));
    const results = await Promise.all(
      [10, 20].map((value) =>
        admin.post('/admin/products/bulk', {
          target: { productIds: [p.productId] },
          action: { kind: 'price', by: 'amount', value },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const [row] = await ctx.database.db
      .select({ price: variants.price })
      .from(variants)
      .where(eq(variants.productId, p.productId));
    expect(row!.price).toBe(130);
  });
});
