import { and, eq } from 'drizzle-orm';
import type { RefundBody } from '../../../contract/admin-orders';
import { orderLabel, refundRefusal } from '../../../contract/fulfilment';
import { amountPaid, refundedSummary } from '../../../contract/order-timeline';
import type { Db } from '../../db/client';
import { orders, paymentAttempts } from '../../db/schema';
import { AppError, isUniqueViolation, notFound, refused } from '../../lib/errors';
import { queueOrderNotices } from '../../lib/order-notices';
import { recordActivity } from '../activity';
import { type Admin, type MoveResult } from './moves';

/** `POST /v1/admin/orders/{orderId}/refund`: records the M-Pesa reversal of a refund that is due. */
export async function refundOrder(db: Db, admin: Admin, orderId: string, body: RefundBody, now = new Date()) {
  const taken = (number: number) =>
    new AppError(
      409,
      'refund_reference_taken',
      `M-Pesa reference ${body.reference} is already recorded for order ${orderLabel(number)}.`,
    );
  try {
    return await db.transaction(async (tx): Promise<MoveResult> => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw notFound('Order');
      const attempts = await tx
        .select({
          status: paymentAttempts.status,
          amount: paymentAttempts.amount,
          paidAmount: paymentAttempts.paidAmount,
        })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, orderId));
      const refusal = refundRefusal(order, body.amount, amountPaid(attempts) || order.total);
      if (refusal) throw refused(refusal);
      const [used] = await tx
        .select({ number: orders.number })
        .from(orders)
        .where(eq(orders.refundReference, body.reference));
      if (used) throw taken(used.number);
      const [payment] = await tx
        .select({ number: orders.number })
        .from(paymentAttempts)
        .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
        .where(eq(paymentAttempts.receipt, body.reference));
      if (payment)
        throw new AppError(
          409,
          'refund_reference_taken',
          `${body.reference} is the M-Pesa receipt of a payment for order ${orderLabel(payment.number)}, not a refund's reference.`,
        );
      await tx
        .update(orders)
        .set({
          refundStatus: 'refunded',
          refundReference: body.reference,
          refundAmount: body.amount,
          refundedAt: now,
          updatedAt: now,
        })
        .where(and(eq(orders.id, orderId), eq(orders.refundStatus, 'due')));
      await recordActivity(tx, admin, {
        entity: 'order',
        entityId: orderId,
        action: 'refunded',
        summary: refundedSummary(body.amount, body.reference),
        at: now,
      });
      await queueOrderNotices(tx, orderId, 'refunded');
      return { mailed: true };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'orders_refund_reference_uq')) {
      const [used] = await db
        .select({ number: orders.number })
        .from(orders)
        .where(eq(orders.refundReference, body.reference));
      if (used) throw taken(used.number);
    }
    throw err;
  }
}
