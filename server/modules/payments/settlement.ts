import { and, eq, inArray } from 'drizzle-orm';
import type { PaymentIssue } from '../../../contract/checkout';
import type { Db } from '../../db/client';
import { orders, paymentAttempts } from '../../db/schema';
import { OPEN_ATTEMPT } from '../../../contract/payments';
import { OfferEndedError, OutOfStockError, releaseOrderStock, reserveOrderStock } from '../stock';
import type { StkQueryResult } from '../../lib/payments/daraja';
import { queueOrderNotices, wakeOrderNotices } from '../../lib/order-notices';

// The payment state machine. Every way a payment attempt ends (callback, STK query, a push that
// could not be sent, expiry) goes through `settleAttempt`, which moves the attempt out of its open
// state with ONE conditional update (`… WHERE status IN (<allowed>)`): of twenty identical callbacks
// arriving at once exactly one gets the row, the others find nothing to change. The order's payment
// and its stock follow in the same transaction.
//
//   attempt: pending|unknown ──paid──────► paid            order: pending ──► paid
//                            ──failed────► failed                  pending ──► failed  (units back)
//                            ──expired───► expired                 pending ──► expired (units back)
//                            ──mismatch──► needs_review            pending ──► needs_review (units kept)
//            expired ──paid (late)──────► paid | needs_review      failed|expired ──► paid (units and discount
//                                                                                  uses re-taken) or needs_review
//                                                                                  (sold out, offer used up)
//   A paid order is never moved again by a payment: a second payment is `duplicate_payment`.
//   Money for an order an admin cancelled (a late payment of an expired prompt) makes it paid with a
//   refund due; its units stay in the shop.

export type Settlement =
  | {
      kind: 'paid';
      /** The callback reports the amount; the STK query does not (the push fixed the amount). */
      source: 'callback' | 'query';
      amount?: number;
      receipt?: string;
      resultCode: number;
      resultDesc: string;
    }
  | { kind: 'failed'; issue: PaymentIssue; resultCode?: number; resultDesc?: string }
  | { kind: 'expired' };

export interface SettleResult {
  /** False when the attempt had already left the states this settlement may move it from. */
  changed: boolean;
  attemptStatus?: (typeof paymentAttempts.$inferSelect)['status'];
  orderPaymentStatus?: (typeof orders.$inferSelect)['paymentStatus'];
}

/** Applies how an attempt ended, exactly once; see the state machine above. */
export async function settleAttempt(
  db: Db,
  attemptId: string,
  s: Settlement,
  now = new Date(),
): Promise<SettleResult> {
  const result = await settle(db, attemptId, s, now);
  if (result.mailed) wakeOrderNotices();
  return {
    changed: result.changed,
    attemptStatus: result.attemptStatus,
    orderPaymentStatus: result.orderPaymentStatus,
  };
}

