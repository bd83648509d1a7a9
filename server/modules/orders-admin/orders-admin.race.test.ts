import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, mailOutbox, orders } from '../../db/schema';
import { createTestContext, raceEngine, type TestContext } from '../../test/harness';
import { mpesaId, seedOrder } from '../../test/orders';
import { api, shopper, stockOf, type Api } from '../../test/shop';

// Two admins changing one order at once: one wins, the other is told the order's status now, and
// the units go back once.

let ctx: TestContext;
let first: Api;
let second: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  first = api(ctx, (await shopper(ctx, 'admin')).token);
  second = api(ctx, (await shopper(ctx, 'admin')).token);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const entries = (orderId: string) => db().select().from(activityLog).where(eq(activityLog.entityId, orderId));

describe(`two admins at once (${raceEngine})`, () => {
  it('two cancels: one 200, one 409 saying it is cancelled, the stock returned once', async () => {
    const o = await seedOrder(db(), { status: 'processing', stock: 10, quantity: 4 });
    expect(await stockOf(db(), o.variantId)).toBe(6);
    const answers = await Promise.all(
      [first, second].map((a) => a.patch(`/admin/orders/${o.orderId}`, { status: 'cancelled' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = await answers.find((r) => r.status === 409)!.json();
    expect(loser.code).toBe('illegal_transition');
    expect(loser.message).toContain(`Order SKN${o.number} is already cancelled.`);
    expect(await stockOf(db(), o.variantId)).toBe(10);
    expect((await entries(o.orderId)).map((e) => e.action)).toEqual(['cancelled']);
    const mail = await db().select().from(mailOutbox).where(eq(mailOutbox.to, o.email));
    expect(mail).toHaveLength(1);
    const [row] = await db().select().from(orders).where(eq(orders.id, o.orderId));
    expect(row).toMatchObject({ status: 'cancelled', refundStatus: 'due', stockReserved: false });
  });

  it('a delivery and a cancel of one order on its way: one wins, the other learns what happened', async () => {
    const o = await seedOrder(db(), { status: 'out_for_delivery', stock: 5, quantity: 1 });
    const answers = await Promise.all([
      first.patch(`/admin/orders/${o.orderId}`, { status: 'delivered' }),
      second.patch(`/admin/orders/${o.orderId}`, { status: 'cancelled' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await db().select().from(orders).where(eq(orders.id, o.orderId));
    const loser = await answers.find((r) => r.status === 409)!.json();
    if (row!.status === 'delivered') {
      expect(loser.message).toContain('is delivered and can no longer be cancelled.');
      expect(await stockOf(db(), o.variantId)).toBe(4);
    } else {
      expect(row!.status).toBe('cancelled');
      expect(loser.message).toContain('is cancelled and cannot move on.');
      expect(await stockOf(db(), o.variantId)).toBe(5);
    }
    expect(await entries(o.orderId)).toHaveLength(1);
  });

  it('the same step twice: one moves it, the other is told it is already there', async () => {
    const o = await seedOrder(db());
    const answers = await Promise.all(
      [first, second].map((a) => a.patch(`/admin/orders/${o.orderId}`, { status: 'processing' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await answers.find((r) => r.status === 409)!.json()).message).toContain('is already processing.');
    expect(await entries(o.orderId)).toHaveLength(1);
  });

  it('one receipt marked on two orders at once: one 200, one 409 naming the order that has it', async () => {
    const receipt = mpesaId();
    const [x, y] = await Promise.all(
      [0, 1].map(() => seedOrder(db(), { paymentStatus: 'expired', paymentIssue: 'no_answer', stock: 5 })),
    );
    const answers = await Promise.all([
      first.patch(`/admin/orders/${x!.orderId}`, { paymentStatus: 'paid', receipt }),
      second.patch(`/admin/orders/${y!.orderId}`, { paymentStatus: 'paid', receipt }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? x! : y!;
    const loser = answers[0]!.status === 200 ? answers[1]! : answers[0]!;
    const body = await loser.json();
    expect(body.code).toBe('receipt_taken');
    expect(body.message).toContain(`is already recorded for order SKN${winner.number}.`);
  });
});
