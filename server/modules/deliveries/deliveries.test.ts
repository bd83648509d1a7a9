import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminOrder } from '../../../contract/admin-orders';
import { countRows, envelope } from '../../../contract/common';
import { Delivery } from '../../../contract/deliveries';
import { activityLog, mailOutbox, orders } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { createTestContext, type TestContext } from '../../test/harness';
import { seedOrder } from '../../test/orders';
import { api, shopper, staffMember, type Api } from '../../test/shop';

// A rider's round over the API (PGlite): the deliveries given to them, marking one delivered, and a
// rider kept out of everything else, each refusal logged.

const refusals: Record<string, unknown>[] = [];
const logger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (msg, fields) => void (msg === 'permission refused' && refusals.push(fields ?? {})),
  error: () => undefined,
  child: () => logger,
};

// A controlled clock, running from noon in Nairobi: the round's "today" never turns over mid-test.
const NOON_IN_NAIROBI = new Date('2026-03-10T09:00:00.000Z');

let ctx: TestContext;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOON_IN_NAIROBI, shouldAdvanceTime: true });
  ctx = await createTestContext(undefined, { logger });
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const db = () => ctx.database.db;
const DeliveryList = envelope(countRows(Delivery));
/** Shoppers call their rider: staff here have a phone. */
const RIDER_PHONE = '+254722334455';

/** An order of a fresh shopper, out for delivery with the rider since `minutesAgo`. */
async function givenTo(riderId: string, minutesAgo = 30, o: Parameters<typeof seedOrder>[1] = {}) {
  const order = await seedOrder(db(), { status: 'out_for_delivery', name: 'Wanjiru Kamau', ...o });
  await db()
    .update(orders)
    .set({ riderId, riderAssignedAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(orders.id, order.orderId));
  return order;
}

async function round(call: Api) {
  const res = await call.get('/admin/deliveries');
  expect(res.status).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  return DeliveryList.parse(await res.json()).data;
}

const delivered = (call: Api, orderId: string) => call.post(`/admin/deliveries/${orderId}/delivered`);

describe("a rider's deliveries", () => {
  let rider: Awaited<ReturnType<typeof staffMember>>;
  beforeEach(async () => {
    rider = await staffMember(ctx, 'rider', { name: 'Juma Otieno', phone: RIDER_PHONE });
  });

  it('lists what is given to them, on the road first (longest given first), with what the door needs', async () => {
    const later = await givenTo(rider.id, 5);
    const earlier = await givenTo(rider.id, 50, { phone: '254712000111', address: 'Ngong Road, house 7' });
    const other = await staffMember(ctx, 'rider', { name: 'Other Rider', phone: RIDER_PHONE });
    await givenTo(other.id);
    await seedOrder(db(), { status: 'out_for_delivery' });
    const { rows, count } = await round(rider.call);
    expect(count).toBe(2);
    expect(rows.map((r) => r.orderId)).toEqual([earlier.orderId, later.orderId]);
    expect(rows[0]).toMatchObject({
      number: earlier.number,
      status: 'out_for_delivery',
      customer: { name: 'Wanjiru Kamau', phone: '0712 000 111' },
      deliveryAreaName: 'Westlands',
      address: 'Ngong Road, house 7',
      mapUrl: 'https://www.google.com/maps/search/?api=1&query=-1.2676,36.8108',
      items: [{ name: earlier.product.name, variantName: '1 kg', quantity: 2 }],
      total: earlier.total,
      deliveredAt: null,
    });
  });

  it('marks one delivered: recorded as the rider in the timeline, mailed, and listed after those on the road', async () => {
    const o = await givenTo(rider.id);
    const still = await givenTo(rider.id);
    const res = await delivered(rider.call, o.orderId);
    expect(res.status).toBe(200);
    expect(Delivery.parse((await res.json()).data)).toMatchObject({
      orderId: o.orderId,
      status: 'delivered',
      deliveredAt: expect.any(String),
    });
    const { rows } = await round(rider.call);
    expect(rows.map((r) => [r.orderId, r.status])).toEqual([
      [still.orderId, 'out_for_delivery'],
      [o.orderId, 'delivered'],
    ]);
    const owner = await staffMember(ctx, 'owner', { phone: RIDER_PHONE });
    const order = AdminOrder.parse((await (await owner.call.get(`/admin/orders/${o.orderId}`)).json()).data);
    expect(order.status).toBe('delivered');
    expect(order.timeline.at(-1)).toMatchObject({
      kind: 'status_changed',
      actorName: 'Juma Otieno',
      actorId: rider.id,
      summary: 'Moved from out for delivery to delivered.',
    });
    const mail = await db().select().from(mailOutbox).where(eq(mailOutbox.to, o.email));
    expect(mail.map((m) => m.subject)).toEqual([`Order SKN${o.number} has been delivered`]);
  });

  it('keeps what was delivered before today (Nairobi) off the round', async () => {
    const o = await givenTo(rider.id);
    expect((await delivered(rider.call, o.orderId)).status).toBe(200);
    // Delivered at 23:59 yesterday, Nairobi time.
    await db()
      .update(orders)
      .set({ deliveredAt: new Date('2026-03-09T20:59:00.000Z') })
      .where(eq(orders.id, o.orderId));
    expect((await round(rider.call)).rows).toEqual([]);
  });

  it('keeps an order delivered today on the round when it changes later (a refund recorded)', async () => {
    const o = await givenTo(rider.id);
    expect((await delivered(rider.call, o.orderId)).status).toBe(200);
    const deliveredAt = (await round(rider.call)).rows[0]!.deliveredAt;
    // A later change moves updated_at, here to tomorrow: the delivery keeps its own time.
    await db()
      .update(orders)
      .set({ updatedAt: new Date('2026-03-10T22:00:00.000Z') })
      .where(eq(orders.id, o.orderId));
    expect((await round(rider.call)).rows.map((r) => [r.orderId, r.deliveredAt])).toEqual([
      [o.orderId, deliveredAt],
    ]);
  });

  it('refuses an order of another rider as not found, a bad id, and one no longer on the road with 409', async () => {
    const other = await staffMember(ctx, 'rider', { name: 'Other Rider', phone: RIDER_PHONE });
    const theirs = await givenTo(other.id);
    const notTheirs = await delivered(rider.call, theirs.orderId);
    const unknown = await delivered(rider.call, randomUUID());
    expect([notTheirs.status, unknown.status]).toEqual([404, 404]);
    const [a, b] = [await notTheirs.json(), await unknown.json()];
    // The same words either way: nothing says whether the order exists.
    expect(a.message.replace(/ Correlation ID.*/, '')).toBe(b.message.replace(/ Correlation ID.*/, ''));
    expect((await delivered(rider.call, 'nope')).status).toBe(400);
    // Given to the rider, then to another: gone from the round, and refused the same way.
    const moved = await givenTo(rider.id);
    await db().update(orders).set({ riderId: other.id }).where(eq(orders.id, moved.orderId));
    expect((await delivered(rider.call, moved.orderId)).status).toBe(404);
    expect((await round(rider.call)).rows.map((r) => r.orderId)).not.toContain(moved.orderId);

    const o = await givenTo(rider.id);
    expect((await delivered(rider.call, o.orderId)).status).toBe(200);
    const again = await delivered(rider.call, o.orderId);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: 'illegal_transition',
      message: expect.stringContaining(`Order SKN${o.number} is already delivered.`),
    });
    const cancelled = await givenTo(rider.id, 10, { status: 'cancelled' });
    const gone = await delivered(rider.call, cancelled.orderId);
    expect(gone.status).toBe(409);
    expect((await gone.json()).message).toContain('is cancelled and cannot move on.');
    const log = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, theirs.orderId)));
    expect(log).toEqual([]);
  });

  it('refuses guests (401), shoppers and every office role (403 naming what is missing)', async () => {
    expect((await api(ctx).get('/admin/deliveries')).status).toBe(401);
    const customer = api(ctx, (await shopper(ctx)).token);
    expect((await customer.get('/admin/deliveries')).status).toBe(403);
    for (const role of ['owner', 'manager', 'catalogue', 'fulfilment'] as const) {
      const staff = await staffMember(ctx, role, { phone: RIDER_PHONE });
      const res = await staff.call.get('/admin/deliveries');
      expect(res.status, role).toBe(403);
      expect((await res.json()).message).toContain(
        `Your role (${role}) cannot see and deliver the orders given to them.`,
      );
    }
  });
});

