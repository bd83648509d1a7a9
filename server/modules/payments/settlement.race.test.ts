import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, paymentAttempts, variants } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { readStkCallback, StkCallbackBody } from '../../lib/payments/callback';
import { createTestContext, raceEngine, recordingDb, type TestContext } from '../../test/harness';
import { mpesaId, seedOrder, type SeedOrderOptions } from '../../test/orders';
import { stkCallback, stockOf } from '../../test/shop';
import { applyStkCallback } from './callback';

// Settling a payment: which statements a callback sends, and that the merged statements (the
// attempt found in the statement that locks its order; the attempt and its order set in one) still
// move each attempt exactly once when the same callback arrives many times at once (see raceEngine).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const logger = createLogger('silent');

/** An order waiting for the payment of its one open prompt (or as `o` says), with the prompt's id. */
async function awaitingPayment(o: SeedOrderOptions = {}) {
  const checkoutRequestId = `ws_CO_${mpesaId()}`;
  const order = await seedOrder(db(), {
    paymentStatus: 'pending',
    stock: 5,
    quantity: 2,
    attempts: [{ status: 'pending', checkoutRequestId }],
    ...o,
  });
  const [attempt] = await db()
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, order.orderId));
  return { ...order, attempt: attempt!, checkoutRequestId };
}

/** An order whose only prompt expired unanswered: the units went back to the shelf. */
const expiredPrompt = () =>
  awaitingPayment({
    paymentStatus: 'expired',
    paymentIssue: 'no_answer',
    attempts: [{ status: 'expired', issue: 'no_answer', checkoutRequestId: `ws_CO_${mpesaId()}` }],
  });

const paidCallback = (checkoutRequestId: string, amount: number, receipt = mpesaId()) =>
  readStkCallback(
    StkCallbackBody.parse(stkCallback(checkoutRequestId, 0, { amount, receipt, phone: '254712345678' })),
  );
const failedCallback = (checkoutRequestId: string) =>
  readStkCallback(StkCallbackBody.parse(stkCallback(checkoutRequestId, 1032)));

const orderRow = async (orderId: string) =>
  (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
const attemptRow = async (id: string) =>
  (await db().select().from(paymentAttempts).where(eq(paymentAttempts.id, id)))[0]!;

/** Sends `times` copies of a callback at once; answers what each applied. */
const all = (times: number, send: () => ReturnType<typeof applyStkCallback>) =>
  Promise.all(Array.from({ length: times }, send));

describe('a paid callback', () => {
  it('is one transaction: the attempt and its locked order in one statement, both set in one more', async () => {
    const o = await awaitingPayment();
    const { db: recorded, statements } = recordingDb(ctx.database);
    const applied = await applyStkCallback(recorded, paidCallback(o.checkoutRequestId, o.total), logger);
    expect(applied).toEqual({
      matched: true,
      changed: true,
      attemptStatus: 'paid',
      orderPaymentStatus: 'paid',
    });
    const settling = ctx.database.kind === 'postgres' ? statements.slice(1) : statements;
    if (ctx.database.kind === 'postgres') {
      expect(statements[0]).toBe('begin');
      expect(statements.at(-1)).toBe('commit');
    }
    expect(settling[0]).toMatch(/from "payment_attempts" inner join "orders" .* for update of "orders"$/);
    expect(settling[1]).toMatch(/^with "moved" as \(update "payment_attempts" .*\) update "orders"/);
    // What follows queues the order's notices; neither the attempt nor the order is written again.
    expect(settling.slice(2).filter((q) => /update "(payment_attempts|orders)"/.test(q))).toEqual([]);

    expect(await attemptRow(o.attempt.id)).toMatchObject({
      status: 'paid',
      issue: null,
      paidAmount: o.total,
    });
    expect(await orderRow(o.orderId)).toMatchObject({ paymentStatus: 'paid', stockReserved: true });
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, o.email))).toHaveLength(1);
  });

  it('for an id never stored changes nothing, in two looks', async () => {
    const { db: recorded, statements } = recordingDb(ctx.database);
    const applied = await applyStkCallback(recorded, failedCallback(`ws_CO_${mpesaId()}`), logger);
    expect(applied).toEqual({ matched: false });
    expect(statements.filter((q) => q !== 'begin' && q !== 'commit')).toHaveLength(2);
  });
});

