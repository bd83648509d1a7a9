// The dashboard's calendar and arithmetic, one copy for the server (which hands the bounds to SQL),
// the mocks (which stand in for it) and the screen. No zod here.

import type { AdminDashboard, DashboardPeriod } from './dashboard';
import { nairobiDate, nairobiDayStart } from './nairobi-time';
import { can, type StaffRole } from './roles';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Days the dashboard reads back: the last 30 and the 30 before them, today last. */
export const DASHBOARD_DAYS = 60;
/** Days the revenue chart shows (today included). */
export const REVENUE_SERIES_DAYS = 30;
export const BEST_SELLERS_LIMIT = 8;
export const STOCK_LIST_LIMIT = 20;
export const NEEDS_REVIEW_LIMIT = 5;
export const LATEST_ORDERS_LIMIT = 8;
/** A live variant with this many units or fewer (and at least one) is low on stock. */
export const LOW_STOCK_MAX = 5;

/**
 * The dashboard's window: `DASHBOARD_DAYS` Nairobi days ending with today. Day `i` (0 the oldest,
 * `DASHBOARD_DAYS - 1` today) runs from `start + i days` to the next midnight; `end` is tomorrow's
 * midnight, so an order paid at 23:59:59 Nairobi time is today's.
 */
export function dashboardWindow(now: Date) {
  const today = nairobiDate(now);
  const end = new Date(nairobiDayStart(today).getTime() + DAY_MS);
  const start = new Date(end.getTime() - DASHBOARD_DAYS * DAY_MS);
  const dates = Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    nairobiDate(new Date(start.getTime() + i * DAY_MS)),
  );
  return { today, start, end, dates };
}

/** Which window day an instant falls on, or -1 outside the window. */
export function dayIndex(window: { start: Date; end: Date }, at: Date): number {
  const t = at.getTime();
  if (t < window.start.getTime() || t >= window.end.getTime()) return -1;
  return Math.floor((t - window.start.getTime()) / DAY_MS);
}

/** The change from `previous` to `current` in percent, one decimal; null when there was nothing before. */
function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export interface DayFigures {
  revenue: number;
  orders: number;
}

/** Today, the last 7 and the last 30 days, each against the as-long stretch just before it. */
const PERIODS = [
  { key: 'today', days: 1 },
  { key: 'last7Days', days: 7 },
  { key: 'last30Days', days: 30 },
] as const;
type PeriodKey = (typeof PERIODS)[number]['key'];

/** Sums of the window's days (oldest first, `DASHBOARD_DAYS` long) into the periods and their changes. */
export function periodFigures(days: readonly DayFigures[]) {
  const sum = (from: number, to: number) =>
    days.slice(from, to).reduce((a, d) => ({ revenue: a.revenue + d.revenue, orders: a.orders + d.orders }), {
      revenue: 0,
      orders: 0,
    });
  const n = days.length;
  return Object.fromEntries(
    PERIODS.map(({ key, days: len }) => {
      const current = sum(n - len, n);
      const previous = sum(n - 2 * len, n - len);
      return [
        key,
        {
          days: len,
          revenue: current.revenue,
          orders: current.orders,
          previousRevenue: previous.revenue,
          previousOrders: previous.orders,
          revenueChange: percentChange(current.revenue, previous.revenue),
          ordersChange: percentChange(current.orders, previous.orders),
        },
      ];
    }),
  ) as Record<PeriodKey, PeriodFigures>;
}

interface PeriodFigures {
  days: number;
  revenue: number;
  orders: number;
  previousRevenue: number;
  previousOrders: number;
  revenueChange: number | null;
  ordersChange: number | null;
}

const withoutMoney = (period: DashboardPeriod): DashboardPeriod => ({
  ...period,
  revenue: null,
  previousRevenue: null,
  revenueChange: null,
});

/**
 * The dashboard as a role may see it: today's takings need `revenue.today`; the week's, the month's,
 * the daily chart and what the best sellers brought in need `revenue.history`; the orders listed (with
 * their shoppers' names) need `orders.read`. Counts and stock are everyone's who may open it.
 */
export function dashboardFor(role: StaffRole | null, dashboard: AdminDashboard): AdminDashboard {
  const today = can(role, 'revenue.today');
  const history = can(role, 'revenue.history');
  const orders = can(role, 'orders.read');
  if (today && history && orders) return dashboard;
  const { periods } = dashboard;
  return {
    ...dashboard,
    latestOrders: orders ? dashboard.latestOrders : [],
    needsReview: orders ? dashboard.needsReview : { ...dashboard.needsReview, orders: [] },
    periods: {
      today: today ? periods.today : withoutMoney(periods.today),
      last7Days: history ? periods.last7Days : withoutMoney(periods.last7Days),
      last30Days: history ? periods.last30Days : withoutMoney(periods.last30Days),
    },
    revenueByDay: history ? dashboard.revenueByDay : null,
    bestSellers: history
      ? dashboard.bestSellers
      : dashboard.bestSellers.map((b) => ({ ...b, revenue: null })),
  };
}