describe('a rider in the office', () => {
  beforeEach(() => {
    refusals.length = 0;
  });

  it('is refused every other screen with 403, and each refusal is logged with who, role, method and path', async () => {
    const rider = await staffMember(ctx, 'rider', { name: 'Juma Otieno', phone: RIDER_PHONE });
    const o = await givenTo(rider.id);
    const attempts = [
      ['GET', '/admin/orders', 'see orders'],
      ['GET', `/admin/orders/${o.orderId}`, 'see orders'],
      ['PATCH', `/admin/orders/${o.orderId}`, 'move orders along'],
      ['GET', '/admin/riders', 'move orders along'],
      ['GET', '/admin/dashboard', 'see the dashboard'],
      ['GET', '/admin/staff', 'manage the staff'],
    ] as const;
    for (const [method, path, what] of attempts) {
      const res =
        method === 'PATCH'
          ? await rider.call.patch(path, { status: 'delivered' })
          : await rider.call.get(path);
      expect(res.status, path).toBe(403);
      expect((await res.json()).message).toContain(`Your role (rider) cannot ${what}.`);
    }
    expect(refusals).toEqual(
      attempts.map(([method, path]) =>
        expect.objectContaining({ userId: rider.id, role: 'rider', method, path: `/api/v1${path}` }),
      ),
    );
    const [row] = await db().select().from(orders).where(eq(orders.id, o.orderId));
    expect(row!.status).toBe('out_for_delivery');
  });

  it('logs a refusal inside a route it may use too: a packer settling a payment or cancelling', async () => {
    const packer = await staffMember(ctx, 'fulfilment', { name: 'Baraka Packer' });
    const o = await seedOrder(db(), { status: 'new', paymentStatus: 'needs_review' });
    const path = `/admin/orders/${o.orderId}`;
    const settle = await packer.call.patch(path, { paymentStatus: 'paid', receipt: 'QK12ABC3DE' });
    const cancel = await packer.call.patch(path, { status: 'cancelled' });
    expect([settle.status, cancel.status]).toEqual([403, 403]);
    expect(refusals).toEqual([
      expect.objectContaining({
        userId: packer.id,
        role: 'fulfilment',
        permission: 'payments.settle',
        method: 'PATCH',
      }),
      expect.objectContaining({
        userId: packer.id,
        role: 'fulfilment',
        permission: 'orders.cancel',
        method: 'PATCH',
      }),
    ]);
  });
});