describe(`settling races (${raceEngine})`, () => {
  it('twenty payments of the wrong amount at once: one review, the units still held', async () => {
    const o = await awaitingPayment();
    const results = await all(20, () => applyStkCallback(db(), paidCallback(o.checkoutRequestId, 1), logger));
    expect(results.filter((r) => r.matched && r.changed)).toEqual([
      { matched: true, changed: true, attemptStatus: 'needs_review', orderPaymentStatus: 'needs_review' },
    ]);
    expect(await attemptRow(o.attempt.id)).toMatchObject({
      status: 'needs_review',
      issue: 'amount_mismatch',
      paidAmount: 1,
    });
    expect(await orderRow(o.orderId)).toMatchObject({
      paymentStatus: 'needs_review',
      paymentIssue: 'amount_mismatch',
      stockReserved: true,
    });
    expect(await stockOf(db(), o.variantId)).toBe(3);
  });

  it('twenty late payments of an expired prompt at once take the units back once', async () => {
    const o = await expiredPrompt();
    const { checkoutRequestId } = o.attempt;
    expect(await stockOf(db(), o.variantId)).toBe(5);
    const results = await all(20, () =>
      applyStkCallback(db(), paidCallback(checkoutRequestId!, o.total, 'LATE123456'), logger),
    );
    expect(results.filter((r) => r.matched && r.changed)).toHaveLength(1);
    expect(await attemptRow(o.attempt.id)).toMatchObject({ status: 'paid', receipt: 'LATE123456' });
    expect(await orderRow(o.orderId)).toMatchObject({ paymentStatus: 'paid', stockReserved: true });
    expect(await stockOf(db(), o.variantId)).toBe(3);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, o.email))).toHaveLength(1);
  });

  it('a late payment the units are gone for: review, in the attempt and the order, nothing taken', async () => {
    const o = await expiredPrompt();
    await db().update(variants).set({ quantity: 1 }).where(eq(variants.id, o.variantId));
    const results = await all(5, () =>
      applyStkCallback(db(), paidCallback(o.attempt.checkoutRequestId!, o.total), logger),
    );
    expect(results.filter((r) => r.matched && r.changed)).toEqual([
      { matched: true, changed: true, attemptStatus: 'needs_review', orderPaymentStatus: 'needs_review' },
    ]);
    expect(await attemptRow(o.attempt.id)).toMatchObject({
      status: 'needs_review',
      issue: 'paid_out_of_stock',
    });
    expect(await orderRow(o.orderId)).toMatchObject({
      paymentStatus: 'needs_review',
      paymentIssue: 'paid_out_of_stock',
      stockReserved: false,
    });
    expect(await stockOf(db(), o.variantId)).toBe(1);
  });

  it('a payment and a failure of the same prompt at once: one of them, all of it', async () => {
    for (let i = 0; i < 5; i++) {
      const o = await awaitingPayment();
      const [paid, failed] = await Promise.all([
        applyStkCallback(db(), paidCallback(o.checkoutRequestId, o.total), logger),
        applyStkCallback(db(), failedCallback(o.checkoutRequestId), logger),
      ]);
      expect([paid, failed].filter((r) => r.matched && r.changed)).toHaveLength(1);
      const order = await orderRow(o.orderId);
      const attempt = await attemptRow(o.attempt.id);
      if (paid.matched && paid.changed) {
        expect(attempt.status).toBe('paid');
        expect(order).toMatchObject({ paymentStatus: 'paid', stockReserved: true });
        expect(await stockOf(db(), o.variantId)).toBe(3);
      } else {
        expect(attempt).toMatchObject({ status: 'failed', issue: 'cancelled' });
        expect(order).toMatchObject({ paymentStatus: 'failed', stockReserved: false });
        expect(await stockOf(db(), o.variantId)).toBe(5);
      }
    }
  });
});
