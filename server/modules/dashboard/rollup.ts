import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// The dashboard's figures kept by the writes (docs/architecture.md, Dashboard). The triggers of
// migration 0011 append to dashboard_deltas what each statement on orders or order_items changed
// in them, in the transaction of the write (inserts only: checkouts never wait on each other for
// it). `compactDashboard` sums the deltas into dashboard_rollup; `dashboardFigures` reads the
// rollup plus the deltas not yet compacted, so the dashboard is exact at any moment.

/** The deltas one compaction moves at most. */
export const COMPACT_BATCH = 20_000;

/**
 * Sums up to `batch` of the oldest deltas into the rollup and deletes them, in one transaction:
 * a reader sees them either still as deltas or already in the rollup, never both or neither.
 * One compaction at a time across instances (an advisory lock; another instance's pass skips),
 * so two never wait on each other's rollup rows. Answers how many deltas it moved.
 */
export async function compactDashboard(db: Db, batch = COMPACT_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('sokoni:dashboard-rollup')) as ok`,
    )) as unknown as { rows: { ok: boolean }[] };
    if (!locked.rows[0]?.ok) return 0;
    const moved = (await tx.execute(sql`
      with moved as (
        delete from dashboard_deltas
        where id in (select id from dashboard_deltas order by id limit ${batch})
        returning kind, day, key, orders, units, revenue
      ), summed as (
        insert into dashboard_rollup (kind, day, key, orders, units, revenue)
        select kind, day, key, sum(orders), sum(units), sum(revenue) from moved
        group by kind, day, key
        on conflict (kind, day, key) do update set
          orders = dashboard_rollup.orders + excluded.orders,
          units = dashboard_rollup.units + excluded.units,
          revenue = dashboard_rollup.revenue + excluded.revenue
      )
      select count(*)::int as n from moved`)) as unknown as { rows: { n: number }[] };
    return moved.rows[0]!.n;
  });
}

/**
 * The figures as rows `(kind, day, key, orders, units, revenue)`: every `status` and `payment`
 * count, the `paid` figures of the Nairobi days from `from` and the `sold` ones from `salesFrom`,
 * to before `to` (`YYYY-MM-DD`); the rollup's rows plus the deltas not yet compacted, summed per
 * figure.
 */
export function dashboardFigures(from: string, salesFrom: string, to: string) {
  const wanted = sql`(kind in ('status', 'payment')
    or (kind = 'paid' and day >= ${from}::date and day < ${to}::date)
    or (kind = 'sold' and day >= ${salesFrom}::date and day < ${to}::date))`;
  return sql`
    select kind, day, key, sum(orders)::int as orders, sum(units)::bigint as units,
           sum(revenue)::bigint as revenue
    from (
      select kind, day, key, orders, units, revenue from dashboard_rollup where ${wanted}
      union all
      select kind, day, key, orders, units, revenue from dashboard_deltas where ${wanted}
    ) f
    group by kind, day, key`;
}