async function settle(
  db: Db,
  attemptId: string,
  s: Settlement,
  now: Date,
): Promise<SettleResult & { mailed?: boolean }> {
  const [known] = await db
    .select({ orderId: paymentAttempts.orderId, amount: paymentAttempts.amount })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId));
  if (!known) return { changed: false };

  return db.transaction(async (tx) => {
    // Order first, then attempt: the same lock order as a payment retry, so the two cannot deadlock.
    const [order] = await tx.select().from(orders).where(eq(orders.id, known.orderId)).for('update');
    if (!order) return { changed: false };
    const from = s.kind === 'paid' ? [...OPEN_ATTEMPT, 'expired' as const] : [...OPEN_ATTEMPT];
    const base = { completedAt: now, updatedAt: now };
    const gate = (set: Partial<typeof paymentAttempts.$inferInsert>) =>
      tx
        .update(paymentAttempts)
        .set({ ...base, ...set })
        .where(and(eq(paymentAttempts.id, attemptId), inArray(paymentAttempts.status, from)))
        .returning({ id: paymentAttempts.id });
    const setAttempt = (set: Partial<typeof paymentAttempts.$inferInsert>) =>
      tx.update(paymentAttempts).set(set).where(eq(paymentAttempts.id, attemptId));
    const setOrder = (set: Partial<typeof orders.$inferInsert>) =>
      tx
        .update(orders)
        .set({ ...set, updatedAt: now })
        .where(eq(orders.id, order.id));

    if (s.kind === 'failed' || s.kind === 'expired') {
      const issue: PaymentIssue = s.kind === 'failed' ? s.issue : 'no_answer';
      const moved = await gate({
        status: s.kind,
        issue,
        ...(s.kind === 'failed'
          ? { resultCode: s.resultCode ?? null, resultDesc: s.resultDesc ?? null }
          : {}),
      });
      if (!moved.length) return { changed: false };
      // Only the one open attempt can have made the order pending; a paid order stays paid.
      if (order.paymentStatus !== 'pending') {
        return { changed: true, attemptStatus: s.kind, orderPaymentStatus: order.paymentStatus };
      }
      await setOrder({ paymentStatus: s.kind, paymentIssue: issue });
      await releaseOrderStock(tx, order.id);
      return { changed: true, attemptStatus: s.kind, orderPaymentStatus: s.kind };
    }

    const moved = await gate({
      status: 'paid',
      issue: null,
      resultCode: s.resultCode,
      resultDesc: s.resultDesc,
      receipt: s.receipt ?? null,
      paidAmount: s.amount ?? null,
    });
    if (!moved.length) return { changed: false };

    const review = async (issue: PaymentIssue, orderToo: boolean) => {
      await setAttempt({ status: 'needs_review', issue });
      if (orderToo) await setOrder({ paymentStatus: 'needs_review', paymentIssue: issue });
      return {
        changed: true,
        attemptStatus: 'needs_review' as const,
        orderPaymentStatus: orderToo ? ('needs_review' as const) : order.paymentStatus,
      };
    };
    const amountOk = s.source === 'query' || s.amount === known.amount;
    // Money that does not match is never "paid": the shop checks it. The units stay held meanwhile.
    if (!amountOk) return review('amount_mismatch', order.paymentStatus !== 'paid');
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'needs_review') {
      return review('duplicate_payment', false);
    }
    if (order.status === 'cancelled') {
      await setOrder({ paymentStatus: 'paid', paymentIssue: null, paidAt: now, refundStatus: 'due' });
      return { changed: true, attemptStatus: 'paid', orderPaymentStatus: 'paid' };
    }
    if (!order.stockReserved) {
      // Paid after the reservation went back (expired or failed): take the units again if they are there.
      try {
        await reserveOrderStock(tx, order.id, { kind: 'late_payment' });
      } catch (err) {
        if (err instanceof OutOfStockError) return review('paid_out_of_stock', true);
        if (err instanceof OfferEndedError) return review('paid_offer_ended', true);
        throw err;
      }
    }
    await setOrder({ paymentStatus: 'paid', paymentIssue: null, paidAt: now, stockReserved: true });
    await queueOrderNotices(tx, order.id, 'paid');
    return { changed: true, attemptStatus: 'paid', orderPaymentStatus: 'paid', mailed: true };
  });
}

/** What an STK Push Query answer settles: null while the prompt is still open. */
function queryAnswerSettlement(answer: StkQueryResult): Settlement | null {
  if (answer.status !== 'complete') return null;
  return answer.outcome.status === 'paid'
    ? { kind: 'paid', source: 'query', resultCode: answer.resultCode, resultDesc: answer.resultDesc }
    : {
        kind: 'failed',
        issue: answer.outcome.reason,
        resultCode: answer.resultCode,
        resultDesc: answer.resultDesc,
      };
}

/**
 * Applies an STK Push Query answer to its attempt (the reconciler's pass and an admin's check):
 * null when M-Pesa still waits for the shopper, else what settling did.
 */
export async function applyQueryAnswer(
  db: Db,
  attemptId: string,
  answer: StkQueryResult,
  now = new Date(),
): Promise<SettleResult | null> {
  const s = queryAnswerSettlement(answer);
  return s ? settleAttempt(db, attemptId, s, now) : null;
}
