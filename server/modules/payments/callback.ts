import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentAttempts } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { StkCallback } from '../../lib/payments/callback';
import { settleAttempt, type SettleResult } from './settlement';

/** How far back an attempt without a CheckoutRequestID may be matched by phone and amount. */
const ADOPT_WINDOW_MS = 24 * 3_600_000;

/**
 * Applies a schema-checked Daraja callback. The attempt is found by the CheckoutRequestID stored when
 * the push was accepted; a callback for an id we never stored is ignored (logged) unless it is a
 * payment that matches exactly one attempt whose push answer never arrived (a timeout), by phone
 * and amount — so money is not lost because Daraja was slow to answer the push.
 */
export async function applyStkCallback(db: Db, cb: StkCallback, logger: Logger, now = new Date()) {
  const fields = { checkoutRequestId: cb.checkoutRequestId, resultCode: cb.resultCode };
  const stored = async () =>
    (
      await db
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.checkoutRequestId, cb.checkoutRequestId))
    )[0];
  // The callback can overtake the push's answer; if adopting loses to that answer being stored
  // just now, the stored id finds the attempt on the second look.
  const attempt = (await stored()) ?? (await adopt(db, cb, now)) ?? (await stored());
  if (!attempt) {
    logger.warn('mpesa callback for an unknown CheckoutRequestID ignored', {
      ...fields,
      receipt: cb.receipt,
    });
    return { matched: false as const };
  }
  const result: SettleResult = await settleAttempt(
    db,
    attempt.id,
    cb.outcome.status === 'paid'
      ? {
          kind: 'paid',
          source: 'callback',
          amount: cb.amount,
          receipt: cb.receipt,
          resultCode: cb.resultCode,
          resultDesc: cb.resultDesc,
        }
      : { kind: 'failed', issue: cb.outcome.reason, resultCode: cb.resultCode, resultDesc: cb.resultDesc },
    now,
  );
  logger.info('mpesa callback', { ...fields, attemptId: attempt.id, ...result });
  if (cb.resultCode === -1) {
    // A system code rather than a shopper's doing; "The operator does not exist" (SFC_IC0003) is
    // what a paybill/till mix-up has been seen to end in.
    logger.error(
      'mpesa failed the payment with a system code: if it repeats, check MPESA_ACCOUNT_TYPE, MPESA_SHORTCODE and MPESA_TILL_NUMBER',
      { ...fields, attemptId: attempt.id, resultDesc: cb.resultDesc },
    );
  }
  return { matched: true as const, ...result };
}

async function adopt(db: Db, cb: StkCallback, now: Date): Promise<{ id: string } | undefined> {
  if (cb.outcome.status !== 'paid' || cb.amount === undefined || !cb.phone) return undefined;
  const candidates = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(
      and(
        isNull(paymentAttempts.checkoutRequestId),
        eq(paymentAttempts.phone, cb.phone),
        eq(paymentAttempts.amount, cb.amount),
        inArray(paymentAttempts.status, ['pending', 'unknown', 'expired']),
        gt(paymentAttempts.createdAt, new Date(now.getTime() - ADOPT_WINDOW_MS)),
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt))
    .limit(2);
  // Two candidates would be a guess; leave it to the log and the shop.
  if (candidates.length !== 1) return undefined;
  const [claimed] = await db
    .update(paymentAttempts)
    .set({ checkoutRequestId: cb.checkoutRequestId, merchantRequestId: cb.merchantRequestId, updatedAt: now })
    .where(and(eq(paymentAttempts.id, candidates[0]!.id), isNull(paymentAttempts.checkoutRequestId)))
    .returning({ id: paymentAttempts.id });
  return claimed;
}
