import { and, eq, inArray } from 'drizzle-orm';
import type { CheckoutResult, PayOrderBody } from '../../../contract/checkout';
import { retryRefusal } from '../../../contract/checkout-rules';
import { OPEN_ATTEMPT } from '../../../contract/payments';
import { normaliseKenyanPhone } from '../../../contract/phone';
import type { Db } from '../../db/client';
import { orders, paymentAttempts, users } from '../../db/schema';
import type { Config } from '../../lib/http';
import type { AuthUser } from '../../lib/auth/session';
import { badRequest, notFound, refused } from '../../lib/errors';
import { countPrompt, limitUnpaidOrders, openAttempt, type PromptDeps, sendPrompt } from '../payments';
import { reserveOrderStock } from '../stock';
import { orderState } from './service';

/**
 * A new prompt for an order whose payment failed or expired: re-takes the units if they went
 * back, opens a new attempt (never two at once) and sends it.
 */
export async function retryPayment(
  deps: PromptDeps & { env: Config },
  user: AuthUser,
  orderId: string,
  body: PayOrderBody,
): Promise<CheckoutResult> {
  const newPhone = body.phone === undefined ? undefined : normaliseKenyanPhone(body.phone);
  if (newPhone === null) throw badRequest('Enter a Kenyan mobile number such as 0712 345 678.');
  const now = deps.now();
  const opened = await deps.db.transaction(async (tx) => {
    // The shopper's lock first, as checkout takes it: a code's uses per shopper are counted one
    // payment at a time, so a retry and a new order cannot both take the shopper's last use.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
    const order = await lockPayableOrder(tx, user.id, orderId);
    // Units and discount uses together: a sold-out line, an offer that has ended since or a code the
    // shopper has used on another order meanwhile is a 409.
    const phone = newPhone ?? order.phone;
    if (!order.stockReserved) {
      await limitUnpaidOrders(tx, deps.env, user.id, order.id);
      await reserveOrderStock(tx, order.id, { kind: 'retry', now });
    }
    await countPrompt(tx, deps.env, user.id, phone, now);
    const attempt = await openAttempt(tx, deps.env, { orderId: order.id, phone, amount: order.total }, now);
    await tx
      .update(orders)
      .set({ paymentStatus: 'pending', paymentIssue: null, phone, stockReserved: true, updatedAt: now })
      .where(eq(orders.id, order.id));
    return { attempt, number: order.number };
  });
  await sendPrompt(deps, opened.attempt, opened.number);
  return orderState(deps.db, orderId);
}

/** The shopper's order, locked, if a new prompt may be opened for it; else why not (404 or 409). */
async function lockPayableOrder(tx: Db, userId: string, orderId: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for('update');
  if (!order) throw notFound('Order');
  const [open] = await tx
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, order.id), inArray(paymentAttempts.status, [...OPEN_ATTEMPT])));
  const refusal = retryRefusal({ ...order, hasOpenAttempt: open !== undefined });
  if (refusal) throw refused(refusal);
  return order;
}
