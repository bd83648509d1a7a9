import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminDashboard } from '../../../contract/dashboard';
import type { Db } from '../../db/client';
import { orderItems, orders, products, variants } from '../../db/schema';
import { handleError, mount, newRouter } from '../../lib/http';
import { createUser } from '../../test/auth';
import { createTestContext, freshDatabase, type TestContext } from '../../test/harness';
import { shopper } from '../../test/shop';
import { PRODUCTS } from '../../db/seed/catalogue';
import { seedSampleOrders, type SampleOrder } from '../../db/seed/sample-orders';
import { dashboardModule } from './handlers';
import { getDashboard } from './service';

// The dashboard's figures against ones worked out by hand, with the clock frozen at noon in Nairobi
// on 15 March 2026 (09:00 UTC). Nairobi midnight is 21:00 UTC the day before.

const NOW = new Date('2026-03-15T09:00:00Z');

let ctx: TestContext;
let adminToken: string;
let customerToken: string;
/** The dashboard route over the test database, its clock frozen at NOW. */
let frozen: ReturnType<typeof newRouter>;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await shopper(ctx, 'admin')).token;
  customerToken = (await shopper(ctx, 'customer')).token;
  const deps = {
    env: ctx.env,
    database: ctx.database,
    logger: (await import('../../lib/logger')).createLogger('silent'),
  };
  frozen = mount(newRouter(), [['/v1/admin/dashboard', dashboardModule(deps, { now: () => NOW })]]);
  frozen.onError(handleError);
  // The sample catalogue's stock is out of this test's way: every seeded variant has plenty.
  await ctx.database.db.update(variants).set({ quantity: 50 });
});
afterAll(() => ctx.close());

