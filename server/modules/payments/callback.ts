import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentAttempts } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { StkCallback } from '../../lib/payments/callback';
import { settleKnown, type Settlement } from './settlement';

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
  const settlement: Settlement =
    cb.outcome.status === 'paid'
      ? {
          kind: 'paid',
          source: 'callback',
          amount: cb.amount,
          receipt: cb.receipt,
          resultCode: cb.resultCode,
          resultDesc: cb.resultDesc,
        }
      : { kind: 'failed', issue: cb.outcome.reason, resultCode: cb.resultCode, resultDesc: cb.resultDesc };
  const byStoredId = () => settleKnown(db, { checkoutRequestId: cb.checkoutRequestId }, settlement, now);
  let result = await byStoredId();
  if (!result) {
    // The callback can overtake the push's answer: an attempt adopted here, or whose stored id that
    // answer wrote just now (adopting lost to it), is found by the stored id on the second look.
    await adopt(db, cb, now);
    result = await byStoredId();
  }
  if (!result) {
    logger.warn('mpesa callback for an unknown CheckoutRequestID ignored', {
      ...fields,
      receipt: cb.receipt,
    });
    return { matched: false as const };
  }
  const { attemptId, ...settled } = result;
  logger.info('mpesa callback', { ...fields, attemptId, ...settled });
  if (cb.resultCode === -1) {
    // A system code rather than a shopper's doing; "The operator does not exist" (SFC_IC0003) is
    // what a paybill/till mix-up has been seen to end in.
    logger.error(
      'mpesa failed the payment with a system code: if it repeats, check MPESA_ACCOUNT_TYPE, MPESA_SHORTCODE and MPESA_TILL_NUMBER',
      { ...fields, attemptId, resultDesc: cb.resultDesc },
    );
  }
  return { matched: true as const, ...settled };
}

/** Gives the callback's CheckoutRequestID to the one attempt it can only be, if there is one. */
async function adopt(db: Db, cb: StkCallback, now: Date): Promise<void> {
  if (cb.outcome.status !== 'paid' || cb.amount === undefined || !cb.phone) return;
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
  if (candidates.length !== 1) return;
  await db
    .update(paymentAttempts)
    .set({ checkoutRequestId: cb.checkoutRequestId, merchantRequestId: cb.merchantRequestId, updatedAt: now })
    .where(and(eq(paymentAttempts.id, candidates[0]!.id), isNull(paymentAttempts.checkoutRequestId)));
}
