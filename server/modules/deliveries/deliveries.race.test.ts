import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, mailOutbox, orders } from '../../db/schema';
import { createTestContext, raceEngine, type TestContext } from '../../test/harness';
import { seedOrder } from '../../test/orders';
import { api, shopper, staffMember, type Api } from '../../test/shop';

// A delivery marked while someone else acts on the same order. On PostgreSQL too (vitest.config.ts,
// server-pg): there the transactions really overlap, and the conditional write decides them.

let ctx: TestContext;
let office: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  office = api(ctx, (await shopper(ctx, 'admin')).token);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const entries = (orderId: string) => db().select().from(activityLog).where(eq(activityLog.entityId, orderId));

async function onTheRoadWith(riderId: string) {
  const o = await seedOrder(db(), { status: 'processing' });
  const res = await office.patch(`/admin/orders/${o.orderId}`, { status: 'out_for_delivery', riderId });
  expect(res.status).toBe(200);
  return o;
}

describe(`a delivery marked while the order changes hands (${raceEngine})`, () => {
  it('a rider marking an order given meanwhile to another: either it was still theirs, or it is not found', async () => {
    const juma = await staffMember(ctx, 'rider', { name: 'Juma Rider' });
    const achieng = await staffMember(ctx, 'rider', { name: 'Achieng Rider' });
    const o = await onTheRoadWith(juma.id);
    const [marked, moved] = await Promise.all([
      juma.call.post(`/admin/deliveries/${o.orderId}/delivered`),
      office.patch(`/admin/orders/${o.orderId}`, { riderId: achieng.id }),
    ]);
    const [row] = await db().select().from(orders).where(eq(orders.id, o.orderId));
    if (marked.status === 200) {
      // Delivered first: the order can no longer change hands.
      expect(moved.status).toBe(409);
      expect((await moved.json()).message).toContain('is delivered: only an order out for delivery');
      expect(row).toMatchObject({ status: 'delivered', riderId: juma.id });
    } else {
      // Given to Achieng first: Juma's order is gone from his round, not a 403 that says it exists.
      expect([marked.status, moved.status]).toEqual([404, 200]);
      expect(row).toMatchObject({ status: 'out_for_delivery', riderId: achieng.id });
      const after = await juma.call.post(`/admin/deliveries/${o.orderId}/delivered`);
      expect(after.status).toBe(404);
    }
    // Out for delivery with its rider, then exactly one more entry: the delivery or the new rider.
    expect((await entries(o.orderId)).map((e) => e.action).sort()).toEqual(
      marked.status === 200
        ? ['rider_assigned', 'status_changed', 'status_changed']
        : ['rider_assigned', 'rider_assigned', 'status_changed'],
    );
  });

  it('the same delivery marked twice at once: one 200, one 409 saying it is delivered, mailed once', async () => {
    const juma = await staffMember(ctx, 'rider', { name: 'Juma Twice' });
    const o = await onTheRoadWith(juma.id);
    const answers = await Promise.all(
      [0, 1].map(() => juma.call.post(`/admin/deliveries/${o.orderId}/delivered`)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = await answers.find((r) => r.status === 409)!.json();
    expect(loser).toMatchObject({ code: 'illegal_transition' });
    expect(loser.message).toContain(`Order SKN${o.number} is already delivered.`);
    const mail = await db().select().from(mailOutbox).where(eq(mailOutbox.to, o.email));
    expect(mail.map((m) => m.subject)).toEqual([
      `Order SKN${o.number} is on its way`,
      `Order SKN${o.number} has been delivered`,
    ]);
  });

  it('a rider and the office marking it delivered at once: one 200, one 409', async () => {
    const juma = await staffMember(ctx, 'rider', { name: 'Juma Office' });
    const o = await onTheRoadWith(juma.id);
    const answers = await Promise.all([
      juma.call.post(`/admin/deliveries/${o.orderId}/delivered`),
      office.patch(`/admin/orders/${o.orderId}`, { status: 'delivered' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const moves = (await entries(o.orderId)).filter(
      (e) => e.summary === 'Moved from out for delivery to delivered.',
    );
    expect(moves).toHaveLength(1);
  });
});