const dashboard = async (token = adminToken) => {
  const res = await frozen.request('/v1/admin/dashboard', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  return AdminDashboard.parse((await res.json()).data);
};

describe('who may read the dashboard', () => {
  it('answers a guest 401 and a customer 403 with the error envelope', async () => {
    const guest = await ctx.request('/api/v1/admin/dashboard');
    expect(guest.status).toBe(401);
    expect((await guest.json()).code).toBeTruthy();
    const customer = await ctx.request('/api/v1/admin/dashboard', {
      headers: { Authorization: `Bearer ${customerToken}` },
    });
    expect(customer.status).toBe(403);
    expect((await customer.json()).correlationId).toBeTruthy();
  });

  it('answers an admin through the real app with the contract’s shape', async () => {
    const res = await ctx.request('/api/v1/admin/dashboard', {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    const body = AdminDashboard.parse((await res.json()).data);
    expect(body.revenueByDay).toHaveLength(30);
  });
});

describe('a shop without orders', () => {
  it('shows zeros, no change (nothing before), and every day and status present', async () => {
    const d = await dashboard();
    expect(d.today).toBe('2026-03-15');
    expect(d.generatedAt).toBe(NOW.toISOString());
    for (const p of Object.values(d.periods)) {
      expect(p).toMatchObject({
        revenue: 0,
        orders: 0,
        previousRevenue: 0,
        revenueChange: null,
        ordersChange: null,
      });
    }
    expect(d.revenueByDay![0]).toEqual({ date: '2026-02-14', revenue: 0, orders: 0 });
    expect(d.revenueByDay!.at(-1)).toEqual({ date: '2026-03-15', revenue: 0, orders: 0 });
    expect(Object.values(d.ordersByStatus).every((n) => n === 0)).toBe(true);
    expect(Object.keys(d.ordersByPaymentStatus).sort()).toEqual([
      'expired',
      'failed',
      'needs_review',
      'paid',
      'pending',
    ]);
    expect(d.bestSellers).toEqual([]);
    expect(d.latestOrders).toEqual([]);
    expect(d.needsReview).toEqual({ count: 0, orders: [] });
    expect(d.lowStock).toEqual({ count: 0, variants: [] });
  });
});

// ── The known set ────────────────────────────────────────────────────────────────────────────────

type Spec = {
  key: string;
  total: number;
  status: (typeof orders.$inferInsert)['status'];
  paymentStatus: (typeof orders.$inferInsert)['paymentStatus'];
  paidAt?: string;
  createdAt?: string;
  lines?: [product: 'X' | 'Y' | 'Z' | null, quantity: number, unitPrice: number][];
};

// Paid orders are created two minutes before they are paid.
const SPECS: Spec[] = [
  // Today's first second (Nairobi 00:00 on the 15th) and the last of yesterday.
  {
    key: 'A',
    total: 1000,
    status: 'delivered',
    paymentStatus: 'paid',
    paidAt: '2026-03-14T21:00:00Z',
    lines: [
      ['X', 2, 100],
      ['Y', 1, 300],
      [null, 5, 100],
    ],
  },
  {
    key: 'B',
    total: 500,
    status: 'delivered',
    paymentStatus: 'paid',
    paidAt: '2026-03-14T20:59:59Z',
    lines: [['X', 1, 100]],
  },
  {
    key: 'C',
    total: 250,
    status: 'processing',
    paymentStatus: 'paid',
    paidAt: '2026-03-15T08:00:00Z',
    lines: [['Z', 3, 50]],
  },
  {
    key: 'Q',
    total: 150,
    status: 'out_for_delivery',
    paymentStatus: 'paid',
    paidAt: '2026-03-15T05:00:00Z',
    lines: [['Y', 1, 300]],
  },
  // The first second of the last 7 days (9 March), and the last of the 7 before.
  {
    key: 'E',
    total: 700,
    status: 'delivered',
    paymentStatus: 'paid',
    paidAt: '2026-03-08T21:00:00Z',
    lines: [['Y', 2, 300]],
  },
  {
    key: 'F',
    total: 300,
    status: 'delivered',
    paymentStatus: 'paid',
    paidAt: '2026-03-08T20:59:59Z',
    lines: [['X', 1, 100]],
  },
  // The first day of the last 30 (14 February) and the last second of the 30 before.
  {
    key: 'G',
    total: 900,
    status: 'delivered',
    paymentStatus: 'paid',
    paidAt: '2026-02-14T08:00:00Z',
    lines: [['Z', 4, 50]],
  },
  {
    key: 'H',
    total: 400,
    status: 'delivered',
    paymentStatus: 'paid',
    paidAt: '2026-02-13T20:59:59Z',
    lines: [['X', 10, 100]],
  },
  // The first second of the 60-day window (15 January), and the last second before it.
  { key: 'J', total: 100, status: 'delivered', paymentStatus: 'paid', paidAt: '2026-01-14T21:00:00Z' },
  {
    key: 'I',
    total: 9999,
    status: 'delivered',
    paymentStatus: 'paid',
    paidAt: '2026-01-14T20:59:59Z',
    lines: [['X', 50, 100]],
  },
  // Not paid: never revenue, never best sellers.
  {
    key: 'K',
    total: 5000,
    status: 'new',
    paymentStatus: 'failed',
    createdAt: '2026-03-15T06:00:00Z',
    lines: [['Z', 20, 50]],
  },
  { key: 'L', total: 1500, status: 'new', paymentStatus: 'needs_review', createdAt: '2026-03-15T07:00:00Z' },
  { key: 'M', total: 800, status: 'new', paymentStatus: 'pending', createdAt: '2026-03-15T08:30:00Z' },
  { key: 'P', total: 600, status: 'cancelled', paymentStatus: 'expired', createdAt: '2026-03-10T10:00:00Z' },
];

async function insertKnownSet(db: Db) {
  const user = await createUser(db, { name: 'Njeri Wambui' });
  const product = async (
    name: string,
    vs: { name: string; quantity: number; archived?: boolean }[],
    archived = false,
  ) => {
    const [p] = await db
      .insert(products)
      .values({ pid: `DSH-${randomUUID().slice(0, 8)}`, name, archivedAt: archived ? NOW : null })
      .returning();
    const rows = await db
      .insert(variants)
      .values(
        vs.map((v, position) => ({
          productId: p!.id,
          name: v.name,
          price: 100,
          quantity: v.quantity,
          position,
          archivedAt: v.archived ? NOW : null,
        })),
      )
      .returning();
    return { ...p!, variants: rows };
  };
  const X = await product('Dashboard Xigua', [
    { name: 'Small', quantity: 5 },
    { name: 'Large', quantity: 6 },
  ]);
  const Y = await product('Dashboard Yam', [{ name: 'One', quantity: 0 }]);
  const Z = await product('Dashboard Zucchini', [
    { name: 'Tub', quantity: 1 },
    { name: 'Old', quantity: 2, archived: true },
  ]);
  await product(
    'Dashboard Archived',
    [
      { name: 'Gone', quantity: 0 },
      { name: 'Few', quantity: 3 },
    ],
    true,
  );
  const V = await product('Dashboard Vanilla', [{ name: 'Pod', quantity: 2 }]);
  await db
    .update(products)
    .set({ hidden: true })
    .where(sql`${products.id} = ${V.id}`);
  const byKey = { X, Y, Z };

  const ids: Record<string, string> = {};
  for (const s of SPECS) {
    const paidAt = s.paidAt ? new Date(s.paidAt) : null;
    const createdAt = s.createdAt ? new Date(s.createdAt) : new Date(paidAt!.getTime() - 120_000);
    const [o] = await db
      .insert(orders)
      .values({
        userId: user.id,
        idempotencyKey: randomUUID(),
        requestHash: 'x',
        status: s.status,
        paymentStatus: s.paymentStatus,
        subtotal: s.total,
        shippingRate: 0,
        total: s.total,
        phone: '254712345678',
        deliveryAreaName: 'Westlands',
        address: 'Mpaka Road',
        lat: -1.26,
        lng: 36.8,
        paidAt,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: orders.id });
    ids[s.key] = o!.id;
    const lines = s.lines ?? [];
    if (lines.length)
      await db.insert(orderItems).values(
        lines.map(([k, quantity, unitPrice], position) => ({
          orderId: o!.id,
          productId: k ? byKey[k].id : null,
          variantId: k ? byKey[k].variants[0]!.id : null,
          productPid: k ? byKey[k].pid : 'SKN-GONE',
          name: k ? byKey[k].name : 'A product since deleted',
          variantName: 'Regular',
          unitPrice,
          quantity,
          totalPrice: unitPrice * quantity,
          position,
        })),
      );
  }
  return { ids, X, Y, Z, V };
}

describe('a known set of orders around Nairobi midnights', () => {
  let known: Awaited<ReturnType<typeof insertKnownSet>>;
  let d: AdminDashboard;
  beforeAll(async () => {
    known = await insertKnownSet(ctx.database.db);
    d = await dashboard();
  });

  it('sums today (Nairobi 00:00 counts, 23:59:59 yesterday does not) against yesterday', () => {
    // A 1000 + C 250 + Q 150 today; B 500 yesterday.
    expect(d.periods.today).toEqual({
      days: 1,
      revenue: 1400,
      orders: 3,
      previousRevenue: 500,
      previousOrders: 1,
      revenueChange: 180,
      ordersChange: 200,
    });
  });

  it('sums the last 7 days (today included) against the 7 before', () => {
    // + B 500 + E 700 (9 March, 00:00); F 300 (8 March, 23:59:59) before.
    expect(d.periods.last7Days).toEqual({
      days: 7,
      revenue: 2600,
      orders: 5,
      previousRevenue: 300,
      previousOrders: 1,
      revenueChange: 766.7,
      ordersChange: 400,
    });
  });

  it('sums the last 30 days against the 30 before, leaving out what is older', () => {
    // + F 300 + G 900 (14 February); H 400 + J 100 before; I (14 January, 23:59:59) in neither.
    expect(d.periods.last30Days).toEqual({
      days: 30,
      revenue: 3800,
      orders: 7,
      previousRevenue: 500,
      previousOrders: 2,
      revenueChange: 660,
      ordersChange: 250,
    });
  });

  it('gives the 30 days day by day, empty days as zeros', () => {
    expect(d.revenueByDay).toHaveLength(30);
    expect(d.revenueByDay!.map((x) => x.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 1, 14 + i)).toISOString().slice(0, 10)),
    );
    const nonZero = d.revenueByDay!.filter((x) => x.orders > 0);
    expect(nonZero).toEqual([
      { date: '2026-02-14', revenue: 900, orders: 1 },
      { date: '2026-03-08', revenue: 300, orders: 1 },
      { date: '2026-03-09', revenue: 700, orders: 1 },
      { date: '2026-03-14', revenue: 500, orders: 1 },
      { date: '2026-03-15', revenue: 1400, orders: 3 },
    ]);
  });

  it('counts every order by fulfilment and by payment status', () => {
    expect(d.ordersByStatus).toEqual({
      new: 3,
      processing: 1,
      out_for_delivery: 1,
      delivered: 8,
      cancelled: 1,
    });
    expect(d.ordersByPaymentStatus).toEqual({ pending: 1, paid: 10, failed: 1, expired: 1, needs_review: 1 });
  });

  it('ranks best sellers by units in paid orders of the last 30 days, then by revenue', () => {
    // Z: C 3 + G 4 (K failed); Y: A 1 + E 2 + Q 1; X: A 2 + B 1 + F 1 (H, I too old). The deleted
    // product's line has no product to show.
    expect(d.bestSellers).toEqual([
      { productId: known.Z.id, pid: known.Z.pid, name: 'Dashboard Zucchini', units: 7, revenue: 350 },
      { productId: known.Y.id, pid: known.Y.pid, name: 'Dashboard Yam', units: 4, revenue: 1200 },
      { productId: known.X.id, pid: known.X.pid, name: 'Dashboard Xigua', units: 4, revenue: 400 },
    ]);
  });

  it('counts a sale paid on a day already read, once the day’s figures change', async () => {
    // A late paid order on 10 March, after the dashboard read that day: X gains 5 units.
    const [late] = await ctx.database.db
      .insert(orders)
      .values({
        userId: (await createUser(ctx.database.db)).id,
        idempotencyKey: randomUUID(),
        requestHash: 'x',
        status: 'delivered',
        paymentStatus: 'paid',
        subtotal: 500,
        shippingRate: 0,
        total: 500,
        phone: '254712345678',
        address: 'Mpaka Road',
        lat: -1.26,
        lng: 36.8,
        paidAt: new Date('2026-03-10T10:00:00Z'),
        createdAt: new Date('2026-03-10T09:58:00Z'),
      })
      .returning({ id: orders.id });
    await ctx.database.db.insert(orderItems).values({
      orderId: late!.id,
      productId: known.X.id,
      variantId: known.X.variants[0]!.id,
      productPid: known.X.pid,
      name: known.X.name,
      variantName: 'Small',
      unitPrice: 100,
      quantity: 5,
      totalPrice: 500,
    });
    try {
      const again = await dashboard();
      expect(again.bestSellers[0]).toMatchObject({ productId: known.X.id, units: 9, revenue: 900 });
      expect(again.periods.last7Days.revenue).toBe(3100);
    } finally {
      await ctx.database.db.delete(orders).where(sql`${orders.id} = ${late!.id}`);
    }
    expect((await dashboard()).bestSellers[0]!.productId).toBe(known.Z.id);
  });

  it('counts what an order with a promo code charged: its total, after the code', async () => {
    const before = (await dashboard()).periods.last7Days;
    const [placed] = await ctx.database.db
      .insert(orders)
      .values({
        userId: (await createUser(ctx.database.db)).id,
        idempotencyKey: randomUUID(),
        requestHash: 'x',
        status: 'delivered',
        paymentStatus: 'paid',
        subtotal: 500,
        orderSaving: 50,
        shippingRate: 150,
        total: 600,
        promoCode: 'KARIBU10',
        promoSaving: 50,
        phone: '254712345678',
        address: 'Mpaka Road',
        lat: -1.26,
        lng: 36.8,
        paidAt: new Date('2026-03-10T10:00:00Z'),
        createdAt: new Date('2026-03-10T09:58:00Z'),
      })
      .returning({ id: orders.id });
    try {
      expect((await dashboard()).periods.last7Days).toMatchObject({
        revenue: before.revenue! + 600,
        orders: before.orders + 1,
      });
    } finally {
      await ctx.database.db.delete(orders).where(sql`${orders.id} = ${placed!.id}`);
    }
    expect((await dashboard()).periods.last7Days.revenue).toBe(before.revenue);
  });

  it('lists live variants low on stock (1–5, fewest first) and out of stock, archived ones left out', () => {
    const v = (p: typeof known.X, i = 0) => ({
      productId: p.id,
      productName: p.name,
      variantId: p.variants[i]!.id,
      variantName: p.variants[i]!.name,
      quantity: p.variants[i]!.quantity,
    });
    expect(d.lowStock).toEqual({ count: 3, variants: [v(known.Z), v(known.V), v(known.X)] });
    expect(d.outOfStock).toEqual({ count: 1, variants: [v(known.Y)] });
  });

  it('counts and lists the payments needing review', () => {
    expect(d.needsReview.count).toBe(1);
    expect(d.needsReview.orders).toEqual([
      expect.objectContaining({
        orderId: known.ids.L,
        customerName: 'Njeri Wambui',
        total: 1500,
        status: 'new',
        paymentStatus: 'needs_review',
        paidAt: null,
        createdAt: '2026-03-15T07:00:00.000Z',
        deliveryAreaName: 'Westlands',
      }),
    ]);
  });

  it('lists the 8 newest orders whatever their state, newest first', () => {
    expect(
      d.latestOrders.map((o) => Object.entries(known.ids).find(([, id]) => id === o.orderId)?.[0]),
    ).toEqual(['M', 'C', 'L', 'K', 'Q', 'A', 'B', 'P']);
    expect(d.latestOrders[1]).toMatchObject({
      paidAt: '2026-03-15T08:00:00.000Z',
      createdAt: '2026-03-15T07:58:00.000Z',
    });
  });
});

describe('the development seed’s sample orders', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let plan: SampleOrder[];
  let d: AdminDashboard;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    db = fresh.database.db;
    drop = fresh.drop;
    plan = (await seedSampleOrders(db, { now: NOW })).orders;
    d = await getDashboard(db, NOW);
  });
  afterAll(() => drop());

  it('look like a living shop: four weeks, mostly paid, today still moving, one payment to review', () => {
    expect(plan.length).toBeGreaterThan(150);
    expect(
      plan.every((o) => o.createdAt <= NOW && o.createdAt.getTime() > NOW.getTime() - 28 * 86_400_000),
    ).toBe(true);
    const paid = plan.filter((o) => o.paymentStatus === 'paid');
    expect(paid.length / plan.length).toBeGreaterThan(0.85);
    expect(plan.filter((o) => o.paymentStatus === 'needs_review')).toHaveLength(1);
    expect(plan.some((o) => o.paymentStatus === 'failed')).toBe(true);
    expect(d.ordersByStatus.delivered).toBeGreaterThan(plan.length / 2);
    expect(d.ordersByStatus.processing + d.ordersByStatus.out_for_delivery).toBeGreaterThan(0);
    expect(d.ordersByPaymentStatus.pending).toBe(0);
    // Seeding twice adds nothing.
    return expect(seedSampleOrders(db, { now: NOW })).resolves.toEqual({ orders: [] });
  });

  it('add up, on the dashboard, to the figures worked out from the plan', () => {
    const start = new Date('2026-01-14T21:00:00Z').getTime();
    const sumDays = (from: number, to: number) => {
      const inRange = plan.filter(
        (o) =>
          o.paidAt &&
          o.paymentStatus === 'paid' &&
          o.paidAt.getTime() >= start + from * 86_400_000 &&
          o.paidAt.getTime() < start + to * 86_400_000,
      );
      return { revenue: inRange.reduce((s, o) => s + o.total, 0), orders: inRange.length };
    };
    for (const [key, days] of [
      ['today', 1],
      ['last7Days', 7],
      ['last30Days', 30],
    ] as const) {
      const now = sumDays(60 - days, 60);
      const before = sumDays(60 - 2 * days, 60 - days);
      expect(d.periods[key], key).toMatchObject({
        revenue: now.revenue,
        orders: now.orders,
        previousRevenue: before.revenue,
        previousOrders: before.orders,
      });
    }
    expect(d.revenueByDay!.map((x) => x.revenue)).toEqual(
      Array.from({ length: 30 }, (_, i) => sumDays(30 + i, 31 + i).revenue),
    );
    expect(d.ordersByStatus.delivered).toBe(plan.filter((o) => o.status === 'delivered').length);
    expect(d.ordersByPaymentStatus.failed).toBe(plan.filter((o) => o.paymentStatus === 'failed').length);

    const units = new Map<string, { units: number; revenue: number }>();
    for (const o of plan.filter(
      (x) => x.paymentStatus === 'paid' && x.paidAt!.getTime() >= start + 30 * 86_400_000,
    ))
      for (const l of o.lines) {
        const u = units.get(l.productId) ?? { units: 0, revenue: 0 };
        units.set(l.productId, {
          units: u.units + l.quantity,
          revenue: u.revenue + l.quantity * l.unitPrice,
        });
      }
    const expected = [...units.entries()]
      .sort(([a, x], [b, y]) => y.units - x.units || y.revenue - x.revenue || (a < b ? -1 : 1))
      .slice(0, 8);
    expect(d.bestSellers.map((b) => [b.productId, { units: b.units, revenue: b.revenue }])).toEqual(expected);

    const live = PRODUCTS.flatMap((p) => p.variants.map((v) => v.quantity));
    expect(d.lowStock.count).toBe(live.filter((q) => q >= 1 && q <= 5).length);
    expect(d.outOfStock.count).toBe(live.filter((q) => q === 0).length);
    expect(d.needsReview.count).toBe(1);
    expect(d.latestOrders[0]!.createdAt).toBe(plan.at(-1)!.createdAt.toISOString());
  });
});
