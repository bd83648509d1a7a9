import { inArray, sql } from 'drizzle-orm';
import type { AdminDashboard, DashboardOrder } from '../../../contract/dashboard';
import {
  BEST_SELLERS_LIMIT,
  DASHBOARD_DAYS,
  dashboardWindow,
  DAY_MS,
  LATEST_ORDERS_LIMIT,
  LOW_STOCK_MAX,
  NEEDS_REVIEW_LIMIT,
  periodFigures,
  REVENUE_SERIES_DAYS,
  STOCK_LIST_LIMIT,
} from '../../../contract/dashboard-rules';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../contract/checkout';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';

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
  days: { bucket: string; revenue: number; orders: number }[];
  statuses: { kind: 'status' | 'payment'; value: string; n: number }[];
  low: AdminDashboard['lowStock']['variants'];
  lowCount: number;
  out: AdminDashboard['outOfStock']['variants'];
  outCount: number;
  review: OrderRow[];
  reviewCount: number;
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
 * The dashboard in three round trips: this statement, then the best sellers (`bestSellers`) and
 * their names. Each part reads through an index of migration 0007: paid revenue by day an
 * index-only scan of `orders_paid_at_idx` (paid_at, total; paid orders only), the stock lists
 * `variants_low_stock_idx`, review and latest orders `orders_payment_status_created_idx` and
 * `orders_created_idx`. The counts by status are index-only scans of `orders_status_created_idx` and
 * `orders_payment_status_created_idx`.
 */
export async function getDashboard(db: Db, now: Date): Promise<AdminDashboard> {
  const { window, statement } = dashboardStatement(now);
  const dashboard = dashboardFrom(window, now, await db.execute(statement));
  return { ...dashboard, bestSellers: await bestSellers(db, window, dashboard.revenueByDay) };
}

