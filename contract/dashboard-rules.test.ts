import { describe, expect, it } from 'vitest';
import type { AdminDashboard, DashboardOrder } from './dashboard';
import { dashboardFor } from './dashboard-rules';

const period = (days: number) => ({
  days,
  revenue: 12_000,
  orders: 4,
  previousRevenue: 9_000,
  previousOrders: 3,
  revenueChange: 33.3,
  ordersChange: 33.3,
});
const order: DashboardOrder = {
  orderId: '00000000-0000-4000-8000-000000000001',
  number: 1001,
  customerName: 'Wanjiku Kamau',
  status: 'new',
  paymentStatus: 'needs_review',
  total: 1_250,
  deliveryAreaName: 'Kilimani',
  createdAt: '2026-03-15T07:00:00.000Z',
  paidAt: null,
};
const full: AdminDashboard = {
  generatedAt: '2026-03-15T09:00:00.000Z',
  today: '2026-03-15',
  timeZone: 'Africa/Nairobi',
  periods: { today: period(1), last7Days: period(7), last30Days: period(30) },
  revenueByDay: [{ date: '2026-03-15', revenue: 12_000, orders: 4 }],
  ordersByStatus: { new: 1, processing: 0, out_for_delivery: 0, delivered: 3, cancelled: 0 },
  ordersByPaymentStatus: { pending: 0, paid: 3, failed: 0, expired: 0, needs_review: 1 },
  bestSellers: [
    {
      productId: '00000000-0000-4000-8000-000000000002',
      pid: 'P1',
      name: 'Sukuma wiki',
      units: 9,
      revenue: 450,
    },
  ],
  lowStock: { count: 0, variants: [] },
  outOfStock: { count: 0, variants: [] },
  needsReview: { count: 1, orders: [order] },
  latestOrders: [order],
};

const noMoney = { revenue: null, previousRevenue: null, revenueChange: null };

describe('the dashboard as each role sees it', () => {
  it('gives the owner everything', () => expect(dashboardFor('owner', full)).toEqual(full));

  it("gives the manager today's takings and the orders, but no money beyond today", () => {
    const d = dashboardFor('manager', full);
    expect(d.periods.today).toEqual(full.periods.today);
    expect(d.periods.last7Days).toEqual({ ...full.periods.last7Days, ...noMoney });
    expect(d.periods.last30Days).toEqual({ ...full.periods.last30Days, ...noMoney });
    expect(d.revenueByDay).toBeNull();
    expect(d.bestSellers).toEqual([{ ...full.bestSellers[0], revenue: null }]);
    expect(d.latestOrders).toEqual([order]);
    expect(d.needsReview).toEqual(full.needsReview);
  });

  it('gives a packer the counts and the orders, but no takings at all', () => {
    const d = dashboardFor('fulfilment', full);
    expect(d.periods.today).toEqual({ ...full.periods.today, ...noMoney });
    expect(d.periods.today.orders).toBe(4);
    expect(d.latestOrders).toEqual([order]);
    expect(d.ordersByStatus).toEqual(full.ordersByStatus);
  });

  it('gives the catalogue keepers stock and counts, but no takings and no shopper on an order list', () => {
    const d = dashboardFor('catalogue', full);
    expect(d.periods.today).toEqual({ ...full.periods.today, ...noMoney });
    expect(d.latestOrders).toEqual([]);
    expect(d.needsReview).toEqual({ count: 1, orders: [] });
    expect(d.lowStock).toEqual(full.lowStock);
  });

  it('gives nobody without a role any money or orders', () => {
    const d = dashboardFor(null, full);
    expect(d.revenueByDay).toBeNull();
    expect(d.latestOrders).toEqual([]);
  });
});
