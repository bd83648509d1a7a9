import { http, HttpResponse } from 'msw';
import type { AdminDashboard, DashboardOrder } from '../../contract/dashboard';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../contract/checkout';
import {
  BEST_SELLERS_LIMIT,
  DASHBOARD_DAYS,
  dashboardFor,
  dashboardWindow,
  dayIndex,
  LATEST_ORDERS_LIMIT,
  LOW_STOCK_MAX,
  NEEDS_REVIEW_LIMIT,
  periodFigures,
  REVENUE_SERIES_DAYS,
  STOCK_LIST_LIMIT,
} from '../../contract/dashboard-rules';
import { adminOf } from '../admin';
import { findUserById } from '../auth-db';
import { commerceDb, type MockOrder } from '../commerce-db';
import { mockDb } from '../db';

/*
 * `GET /v1/admin/dashboard` from the mock records, with the server's rules (contract/dashboard-rules.ts):
 * paid orders by the Nairobi day they were paid, every order by status, best sellers of the last 30
 * days, live variants low on or out of stock, payments to review and the newest orders.
 */

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const newestFirst = (a: MockOrder, b: MockOrder) =>
  b.createdAt - a.createdAt || byString(a.orderId, b.orderId);

function dashboardOrder(o: MockOrder): DashboardOrder {
  const user = findUserById(o.userId);
  return {
    orderId: o.orderId,
    number: o.number,
    customerName: user?.name || user?.email || '',
    status: o.status,
    paymentStatus: o.paymentStatus,
    total: o.total,
    deliveryAreaName: o.delivery.areaName ?? null,
    createdAt: new Date(o.createdAt).toISOString(),
    paidAt: o.paidAt === null ? null : new Date(o.paidAt).toISOString(),
  };
}

/** The dashboard at `now` over the mock's orders and catalogue. */
function mockDashboard(now: Date): AdminDashboard {
  const window = dashboardWindow(now);
  const orders = commerceDb.orders;
  const paid = orders.filter((o) => o.paymentStatus === 'paid' && o.paidAt !== null);
  const days = Array.from({ length: DASHBOARD_DAYS }, () => ({ revenue: 0, orders: 0 }));
  for (const o of paid) {
    const i = dayIndex(window, new Date(o.paidAt!));
    if (i >= 0) days[i] = { revenue: days[i]!.revenue + o.total, orders: days[i]!.orders + 1 };
  }

  const sold = new Map<string, { units: number; revenue: number }>();
  for (const o of paid) {
    if (dayIndex(window, new Date(o.paidAt!)) < DASHBOARD_DAYS - REVENUE_SERIES_DAYS) continue;
    for (const line of o.items) {
      if (!line.productId) continue;
      const s = sold.get(line.productId) ?? { units: 0, revenue: 0 };
      sold.set(line.productId, { units: s.units + line.quantity, revenue: s.revenue + line.totalPrice });
    }
  }
  const products = new Map(mockDb.catalogue.products.map((p) => [p.id, p]));
  const bestSellers = [...sold.entries()]
    .filter(([id]) => products.has(id))
    .sort(([a, x], [b, y]) => y.units - x.units || y.revenue - x.revenue || byString(a, b))
    .slice(0, BEST_SELLERS_LIMIT)
    .map(([id, s]) => ({ productId: id, pid: products.get(id)!.pid, name: products.get(id)!.name, ...s }));

  const live = mockDb.catalogue.products
    .filter((p) => !p.archivedAt)
    .flatMap((p) =>
      p.variants
        .filter((v) => !v.archivedAt && v.quantity <= LOW_STOCK_MAX)
        .map((v) => ({
          productId: p.id,
          productName: p.name,
          variantId: v.id,
          variantName: v.name,
          quantity: v.quantity,
        })),
    );
  const low = live
    .filter((v) => v.quantity > 0)
    .sort(
      (a, b) =>
        a.quantity - b.quantity ||
        byString(a.productName, b.productName) ||
        byString(a.variantName, b.variantName),
    );
  const out = live
    .filter((v) => v.quantity === 0)
    .sort((a, b) => byString(a.productName, b.productName) || byString(a.variantName, b.variantName));

  const review = orders.filter((o) => o.paymentStatus === 'needs_review').sort(newestFirst);
  const count = <K extends string>(keys: readonly K[], of: (o: MockOrder) => K) =>
    Object.fromEntries(keys.map((k) => [k, orders.filter((o) => of(o) === k).length])) as Record<K, number>;

  return {
    generatedAt: now.toISOString(),
    today: window.today,
    timeZone: 'Africa/Nairobi',
    periods: periodFigures(days),
    revenueByDay: days
      .map((d, i) => ({ date: window.dates[i]!, ...d }))
      .slice(DASHBOARD_DAYS - REVENUE_SERIES_DAYS),
    ordersByStatus: count(ORDER_STATUSES, (o) => o.status),
    ordersByPaymentStatus: count(PAYMENT_STATUSES, (o) => o.paymentStatus),
    bestSellers,
    lowStock: { count: low.length, variants: low.slice(0, STOCK_LIST_LIMIT) },
    outOfStock: { count: out.length, variants: out.slice(0, STOCK_LIST_LIMIT) },
    needsReview: { count: review.length, orders: review.slice(0, NEEDS_REVIEW_LIMIT).map(dashboardOrder) },
    latestOrders: [...orders].sort(newestFirst).slice(0, LATEST_ORDERS_LIMIT).map(dashboardOrder),
  };
}

export const dashboardHandlers = [
  http.get('*/api/v1/admin/dashboard', ({ request }) => {
    const who = adminOf(request, 'dashboard.read');
    if ('error' in who) return who.error;
    return HttpResponse.json(
      { data: dashboardFor(who.admin.role, mockDashboard(new Date())) },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  }),
];
