import { and, eq, exists, inArray } from 'drizzle-orm';
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
// arriving at once exactly one gets the row, the others find nothing to change. The order, locked
// before, has its payment set by that same statement (only if the attempt moved: a CTE, one round
// trip less for the server in a rush), and its stock follows in the same transaction.
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

/** Which attempt a settlement is for: its id, or the CheckoutRequestID Daraja knows it by. */
export type AttemptKey = { attemptId: string } | { checkoutRequestId: string };

/** Applies how an attempt ended, exactly once; see the state machine above. */
export async function settleAttempt(
  db: Db,
  attemptId: string,
  s: Settlement,
  now = new Date(),
): Promise<SettleResult> {
  return (await settleKnown(db, { attemptId }, s, now)) ?? { changed: false };
}

/** `settleAttempt` for an attempt named either way: undefined when there is no such attempt. */
export async function settleKnown(
  db: Db,
  key: AttemptKey,
  s: Settlement,
  now = new Date(),
): Promise<(SettleResult & { attemptId: string }) | undefined> {
  const result = await settle(db, key, s, now);
  if (result?.mailed) wakeOrderNotices();
  return (
    result && {
      attemptId: result.attemptId,
      changed: result.changed,
      attemptStatus: result.attemptStatus,
      orderPaymentStatus: result.orderPaymentStatus,
    }
  );
}

async function settle(
  db: Db,
  key: AttemptKey,
  s: Settlement,
  now: Date,
): Promise<(SettleResult & { attemptId: string; mailed?: boolean }) | undefined> {
  return db.transaction(async (tx) => {
    // Order first, then attempt: the same lock order as a payment retry, so the two cannot deadlock.
    // The attempt is found in the statement that locks its order (its order and amount never change).
    const [found] = await tx
      .select({ order: orders, attemptId: paymentAttempts.id, amount: paymentAttempts.amount })
      .from(paymentAttempts)
      .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
      .where(
        'attemptId' in key
          ? eq(paymentAttempts.id, key.attemptId)
          : eq(paymentAttempts.checkoutRequestId, key.checkoutRequestId),
      )
      .for('update', { of: orders });
    if (!found) return undefined;
    const { order, attemptId } = found;
    const from = s.kind === 'paid' ? [...OPEN_ATTEMPT, 'expired' as const] : [...OPEN_ATTEMPT];
    /**
     * Sets the attempt and, in the same statement (a data-modifying CTE), its order. `gated`: only
     * an attempt still in a state this settlement may move it from, and the order only if it was;
     * answers whether the attempt was set.
     */
    const write = async (
      attemptSet: Partial<typeof paymentAttempts.$inferInsert>,
      orderSet?: Partial<typeof orders.$inferInsert>,
      gated = true,
    ) => {
      const attempt = tx
        .update(paymentAttempts)
        .set({ completedAt: now, updatedAt: now, ...attemptSet })
        .where(
          gated
            ? and(eq(paymentAttempts.id, attemptId), inArray(paymentAttempts.status, from))
            : eq(paymentAttempts.id, attemptId),
        )
        .returning({ id: paymentAttempts.id });
      if (!orderSet) return (await attempt).length > 0;
      const moved = tx.$with('moved').as(attempt);
      const set = await tx
        .with(moved)
        .update(orders)
        .set({ ...orderSet, updatedAt: now })
        .where(and(eq(orders.id, order.id), exists(tx.select({ id: moved.id }).from(moved))))
        .returning({ id: orders.id });
      return set.length > 0;
    };

    if (s.kind === 'failed' || s.kind === 'expired') {
      const issue: PaymentIssue = s.kind === 'failed' ? s.issue : 'no_answer';
      // Only the one open attempt can have made the order pending; a paid order stays paid.
      const orderToo = order.paymentStatus === 'pending';
      const moved = await write(
        {
          status: s.kind,
          issue,
          ...(s.kind === 'failed'
            ? { resultCode: s.resultCode ?? null, resultDesc: s.resultDesc ?? null }
            : {}),
        },
        orderToo ? { paymentStatus: s.kind, paymentIssue: issue } : undefined,
      );
      if (!moved) return { attemptId, changed: false };
      if (!orderToo) {
        return { attemptId, changed: true, attemptStatus: s.kind, orderPaymentStatus: order.paymentStatus };
      }
      await releaseOrderStock(tx, order.id);
      return { attemptId, changed: true, attemptStatus: s.kind, orderPaymentStatus: s.kind };
    }

    const paid = {
      status: 'paid' as const,
      issue: null,
      resultCode: s.resultCode,
      resultDesc: s.resultDesc,
      receipt: s.receipt ?? null,
      paidAmount: s.amount ?? null,
    };
    /** The payment is kept on the attempt for the shop to check (`gated` false: already moved). */
    const review = async (issue: PaymentIssue, orderToo: boolean, gated = true) => {
      const moved = await write(
        { ...paid, status: 'needs_review', issue },
        orderToo ? { paymentStatus: 'needs_review', paymentIssue: issue } : undefined,
        gated,
      );
      if (!moved) return { attemptId, changed: false };
      return {
        attemptId,
        changed: true,
        attemptStatus: 'needs_review' as const,
        orderPaymentStatus: orderToo ? ('needs_review' as const) : order.paymentStatus,
      };
    };
    const amountOk = s.source === 'query' || s.amount === found.amount;
    // Money that does not match is never "paid": the shop checks it. The units stay held meanwhile.
    if (!amountOk) return review('amount_mismatch', order.paymentStatus !== 'paid');
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'needs_review') {
      return review('duplicate_payment', false);
    }
    if (order.status === 'cancelled') {
      const moved = await write(paid, {
        paymentStatus: 'paid',
        paymentIssue: null,
        paidAt: now,
        refundStatus: 'due',
      });
      if (!moved) return { attemptId, changed: false };
      return { attemptId, changed: true, attemptStatus: 'paid', orderPaymentStatus: 'paid' };
    }
    const paidOrder = {
      paymentStatus: 'paid' as const,
      paymentIssue: null,
      paidAt: now,
      stockReserved: true,
    };
    if (!order.stockReserved) {
      // Paid after the reservation went back (expired or failed): take the units again if they are
      // there. The attempt moves first, so a second payment of it reserves nothing.
      if (!(await write(paid))) return { attemptId, changed: false };
      try {
        await reserveOrderStock(tx, order.id, { kind: 'late_payment' });
      } catch (err) {
        if (err instanceof OutOfStockError) return review('paid_out_of_stock', true, false);
        if (err instanceof OfferEndedError) return review('paid_offer_ended', true, false);
        throw err;
      }
      await tx
        .update(orders)
        .set({ ...paidOrder, updatedAt: now })
        .where(eq(orders.id, order.id));
    } else if (!(await write(paid, paidOrder))) {
      return { attemptId, changed: false };
    }
    await queueOrderNotices(tx, order.id, 'paid');
    return { attemptId, changed: true, attemptStatus: 'paid', orderPaymentStatus: 'paid', mailed: true };
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
