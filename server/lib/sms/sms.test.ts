import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, smsOutbox, users } from '../../db/schema';
import { queueOrderNotices } from '../order-notices';
import { createTestContext, type TestContext } from '../../test/harness';
import { seedOrder } from '../../test/orders';
import { smsPass, smsRig, type SmsRig } from '../../test/sms';
import type { SmsClient, SmsSendResult } from './africastalking';
import { enqueueSms } from './outbox';

// The SMS outbox end to end over the in-memory simulator: queued with the order's mail in the
// change's transaction, sent once, retried with backoff, settled by delivery reports that only move
// forwards, and a send without an answer never sent again before its report or its hold runs out.

let ctx: TestContext;
let rig: SmsRig;
beforeAll(async () => {
  ctx = await createTestContext();
  rig = smsRig(ctx);
});
afterAll(async () => {
  await rig.close();
  await ctx.close();
});
afterEach(async () => {
  rig.simulator.setBalanceEmpty(false);
  await rig.simulator.settled();
  await ctx.database.db.delete(smsOutbox);
});

const T0 = new Date('2031-03-01T09:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const smsOf = async (orderId: string) =>
  ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.orderId, orderId)).orderBy(smsOutbox.createdAt);
const rowById = async (id: string) =>
  (await ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]!;
const secret = () => ctx.env.SMS_CALLBACK_SECRET;

