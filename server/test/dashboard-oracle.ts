import { sql } from 'drizzle-orm';
import type { AdminDashboard } from '../../contract/dashboard';
import {
  BEST_SELLERS_LIMIT,
  DASHBOARD_DAYS,
  dashboardWindow,
  DAY_MS,
  periodFigures,
  REVENUE_SERIES_DAYS,
} from '../../contract/dashboard-rules';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../contract/checkout';
import type { Db } from '../db/client';

/** The figures the rollup keeps: what the oracle answers and the equality tests compare. */
export type DashboardFigures = Pick<
  AdminDashboard,
  'periods' | 'revenueByDay' | 'ordersByStatus' | 'ordersByPaymentStatus' | 'bestSellers'
> & { needsReviewCount: number };

export const figuresOf = (d: AdminDashboard): DashboardFigures => ({
  periods: d.periods,
  revenueByDay: d.revenueByDay,
  ordersByStatus: d.ordersByStatus,
  ordersByPaymentStatus: d.ordersByPaymentStatus,
  bestSellers: d.bestSellers,
  needsReviewCount: d.needsReview.count,
});

type Rows<T> = { rows: T[] };

/**
 * The dashboard's figures worked out straight from orders and order_items, as the dashboard did
 * before the rollup (docs/architecture.md, Dashboard): the oracle the rollup must always equal.
 * Test-only; deliberately shares nothing with the triggers or the rollup's reading.
 */
export async function directFigures(db: Db, now: Date): Promise<DashboardFigures> {
  const window = dashboardWindow(now);
  const start = window.start.toISOString();
  const end = window.end.toISOString();
  const salesFrom = new Date(window.end.getTime() - REVENUE_SERIES_DAYS * DAY_MS).toISOString();
  const paid = (await db.execute(sql`
    select date_bin('1 day', paid_at, ${start}::timestamptz) as bucket, sum(total)::bigint as revenue,
           count(*)::int as orders
    from orders
    where payment_status = 'paid' and paid_at >= ${start}::timestamptz and paid_at < ${end}::timestamptz
    group by 1`)) as unknown as Rows<{ bucket: string | Date; revenue: string; orders: number }>;
  const days = Array.from({ length: DASHBOARD_DAYS }, () => ({ revenue: 0, orders: 0 }));
  for (const d of paid.rows)
    days[Math.round((new Date(d.bucket).getTime() - window.start.getTime()) / DAY_MS)] = {
      revenue: Number(d.revenue),
      orders: d.orders,
    };

  const counts = async (column: 'status' | 'payment_status', values: readonly string[]) => {
    const r = (await db.execute(
      sql`select ${sql.identifier(column)} as value, count(*)::int as n from orders group by 1`,
    )) as unknown as Rows<{ value: string; n: number }>;
    return Object.fromEntries(values.map((v) => [v, r.rows.find((x) => x.value === v)?.n ?? 0]));
  };
  const ordersByStatus = (await counts('status', ORDER_STATUSES)) as AdminDashboard['ordersByStatus'];
  const ordersByPaymentStatus = (await counts(
    'payment_status',
    PAYMENT_STATUSES,
  )) as AdminDashboard['ordersByPaymentStatus'];

  const sold = (await db.execute(sql`
    select p.id as "productId", p.pid, p.name, sum(i.quantity)::int as units, sum(i.total_price)::int as revenue
    from orders o join order_items i on i.order_id = o.id join products p on p.id = i.product_id
    where o.payment_status = 'paid' and o.paid_at >= ${salesFrom}::timestamptz and o.paid_at < ${end}::timestamptz
    group by p.id`)) as unknown as Rows<AdminDashboard['bestSellers'][number]>;
  const bestSellers = sold.rows
    .sort(
      (x, y) =>
        y.units - x.units ||
        y.revenue! - x.revenue! ||
        (x.productId < y.productId ? -1 : x.productId > y.productId ? 1 : 0),
    )
    .slice(0, BEST_SELLERS_LIMIT);

  return {
    periods: periodFigures(days),
    revenueByDay: days
      .map((d, i) => ({ date: window.dates[i]!, ...d }))
      .slice(DASHBOARD_DAYS - REVENUE_SERIES_DAYS),
    ordersByStatus,
    ordersByPaymentStatus,
    bestSellers,
    needsReviewCount: ordersByPaymentStatus.needs_review,
  };
}
