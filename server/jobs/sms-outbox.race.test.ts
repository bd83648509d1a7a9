import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../db/schema';
import type { SmsClient } from '../lib/sms/africastalking';
import { applyDeliveryReport, enqueueSms } from '../lib/sms/outbox';
import { createTestContext, raceEngine, type TestContext } from '../test/harness';
import { seedOrder } from '../test/orders';
import { smsPass } from '../test/sms';

// Races (see raceEngine): SMS workers of several instances claiming the same due messages, and a
// delivery report racing the worker that holds a message whose send had no answer.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const T0 = new Date('2031-03-01T09:00:00Z');

/** One pass of an SMS worker over this file's database, its clock stopped at `at`. */
const smsWorker = (client: SmsClient, at: Date, o: { batch?: number } = {}) => smsPass(ctx, client, at, o);

describe(`SMS outbox races (${raceEngine})`, () => {
  it('lets three workers side by side send each due message exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const db = ctx.database.db;
    const order = await seedOrder(db);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        await enqueueSms(db, {
          orderId: order.orderId,
          event: 'paid',
          phone: '254712345678',
          language: 'en',
          text: `m${i}`,
        }),
      );
    const sent: string[] = [];
    let n = 0;
    const client: SmsClient = {
      send: async (_phone, text) => {
        sent.push(text);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { outcome: 'accepted', messageId: `ATXid_${++n}_${text}`, statusCode: 101, cost: null };
      },
    };
    const worker = () => smsWorker(client, T0, { batch: 4 });
    // Each drains until nothing is left, as the runner does after a full batch.
    const drain = async () => {
      while ((await worker()) > 0);
    };
    await Promise.all([drain(), drain(), drain()]);
    expect(sent.sort()).toEqual(ids.map((_, i) => `m${i}`).sort());
    const rows = await db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('settles a message whose send had no answer once, whether the report or the hold comes first', async () => {
    const db = ctx.database.db;
    const order = await seedOrder(db);
    const id = await enqueueSms(db, {
      orderId: order.orderId,
      event: 'paid',
      phone: '254712000099',
      language: 'en',
      text: 'x',
    });
    await db
      .update(smsOutbox)
      .set({ status: 'sending', attempts: 1, unknownSince: T0, lockedUntil: new Date(T0.getTime() + 1) })
      .where(eq(smsOutbox.id, id));
    const calls: string[] = [];
    const client: SmsClient = {
      send: async () => {
        calls.push('send');
        return { outcome: 'accepted', messageId: 'ATXid_resent', statusCode: 101, cost: null };
      },
    };
    const later = new Date(T0.getTime() + 1_000);
    const [reported] = await Promise.all([
      applyDeliveryReport(
        db,
        { messageId: 'ATXid_first', phone: '254712000099', outcome: { final: 'delivered' } },
        later,
      ),
      smsWorker(client, later),
    ]);
    const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
    if (reported === 'delivered') {
      // The report won: either the worker never claimed it, or its answer found the message settled.
      expect(row).toMatchObject({ status: 'delivered', gatewayMessageId: 'ATXid_first' });
      expect(calls.length).toBeLessThanOrEqual(1);
    } else {
      // The worker claimed it first (the report's SKIP LOCKED passed it by): it went out once more.
      expect(reported).toBe('unknown');
      expect(row).toMatchObject({ status: 'sent', gatewayMessageId: 'ATXid_resent' });
      expect(calls).toHaveLength(1);
    }
  });

  it('records each answer before the next send: a report finds its message, a dead worker resends only the unsent', async () => {
    const db = ctx.database.db;
    await db.delete(smsOutbox);
    const order = await seedOrder(db);
    const phone = '254712000077';
    for (let i = 0; i < 5; i++)
      await enqueueSms(db, { orderId: order.orderId, event: 'paid', phone, language: 'en', text: `b${i}` });
    const sent: string[] = [];
    const reports: string[] = [];
    const client: SmsClient = {
      send: async (_phone, text) => {
        // The report of the message before comes while this one is being sent.
        const previous = sent.at(-1);
        if (previous) {
          reports.push(
            await applyDeliveryReport(
              db,
              { messageId: `ATXid_${previous}`, phone, outcome: { final: 'delivered' } },
              T0,
            ),
          );
        }
        // The worker dies during its fourth send.
        if (sent.length === 3) await new Promise(() => undefined);
        sent.push(text);
        return { outcome: 'accepted', messageId: `ATXid_${text}`, statusCode: 101, cost: null };
      },
    };
    const worker = (at: Date) => smsWorker(client, at);
    void worker(T0);
    await expect.poll(() => reports.length).toBe(3);
    expect(reports).toEqual(['delivered', 'delivered', 'delivered']);
    const statusOf = async () =>
      Object.fromEntries((await db.select().from(smsOutbox)).map((r) => [r.text, r.status]));
    await expect
      .poll(statusOf)
      .toEqual(
        Object.fromEntries(
          ['b0', 'b1', 'b2', 'b3', 'b4'].map((t) => [t, sent.includes(t) ? 'delivered' : 'sending']),
        ),
      );
    const unsent = ['b0', 'b1', 'b2', 'b3', 'b4'].filter((t) => !sent.includes(t));
    expect(unsent).toHaveLength(2);

    // Once the dead worker's hold runs out, another sends only the two it never sent.
    sent.length = 0;
    reports.length = 0;
    expect(await worker(new Date(T0.getTime() + 600_001))).toBe(2);
    expect(sent.sort()).toEqual(unsent.sort());
  });
});