/** The statement behind the dashboard at `now` (the benchmark EXPLAINs it too). */
export function dashboardStatement(now: Date) {
  const window = dashboardWindow(now);
  const start = window.start.toISOString();
  const end = window.end.toISOString();
  const statement = sql`
    with paid_days as (
      select date_bin('1 day', o.paid_at, ${start}::timestamptz) as bucket,
             sum(o.total)::bigint as revenue, count(*)::int as orders
      from orders o
      where o.payment_status = 'paid' and o.paid_at >= ${start}::timestamptz and o.paid_at < ${end}::timestamptz
      group by 1
    ),
    -- Per status, an index-only count over its index: narrower than reading every order's row.
    statuses as (
      select 'status' as kind, s as value,
             (select count(*) from orders o where o.status = s)::int as n
      from unnest(${sql.raw(`array[${ORDER_STATUSES.map((x) => `'${x}'`).join(', ')}]`)}::text[]) s
      union all
      select 'payment', s, (select count(*) from orders o where o.payment_status = s)::int
      from unnest(${sql.raw(`array[${PAYMENT_STATUSES.map((x) => `'${x}'`).join(', ')}]`)}::text[]) s
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
      'days', (select coalesce(json_agg(json_build_object('bucket', bucket, 'revenue', revenue, 'orders', orders)), '[]')
               from paid_days),
      'statuses', (select coalesce(json_agg(json_build_object('kind', kind, 'value', value, 'n', n)), '[]')
                   from statuses),
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
      'reviewCount', (select count(*)::int from orders where payment_status = 'needs_review'),
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
  for (const d of row.days) {
    const day = Math.round((new Date(d.bucket).getTime() - window.start.getTime()) / DAY_MS);
    days[day] = { revenue: Number(d.revenue), orders: d.orders };
  }
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as AdminDashboard['ordersByStatus'];
  const byPayment = Object.fromEntries(
    PAYMENT_STATUSES.map((s) => [s, 0]),
  ) as AdminDashboard['ordersByPaymentStatus'];
  for (const s of row.statuses) {
    if (s.kind === 'status') byStatus[s.value as keyof typeof byStatus] = s.n;
    else byPayment[s.value as keyof typeof byPayment] = s.n;
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
    bestSellers: [],
    lowStock: { count: row.lowCount, variants: row.low },
    outOfStock: { count: row.outCount, variants: row.out },
    needsReview: { count: row.reviewCount, orders: row.review.map(dashboardOrder) },
    latestOrders: row.latest.map(dashboardOrder),
  };
}

const iso = (s: string) => new Date(s).toISOString();

const dashboardOrder = (o: OrderRow): DashboardOrder => ({
  ...o,
  createdAt: iso(o.createdAt),
  paidAt: o.paidAt ? iso(o.paidAt) : null,
});

type Sales = Map<string, { units: number; revenue: number }>;

/**
 * Units and line revenue per product of each closed Nairobi day, per database. A day that has ended
 * keeps its paid orders (paid_at is when the money came, and order lines never change), so its
 * figures are read once; they are read again when the day's paid count or revenue (from the
 * revenue scan, every request) no longer match what they were computed from. Today is always read.
 */
const closedDays = new WeakMap<Db, Map<string, { fingerprint: string; sales: Sales }>>();

/** Best sellers over the last 30 days: units in paid orders, then revenue, then product id. */
async function bestSellers(
  db: Db,
  window: ReturnType<typeof dashboardWindow>,
  series: readonly { date: string; revenue: number; orders: number }[],
): Promise<AdminDashboard['bestSellers']> {
  let memo = closedDays.get(db);
  if (!memo) closedDays.set(db, (memo = new Map()));
  for (const date of memo.keys()) if (!series.some((d) => d.date === date)) memo.delete(date);
  const fingerprint = (d: (typeof series)[number]) => `${d.orders}:${d.revenue}`;
  const first = DASHBOARD_DAYS - REVENUE_SERIES_DAYS;
  // The oldest day to read: the first whose figures are not known; days after it are read too.
  const stale = series.findIndex(
    (d, i) => i === series.length - 1 || (d.orders > 0 && memo.get(d.date)?.fingerprint !== fingerprint(d)),
  );
  const from = new Date(window.start.getTime() + (first + stale) * DAY_MS);
  const result = (await db.execute(sql`
    select date_bin('1 day', o.paid_at, ${window.start.toISOString()}::timestamptz) as bucket, i.product_id,
           sum(i.quantity)::bigint as units, sum(i.total_price)::bigint as revenue
    from orders o join order_items i on i.order_id = o.id
    where o.payment_status = 'paid' and o.paid_at >= ${from.toISOString()}::timestamptz
      and o.paid_at < ${window.end.toISOString()}::timestamptz and i.product_id is not null
    group by 1, 2`)) as unknown as {
    rows: { bucket: string | Date; product_id: string; units: string; revenue: string }[];
  };
  const fresh = new Map<string, Sales>();
  for (const r of result.rows) {
    const date = window.dates[Math.round((new Date(r.bucket).getTime() - window.start.getTime()) / DAY_MS)]!;
    const sales = fresh.get(date) ?? new Map();
    sales.set(r.product_id, { units: Number(r.units), revenue: Number(r.revenue) });
    fresh.set(date, sales);
  }
  const total: Sales = new Map();
  series.forEach((d, i) => {
    const sales =
      i >= stale ? (fresh.get(d.date) ?? new Map()) : d.orders === 0 ? new Map() : memo.get(d.date)!.sales;
    if (i >= stale && i < series.length - 1) memo.set(d.date, { fingerprint: fingerprint(d), sales });
    for (const [id, s] of sales) {
      const t = total.get(id) ?? { units: 0, revenue: 0 };
      total.set(id, { units: t.units + s.units, revenue: t.revenue + s.revenue });
    }
  });
  // A few more than shown: a product deleted since is skipped.
  const ranked = [...total.entries()]
    .sort(([a, x], [b, y]) => y.units - x.units || y.revenue - x.revenue || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, BEST_SELLERS_LIMIT * 2);
  if (ranked.length === 0) return [];
  const names = await db
    .select({ id: products.id, pid: products.pid, name: products.name })
    .from(products)
    .where(
      inArray(
        products.id,
        ranked.map(([id]) => id),
      ),
    );
  const byId = new Map(names.map((p) => [p.id, p]));
  return ranked
    .filter(([id]) => byId.has(id))
    .slice(0, BEST_SELLERS_LIMIT)
    .map(([id, s]) => ({ productId: id, pid: byId.get(id)!.pid, name: byId.get(id)!.name, ...s }));
}
