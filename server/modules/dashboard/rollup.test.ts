import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_ORDERS_LIMIT, NEEDS_REVIEW_LIMIT } from '../../../contract/dashboard-rules';
import { createUser } from '../../test/auth';
import { directFigures, figuresOf } from '../../test/dashboard-oracle';
import { createTestContext, type TestContext } from '../../test/harness';
import { compactDashboard } from './rollup';
import { dashboardStatement, getDashboard } from './service';

// What the dashboard reads does not grow with the orders: the figures come from the rollup, and
// of the orders only the short lists' rows are read. The clock is frozen at noon in Nairobi on
// 15 March 2026.

const NOW = new Date('2026-03-15T09:00:00Z');
const ORDERS = 600;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.database.db);
  // Two months of orders, two in three paid, each with a line of a sample product.
  await ctx.database.db.execute(sql`
    insert into orders (user_id, idempotency_key, request_hash, status, payment_status, subtotal, shipping_rate,
                        total, phone, address, lat, lng, paid_at, created_at)
    select ${user.id}, 'plan-' || g, 'plan', case when g % 3 = 0 then 'new' else 'delivered' end,
           case when g % 3 = 0 then 'failed' else 'paid' end, 100 + g, 150, 250 + g, '254712345678',
           'Mpaka Road', -1.26, 36.8,
           case when g % 3 <> 0 then ${NOW.toISOString()}::timestamptz - g * interval '150 minutes' end,
           ${NOW.toISOString()}::timestamptz - g * interval '150 minutes'
    from generate_series(1, ${ORDERS}) g`);
  await ctx.database.db.execute(sql`
    insert into order_items (order_id, product_id, variant_id, product_pid, name, variant_name, unit_price,
                             quantity, total_price)
    select o.id, p.id, v.id, p.pid, p.name, v.name, o.subtotal, 1, o.subtotal
    from orders o
    cross join lateral (select * from products order by pid offset (o.number % 5) limit 1) p
    join lateral (select * from variants where product_id = p.id limit 1) v on true
    where o.idempotency_key like 'plan-%'`);
});
afterAll(() => ctx.close());

/** Rows the plan's nodes read from a table, over all their loops. */
function rowsRead(plan: Record<string, unknown>, tables: string[]): number {
  const own =
    typeof plan['Relation Name'] === 'string' && tables.includes(plan['Relation Name'])
      ? Number(plan['Actual Rows']) * Number(plan['Actual Loops'])
      : 0;
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return own + children.reduce((n, c) => n + rowsRead(c, tables), 0);
}

describe('the dashboard at 600 orders', () => {
  it('reads only the short lists’ orders, before and after a compaction, with the same figures', async () => {
    for (const compacted of [false, true]) {
      if (compacted) while ((await compactDashboard(ctx.database.db)) > 0);
      const explained = (await ctx.database.db.execute(
        sql`explain (analyze, format json) ${dashboardStatement(NOW).statement}`,
      )) as unknown as { rows: { 'QUERY PLAN': { Plan: Record<string, unknown> }[] | string }[] };
      const raw = explained.rows[0]!['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan;
      expect(
        rowsRead(plan, ['orders', 'order_items']),
        compacted ? 'compacted' : 'deltas',
      ).toBeLessThanOrEqual(NEEDS_REVIEW_LIMIT + LATEST_ORDERS_LIMIT);
      const d = await getDashboard(ctx.database.db, NOW);
      expect(d.periods.last30Days.orders).toBeGreaterThan(100);
      expect(figuresOf(d)).toEqual(await directFigures(ctx.database.db, NOW));
    }
  });
});