/** Posts a delivery report as Africa's Talking does (form-encoded). */
const report = (fields: Record<string, string>, s = secret()) =>
  ctx.request(`/api/v1/sms/delivery-reports/${s}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

describe('queueing the notices of an order change', () => {
  it("queues the SMS in the shopper's language to the order's M-Pesa phone, beside the mail", async () => {
    const db = ctx.database.db;
    const order = await seedOrder(db, { phone: '254712000001' });
    await db.update(users).set({ language: 'sw' }).where(eq(users.id, order.userId));
    expect(await queueOrderNotices(db, order.orderId, 'received')).toBe(true);
    const [sms] = await smsOf(order.orderId);
    expect(sms).toMatchObject({
      event: 'received',
      phone: '254712000001',
      language: 'sw',
      status: 'queued',
      attempts: 0,
    });
    expect(sms!.text).toMatch(/^Sokoni: Oda yako SKN\d+ ya KSH 750 imepokelewa/);
    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.to, order.email));
    expect(mail).toHaveLength(1);
  });

  it('sends no SMS to a shopper who turned order updates by SMS off (the mail still goes)', async () => {
    const db = ctx.database.db;
    const order = await seedOrder(db);
    await db.update(users).set({ smsUpdates: false }).where(eq(users.id, order.userId));
    expect(await queueOrderNotices(db, order.orderId, 'paid')).toBe(true);
    expect(await smsOf(order.orderId)).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, order.email))).toHaveLength(1);
  });

  it('tells an erased shopper nothing, and a change that rolls back queues nothing', async () => {
    const db = ctx.database.db;
    const erased = await seedOrder(db);
    await db.update(users).set({ erasedAt: T0 }).where(eq(users.id, erased.userId));
    expect(await queueOrderNotices(db, erased.orderId, 'delivered')).toBe(false);
    expect(await smsOf(erased.orderId)).toEqual([]);

    const order = await seedOrder(db);
    await expect(
      db.transaction(async (tx) => {
        await queueOrderNotices(tx, order.orderId, 'cancelled');
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await smsOf(order.orderId)).toEqual([]);
  });
});

describe('the SMS worker over the simulator', () => {
  it('sends a message once, keeps the gateway id, and the delivery report marks it delivered', async () => {
    const order = await seedOrder(ctx.database.db, { phone: '254712000002' });
    await queueOrderNotices(ctx.database.db, order.orderId, 'paid');
    const before = rig.sends.count;
    expect(await rig.pass(T0)).toBe(1);
    expect(await rig.pass(at(1_000))).toBe(0);
    expect(rig.sends.count - before).toBe(1);
    const [sent] = await smsOf(order.orderId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent!.gatewayMessageId).toMatch(/^ATXid_/);
    await rig.simulator.settled();
    const [delivered] = await smsOf(order.orderId);
    expect(delivered).toMatchObject({ status: 'delivered', gatewayMessageId: sent!.gatewayMessageId });
    expect(delivered!.deliveredAt).not.toBeNull();
  });

  it('marks a message to a phone ending in 09 failed by its delivery report, with the reason', async () => {
    const order = await seedOrder(ctx.database.db, { phone: '254712000009' });
    await queueOrderNotices(ctx.database.db, order.orderId, 'received');
    await rig.pass(T0);
    await rig.simulator.settled();
    const [failed] = await smsOf(order.orderId);
    expect(failed).toMatchObject({
      status: 'failed',
      lastError: 'the network could not deliver it to the phone',
    });
  });

  it('retries with backoff while the balance is empty, then sends once it is topped up', async () => {
    const order = await seedOrder(ctx.database.db);
    await queueOrderNotices(ctx.database.db, order.orderId, 'delivered');
    rig.simulator.setBalanceEmpty(true);
    await rig.pass(T0);
    let [row] = await smsOf(order.orderId);
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringMatching(/no balance left/),
    });
    // 5 s ± 20 %: not due at 3 s, due at 7 s.
    expect(row!.nextAttemptAt.getTime() - T0.getTime()).toBeGreaterThanOrEqual(4_000);
    expect(row!.nextAttemptAt.getTime() - T0.getTime()).toBeLessThanOrEqual(6_000);
    expect(await rig.pass(at(3_000))).toBe(0);
    await rig.pass(at(7_000));
    [row] = await smsOf(order.orderId);
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(row!.nextAttemptAt.getTime() - at(7_000).getTime()).toBeGreaterThanOrEqual(8_000);
    rig.simulator.setBalanceEmpty(false);
    await rig.pass(at(30_000));
    [row] = await smsOf(order.orderId);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('gives up after SMS_MAX_ATTEMPTS, and at once on an invalid number', async () => {
    const order = await seedOrder(ctx.database.db);
    await queueOrderNotices(ctx.database.db, order.orderId, 'delivered');
    rig.simulator.setBalanceEmpty(true);
    for (const s of [0, 60_000, 600_000]) await rig.pass(at(s), { maxAttempts: 3 });
    const [row] = await smsOf(order.orderId);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: expect.stringMatching(/no balance/),
    });

    rig.simulator.setBalanceEmpty(false);
    const other = await seedOrder(ctx.database.db);
    const id = await enqueueSms(ctx.database.db, {
      orderId: other.orderId,
      event: 'paid',
      phone: '254812',
      language: 'en',
      text: 'x',
    });
    await rig.pass(T0);
    expect(await rowById(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'the phone number cannot receive SMS',
    });
  });
});

describe('a send without an answer', () => {
  /** A client that answers `results` in turn and counts its calls. */
  const scripted = (results: SmsSendResult[]) => {
    const calls: string[] = [];
    const client: SmsClient = {
      send: async (phone) => {
        calls.push(phone);
        return results.shift() ?? { outcome: 'unknown', reason: 'script ran out' };
      },
    };
    return { client, calls };
  };
  const pass = (client: SmsClient, now: Date) => smsPass(ctx, client, now);

  it('is settled by the delivery report for its phone, and never sent again', async () => {
    const order = await seedOrder(ctx.database.db, { phone: '254712000010' });
    await queueOrderNotices(ctx.database.db, order.orderId, 'paid');
    const { client, calls } = scripted([
      { outcome: 'unknown', reason: 'no answer from the gateway within 10000 ms' },
    ]);
    await pass(client, T0);
    let [row] = await smsOf(order.orderId);
    expect(row).toMatchObject({ status: 'sending', attempts: 1, gatewayMessageId: null });
    expect(row!.unknownSince).toEqual(T0);
    expect(row!.lastError).toMatch(/^outcome unknown: no answer/);
    // Held: the next passes within SMS_UNKNOWN_WAIT_MS leave it alone.
    expect(await pass(client, at(60_000))).toBe(0);
    expect(await pass(client, at(599_000))).toBe(0);
    // Its report comes, with an id Sokoni never saw: it settles this message and gives it the id.
    expect((await report({ id: 'ATXid_lost', status: 'Success', phoneNumber: '+254712000010' })).status).toBe(
      200,
    );
    [row] = await smsOf(order.orderId);
    expect(row).toMatchObject({ status: 'delivered', gatewayMessageId: 'ATXid_lost', unknownSince: null });
    expect(await pass(client, at(700_000))).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('is sent again only once its hold runs out without a report', async () => {
    const order = await seedOrder(ctx.database.db, { phone: '254712000011' });
    await queueOrderNotices(ctx.database.db, order.orderId, 'paid');
    const { client, calls } = scripted([
      { outcome: 'unknown', reason: 'the connection to the gateway failed: socket hang up' },
      { outcome: 'accepted', messageId: 'ATXid_second', statusCode: 101, cost: 'KES 0.8000' },
    ]);
    await pass(client, T0);
    expect(await pass(client, at(599_999))).toBe(0);
    expect(calls).toHaveLength(1);
    expect(await pass(client, at(600_001))).toBe(1);
    expect(calls).toHaveLength(2);
    const [row] = await smsOf(order.orderId);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 2,
      gatewayMessageId: 'ATXid_second',
      unknownSince: null,
    });
  });

  it('fails, rather than going out again, once it has had its tries', async () => {
    const order = await seedOrder(ctx.database.db);
    await queueOrderNotices(ctx.database.db, order.orderId, 'paid');
    const { client, calls } = scripted([]);
    for (const s of [0, 600_001, 1_200_002]) await pass(client, at(s));
    const [row] = await smsOf(order.orderId);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'outcome unknown: script ran out',
    });
    expect(await pass(client, at(5_000_000))).toBe(0);
    expect(calls).toHaveLength(3);
  });
});

describe('the delivery-report route', () => {
  const sentMessage = async (messageId: string, phone = '254712000020') => {
    const order = await seedOrder(ctx.database.db, { phone });
    const id = await enqueueSms(ctx.database.db, {
      orderId: order.orderId,
      event: 'paid',
      phone,
      language: 'en',
      text: 'x',
    });
    await ctx.database.db
      .update(smsOutbox)
      .set({ status: 'sent', gatewayMessageId: messageId, sentAt: T0 })
      .where(eq(smsOutbox.id, id));
    return id;
  };

  it('answers a wrong secret as a route that does not exist, and changes nothing', async () => {
    const id = await sentMessage('ATXid_secret');
    const res = await report(
      { id: 'ATXid_secret', status: 'Success' },
      'not-the-secret-0123456789abcdefghijkl',
    );
    expect(res.status).toBe(404);
    expect((await rowById(id)).status).toBe('sent');
  });

  it('answers 200 for a message it does not know, and changes nothing', async () => {
    const id = await sentMessage('ATXid_known', '254712000021');
    const res = await report({
      id: 'ATXid_nobody',
      status: 'Failed',
      phoneNumber: '+254712000021',
      failureReason: 'UserDoesNotExist',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await rowById(id)).status).toBe('sent');
  });

  it('never moves a delivered or failed message backwards: replays and late reports change nothing', async () => {
    const id = await sentMessage('ATXid_replay');
    expect((await report({ id: 'ATXid_replay', status: 'Buffered' })).status).toBe(200);
    expect((await rowById(id)).status).toBe('sent');
    await report({
      id: 'ATXid_replay',
      status: 'Success',
      phoneNumber: '+254712000020',
      networkCode: '63902',
    });
    const delivered = await rowById(id);
    expect(delivered.status).toBe('delivered');
    for (const status of ['Success', 'Failed', 'Sent', 'Submitted'])
      expect((await report({ id: 'ATXid_replay', status, failureReason: 'DeliveryFailure' })).status).toBe(
        200,
      );
    expect(await rowById(id)).toEqual(delivered);

    const failed = await sentMessage('ATXid_failed');
    await report({ id: 'ATXid_failed', status: 'AbsentSubscriber' });
    expect(await rowById(failed)).toMatchObject({
      status: 'failed',
      lastError: 'the phone was off or out of reach until the message expired',
    });
    await report({ id: 'ATXid_failed', status: 'Success' });
    expect((await rowById(failed)).status).toBe('failed');
  });

  it('refuses what is not a delivery report with a 400', async () => {
    const res = await report({ status: 'Success' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('the dev SMS outbox', () => {
  it('lists the texts to a phone, newest first, and shows them on the phone page', async () => {
    const db = ctx.database.db;
    const order = await seedOrder(db, { phone: '254712000030' });
    await queueOrderNotices(db, order.orderId, 'received');
    await db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order.orderId));
    await queueOrderNotices(db, order.orderId, 'paid');
    const other = await seedOrder(db, { phone: '254712000031' });
    await queueOrderNotices(db, other.orderId, 'received');
    const res = await ctx.request('/api/dev/sms?to=0712%20000%20030');
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as {
      data: { event: string; to: string; status: string; text: string }[];
    };
    expect(data.map((m) => [m.event, m.to, m.status])).toEqual([
      ['paid', '254712000030', 'queued'],
      ['received', '254712000030', 'queued'],
    ]);
    expect((await ctx.request('/api/dev/sms?to=12345')).status).toBe(400);
    const page = await ctx.request('/api/dev/sms/phone?to=%2B254712000030');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(data[0]!.text);
    expect(html).not.toContain('SKN' + other.number + ' ');
  });

  it('switches the simulator balance from its dev endpoint', async () => {
    const balance = (json: unknown) =>
      ctx.request('/api/dev/africastalking/balance', { method: 'POST', json });
    expect((await balance({ empty: 'yes' })).status).toBe(400);
    const res = await balance({ empty: true });
    expect(await res.json()).toEqual({ data: { empty: true } });
    await balance({ empty: false });
  });
});
