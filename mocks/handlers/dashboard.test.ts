// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, ErrorBody } from '../../contract/common';
import { AdminDashboard } from '../../contract/dashboard';
import { DEMO_USERS } from '../auth-db';
import { commerceDb, type MockOrder } from '../commerce-db';
import { mockDb } from '../db';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { dashboardHandlers } from './dashboard';

serveMocks(...dashboardHandlers);

// Noon in Nairobi on 15 March 2026; Nairobi midnight is 21:00 UTC the day before.
const NOW = new Date('2026-03-15T09:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const get = (token: string | null) => mockFetch('GET', '/v1/admin/dashboard', undefined, { token });

let number = 5000;
function order(
  o: Omit<Partial<MockOrder>, 'createdAt' | 'paidAt'> & { total: number; createdAt: string; paidAt?: string },
): MockOrder {
  const product = mockDb.catalogue.products[0]!;
  const variant = product.variants[0]!;
  return {
    orderId: crypto.randomUUID(),
    number: number++,
    userId: DEMO_USERS.shopper.id,
    idempotencyKey: crypto.randomUUID(),
    requestHash: 'x',
    stockReserved: false,
    status: 'delivered',
    paymentStatus: 'paid',
    paymentIssue: null,
    subtotal: o.total,
    shippingRate: 0,
    phone: '254712345678',
    delivery: { areaId: 'westlands', areaName: 'Westlands', address: 'Mpaka Road', lat: -1.26, lng: 36.8 },
    items: [
      {
        productId: product.id,
        productPid: product.pid,
        variantId: variant.id,
        name: product.name,
        variantName: variant.name,
        image: null,
        price: 100,
        quantity: 2,
        totalPrice: 200,
      },
    ],
    attempts: [],
    ...o,
    createdAt: Date.parse(o.createdAt),
    paidAt: o.paidAt ? Date.parse(o.paidAt) : null,
  } as MockOrder;
}

describe('GET /v1/admin/dashboard (mock)', () => {
  it('refuses a guest (401) and a shopper (403) with the error envelope', async () => {
    const guest = await get(null);
    expect(guest.status).toBe(401);
    ErrorBody.parse(await guest.json());
    const shopper = await get(tokenOf('shopper'));
    expect(shopper.status).toBe(403);
    expect(ErrorBody.parse(await shopper.json()).code).toBe('forbidden');
  });

  it('adds up the orders by Nairobi day, as the server does', async () => {
    commerceDb.orders.push(
      order({ total: 1000, createdAt: '2026-03-14T20:58:00Z', paidAt: '2026-03-14T21:00:00Z' }),
      order({ total: 500, createdAt: '2026-03-14T20:57:59Z', paidAt: '2026-03-14T20:59:59Z' }),
      order({ total: 700, createdAt: '2026-03-15T07:00:00Z', status: 'new', paymentStatus: 'needs_review' }),
      order({ total: 300, createdAt: '2026-03-15T08:00:00Z', status: 'new', paymentStatus: 'failed' }),
    );
    const res = await get(tokenOf('admin'));
    expect(res.status).toBe(200);
    const d = envelope(AdminDashboard).parse(await res.json()).data;
    expect(d.today).toBe('2026-03-15');
    expect(d.periods.today).toMatchObject({
      revenue: 1000,
      orders: 1,
      previousRevenue: 500,
      revenueChange: 100,
    });
    expect(d.periods.last7Days).toMatchObject({
      revenue: 1500,
      orders: 2,
      previousRevenue: 0,
      revenueChange: null,
    });
    expect(d.revenueByDay).toHaveLength(30);
    expect(d.revenueByDay!.at(-1)).toEqual({ date: '2026-03-15', revenue: 1000, orders: 1 });
    expect(d.ordersByStatus).toEqual({
      new: 2,
      processing: 0,
      out_for_delivery: 0,
      delivered: 2,
      cancelled: 0,
    });
    expect(d.ordersByPaymentStatus).toMatchObject({ paid: 2, needs_review: 1, failed: 1, pending: 0 });
    const first = mockDb.catalogue.products[0]!;
    expect(d.bestSellers).toEqual([
      { productId: first.id, pid: first.pid, name: first.name, units: 4, revenue: 400 },
    ]);
    expect(d.needsReview.count).toBe(1);
    expect(d.needsReview.orders[0]).toMatchObject({ total: 700, customerName: 'Wanjiku Kamau' });
    expect(d.latestOrders.map((o) => o.total)).toEqual([300, 700, 1000, 500]);
  });

  it('lists live variants low on and out of stock from the catalogue, archived ones left out', async () => {
    const [a, b] = mockDb.catalogue.products;
    for (const p of mockDb.catalogue.products) for (const v of p.variants) v.quantity = 40;
    a!.variants[0]!.quantity = 3;
    b!.variants[0]!.quantity = 0;
    b!.archivedAt = null;
    const gone = mockDb.catalogue.products[2]!;
    gone.variants[0]!.quantity = 1;
    gone.archivedAt = new Date();
    const d = envelope(AdminDashboard).parse(await (await get(tokenOf('admin'))).json()).data;
    expect(d.lowStock).toEqual({
      count: 1,
      variants: [
        {
          productId: a!.id,
          productName: a!.name,
          variantId: a!.variants[0]!.id,
          variantName: a!.variants[0]!.name,
          quantity: 3,
        },
      ],
    });
    expect(d.outOfStock.variants.map((v) => v.variantId)).toEqual([b!.variants[0]!.id]);
  });
});
