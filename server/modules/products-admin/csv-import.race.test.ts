import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS } from '../../../contract/catalogue-csv';
import { activityLog, products, stockMovements, variants } from '../../db/schema';
import { createTestContext, raceEngine, type TestContext } from '../../test/harness';
import { shopper } from '../../test/shop';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await shopper(ctx, 'admin')).token;
});
afterAll(() => ctx.close());

const HEADER = CATALOGUE_CSV_COLUMNS.join(',');
const preview = async (csv: string) => {
  const form = new FormData();
  form.append('file', new File([csv], 'race.csv', { type: 'text/csv' }));
  const res = await ctx.request('/api/v1/admin/products/import', {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()).data.importId as string;
};
const confirm = (importId: string) =>
  ctx.request(`/api/v1/admin/products/import/${importId}/confirm`, {
    method: 'POST',
    json: { createMissing: false },
    headers: { Authorization: `Bearer ${token}` },
  });

describe(`confirming imports at once (${raceEngine})`, () => {
  it('two confirmations of one import: one applies it, the other gets a 409 and changes nothing', async () => {
    const importId = await preview(
      `${HEADER}\r\n,Race loaf,,Bakery,,80,4,,,\r\nSKN-10001,Whole Tilapia,,,Small,333,40,,,\r\n`,
    );
    const answers = await Promise.all([confirm(importId), confirm(importId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect((await loser.json()).code).toBe('import_applied');
    const { db } = ctx.database;
    expect(
      await db.select({ id: products.id }).from(products).where(eq(products.name, 'Race loaf')),
    ).toHaveLength(1);
    const [tilapia] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.pid, 'SKN-10001'));
    const entries = await db.select().from(activityLog).where(eq(activityLog.entityId, tilapia!.id));
    expect(entries.filter((e) => e.action === 'imported')).toHaveLength(1);
  });

  it('two imports adding stock to one variant at once: both count, each in the history', async () => {
    const { db } = ctx.database;
    const [v] = await db
      .select({ id: variants.id, quantity: variants.quantity })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(products.pid, 'SKN-10002'))
      .limit(1);
    const [name] = await db.select({ name: variants.name }).from(variants).where(eq(variants.id, v!.id));
    const row = (stock: number) =>
      `${HEADER}\r\nSKN-10002,Nile Perch Fillet,,,${name!.name},600,${stock},,,\r\n`;
    const ids = [await preview(row(v!.quantity + 5)), await preview(row(v!.quantity + 7))];
    const answers = await Promise.all(ids.map(confirm));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [after] = await db
      .select({ quantity: variants.quantity })
      .from(variants)
      .where(eq(variants.id, v!.id));
    expect(after!.quantity).toBe(v!.quantity + 12);
    const [sum] = await db
      .select({ total: sql<number>`sum(${stockMovements.change})::int` })
      .from(stockMovements)
      .where(and(eq(stockMovements.variantId, v!.id), eq(stockMovements.note, 'CSV import race.csv')));
    expect(sum!.total).toBe(12);
  });
});
