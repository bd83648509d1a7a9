import { and, desc, eq, sql } from 'drizzle-orm';
import { orderLabel } from '../../../contract/fulfilment';
import { paymentCheckedSummary } from '../../../contract/order-timeline';
import type { Db } from '../../db/client';
import { orders, paymentAttempts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { DarajaClient } from '../../lib/payments/daraja';
import { DarajaError } from '../../lib/payments/daraja-errors';
import { recordActivity } from '../activity';
import { applyQueryAnswer } from '../payments';
import { type Admin, type MoveResult, readOrder } from './moves';

// Asking M-Pesa what became of an order's payment.

// ── Asking M-Pesa ─────────────────────────────────────────────────────────────────────────────────

/** M-Pesa failing or out of reach: the check changed nothing. */
function darajaRefusal(err: DarajaError): AppError {
  const down = err.kind === 'unavailable' || err.kind === 'timeout';
  return new AppError(
    down ? 503 : 502,
    down ? 'mpesa_unavailable' : 'mpesa_error',
    down
      ? 'M-Pesa could not be reached to check the payment. Nothing was changed; try again in a minute.'
      : 'M-Pesa answered the payment check with an error. Nothing was changed; try again later, or check the M-Pesa statement.',
  );
}

/**
 * Asks M-Pesa (STK Push Query) how the order's latest prompt ended, applies the answer as the
 * reconciler would (a paid answer for an expired prompt makes the order paid) and records the check.
 */
export async function checkOrderPayment(
  db: Db,
  daraja: Pick<DarajaClient, 'stkQuery'>,
  admin: Admin,
  orderId: string,
  now: () => Date = () => new Date(),
): Promise<MoveResult> {
  const order = await readOrder(db, orderId);
  const [attempt] = await db
    .select({ id: paymentAttempts.id, checkoutRequestId: paymentAttempts.checkoutRequestId })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), sql`${paymentAttempts.checkoutRequestId} is not null`))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(1);
  if (!attempt?.checkoutRequestId)
    throw new AppError(
      409,
      'no_prompt',
      `No M-Pesa prompt of order ${orderLabel(order.number)} reached M-Pesa, so there is nothing to ask it about.`,
    );
  let answer;
  try {
    answer = await daraja.stkQuery(attempt.checkoutRequestId);
  } catch (err) {
    if (err instanceof DarajaError) throw darajaRefusal(err);
    throw err;
  }
  const at = now();
  return db.transaction(async (tx) => {
    const settled = await applyQueryAnswer(tx, attempt.id, answer, at);
    const [after] = await tx
      .select({ paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId));
    await recordActivity(tx, admin, {
      entity: 'order',
      entityId: orderId,
      action: 'payment_checked',
      summary: paymentCheckedSummary(
        answer.status === 'pending'
          ? { pending: true }
          : { pending: false, resultCode: answer.resultCode, resultDesc: answer.resultDesc },
        Boolean(settled?.changed),
      ),
      at,
    });
    return { mailed: after?.paymentStatus === 'paid' && order.paymentStatus !== 'paid' };
  });
}
