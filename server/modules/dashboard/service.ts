import { sql } from 'drizzle-orm';
import type { AdminDashboard, DashboardOrder } from '../../../contract/dashboard';
import {
  BEST_SELLERS_LIMIT,
  DASHBOARD_DAYS,
  dashboardWindow,
  LATEST_ORDERS_LIMIT,
  LOW_STOCK_MAX,
  NEEDS_REVIEW_LIMIT,
  periodFigures,
  REVENUE_SERIES_DAYS,
  STOCK_LIST_LIMIT,
} from '../../../contract/dashboard-rules';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../contract/checkout';
import { nairobiDate } from '../../../contract/nairobi-time';
import type { Db } from '../../db/client';
import { dashboardFigures } from './rollup';

interface OrderRow {
  orderId: string;
  number: number;
  customerName: string;
  status: DashboardOrder['status'];
  paymentStatus: DashboardOrder['paymentStatus'];
  total: number;
  deliveryAreaName: string | null;
  createdAt: string;
  paidAt: string | null;
}

interface Row {
  figures: {
    kind: 'status' | 'payment' | 'paid';
    day: string | null;
    key: string | null;
    orders: number;
    revenue: number;
  }[];
  best: AdminDashboard['bestSellers'];
  low: AdminDashboard['lowStock']['variants'];
  lowCount: number;
  out: AdminDashboard['outOfStock']['variants'];
  outCount: number;
  review: OrderRow[];
  latest: OrderRow[];
}

/** An order for the short lists, as json; `u` is its shopper. */
const orderJson = sql.raw(`json_build_object(
  'orderId', o.id, 'number', o.number, 'customerName', coalesce(nullif(u.name, ''), u.email),
  'status', o.status, 'paymentStatus', o.payment_status, 'total', o.total,
  'deliveryAreaName', o.delivery_area_name, 'createdAt', o.created_at, 'paidAt', o.paid_at)`);

const stockJson = sql.raw(`json_build_object(
  'productId', v.product_id, 'productName', v.product_name, 'variantId', v.id, 'variantName', v.name,
  'quantity', v.quantity)`);

/**
 * The dashboard in one statement (one snapshot, one round trip). The figures (revenue and orders
 * by day, counts by status, best sellers) come from the rollup kept by the writes plus the deltas
 * not yet compacted (./rollup.ts), a few hundred rows whatever the number of orders; the stock
 * lists read `variants_low_stock_idx`, the review and latest orders `orders_payment_status_created_idx`
 * and `orders_created_idx`, a handful of rows each.
 */
export async function getDashboard(db: Db, now: Date): Promise<AdminDashboard> {
  const { window, statement } = dashboardStatement(now);
  return dashboardFrom(window, now, await db.execute(statement));
}

/** The statement behind the dashboard at `now` (the benchmark EXPLAINs it too). */
export function dashboardStatement(now: Date) {
  const window = dashboardWindow(now);
  const salesFrom = window.dates[DASHBOARD_DAYS - REVENUE_SERIES_DAYS]!;
  const end = nairobiDate(window.end);
  const statement = sql`
    with figures as (${dashboardFigures(window.dates[0]!, salesFrom, end)}),
    best as (
      select p.id, p.pid, p.name, sum(f.units)::int as units, sum(f.revenue)::int as revenue
      from figures f join products p on p.id = case when f.kind = 'sold' then f.key::uuid end
      where f.kind = 'sold'
      group by p.id
      having sum(f.units) > 0
      order by units desc, revenue desc, p.id
      limit ${BEST_SELLERS_LIMIT}
    ),
    stock as (
      select v.id, v.name, v.quantity, v.product_id
      from variants v
      where v.archived_at is null and v.quantity <= ${LOW_STOCK_MAX}
    ),
    live_stock as (
      select s.*, p.name as product_name from stock s join products p on p.id = s.product_id
      where p.archived_at is null
    )
    select json_build_object(
      'figures', (select coalesce(json_agg(json_build_object('kind', kind, 'day', to_char(day, 'YYYY-MM-DD'),
                    'key', key, 'orders', orders, 'revenue', revenue)), '[]')
                  from figures where kind <> 'sold'),
      'best', (select coalesce(json_agg(json_build_object('productId', id, 'pid', pid, 'name', name,
                 'units', units, 'revenue', revenue) order by units desc, revenue desc, id), '[]') from best),
      'low', (select coalesce(json_agg(${stockJson} order by v.quantity, v.product_name, v.name), '[]') from (
                select * from live_stock where quantity > 0 order by quantity, product_name, name
                limit ${STOCK_LIST_LIMIT}) v),
      'lowCount', (select count(*)::int from live_stock where quantity > 0),
      'out', (select coalesce(json_agg(${stockJson} order by v.product_name, v.name), '[]') from (
                select * from live_stock where quantity = 0 order by product_name, name
                limit ${STOCK_LIST_LIMIT}) v),
      'outCount', (select count(*)::int from live_stock where quantity = 0),
      'review', (select coalesce(json_agg(${orderJson} order by o.created_at desc nulls last, o.id), '[]') from (
                   select * from orders where payment_status = 'needs_review'
                   order by created_at desc nulls last, id limit ${NEEDS_REVIEW_LIMIT}) o
                 join users u on u.id = o.user_id),
      'latest', (select coalesce(json_agg(${orderJson} order by o.created_at desc nulls last, o.id), '[]') from (
                   select * from orders order by created_at desc nulls last, id limit ${LATEST_ORDERS_LIMIT}) o
                 join users u on u.id = o.user_id)
    ) as dashboard`;
  return { window, statement };
}

function dashboardFrom(
  window: ReturnType<typeof dashboardWindow>,
  now: Date,
  result: unknown,
): AdminDashboard {
  const raw = (result as unknown as { rows: { dashboard: Row | string }[] }).rows[0]!.dashboard;
  const row: Row = typeof raw === 'string' ? (JSON.parse(raw) as Row) : raw;

  const days = Array.from({ length: DASHBOARD_DAYS }, () => ({ revenue: 0, orders: 0 }));
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as AdminDashboard['ordersByStatus'];
  const byPayment = Object.fromEntries(
    PAYMENT_STATUSES.map((s) => [s, 0]),
  ) as AdminDashboard['ordersByPaymentStatus'];
  for (const f of row.figures) {
    if (f.kind === 'paid')
      days[window.dates.indexOf(f.day!)] = { revenue: Number(f.revenue), orders: f.orders };
    else if (f.kind === 'status') byStatus[f.key as keyof typeof byStatus] = f.orders;
    else byPayment[f.key as keyof typeof byPayment] = f.orders;
  }
  return {
    generatedAt: now.toISOString(),
    today: window.today,
    timeZone: 'Africa/Nairobi',
    periods: periodFigures(days),
    revenueByDay: days
      .map((d, i) => ({ date: window.dates[i]!, ...d }))
      .slice(DASHBOARD_DAYS - REVENUE_SERIES_DAYS),
    ordersByStatus: byStatus,
    ordersByPaymentStatus: byPayment,
    bestSellers: row.best,
    lowStock: { count: row.lowCount, variants: row.low },
    outOfStock: { count: row.outCount, variants: row.out },
    needsReview: { count: byPayment.needs_review, orders: row.review.map(dashboardOrder) },
    latestOrders: row.latest.map(dashboardOrder),
  };
}

const iso = (s: string) => new Date(s).toISOString();

const dashboardOrder = (o: OrderRow): DashboardOrder => ({
  ...o,
  createdAt: iso(o.createdAt),
  paidAt: o.paidAt ? iso(o.paidAt) : null,
});
