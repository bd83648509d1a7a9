import { and, asc, desc, eq } from 'drizzle-orm';
import type { AdminOrder } from '../../../contract/admin-orders';
import { allowedNextStatus, mayCancel } from '../../../contract/fulfilment';
import { orderView } from '../../../contract/order-view';
import { orderTimeline } from '../../../contract/order-timeline';
import type { Db } from '../../db/client';
import { activityLog, orderItems, orders, paymentAttempts, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { phoneOrNull } from './list';
import { riderOf } from './riders';
import { smsOfOrders } from '../../lib/sms/outbox';
import { formatKenyanPhone } from '../../../contract/phone';

// One order for the back office, with its timeline.

// ── One order ─────────────────────────────────────────────────────────────────────────────────────

/** The order with its lines, every payment attempt, refund, the moves allowed now and its timeline. */
export async function getAdminOrder(db: Db, orderId: string): Promise<AdminOrder> {
  const [row] = await db
    .select({
      order: orders,
      user: { id: users.id, name: users.name, email: users.email, phone: users.phone },
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound('Order');
  const { order, user } = row;
  const [items, attempts, activity, rider, sms] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position)),
    db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, orderId))
      .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id)),
    db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'order'), eq(activityLog.entityId, orderId)))
      .orderBy(asc(activityLog.createdAt), asc(activityLog.id)),
    riderOf(db, order.riderId),
    smsOfOrders(db, [orderId]),
  ]);
  const view = orderView(
    {
      ...order,
      orderId: order.id,
      delivery: {
        areaId: order.deliveryAreaId,
        areaName: order.deliveryAreaName,
        address: order.address,
        lat: order.lat,
        lng: order.lng,
      },
    },
    items.map((i) => ({ ...i, price: i.unitPrice })),
    attempts.map((a) => ({ ...a, attemptId: a.id })),
  );
  const customer = { userId: user.id, name: user.name, email: user.email, phone: phoneOrNull(user.phone) };
  return {
    ...view,
    customer,
    payments: view.payments.map((p, i) => ({
      ...p,
      merchantRequestId: attempts[i]!.merchantRequestId,
      checkoutRequestId: attempts[i]!.checkoutRequestId,
    })),
    refund: order.refundStatus
      ? {
          status: order.refundStatus,
          reference: order.refundReference,
          amount: order.refundAmount,
          refundedAt: order.refundedAt ? order.refundedAt.toISOString() : null,
        }
      : null,
    timeline: orderTimeline(
      {
        number: order.number,
        total: order.total,
        itemCount: items.reduce((n, i) => n + i.quantity, 0),
        createdAt: order.createdAt,
        paidAt: order.paidAt,
        refundStatus: order.refundStatus,
        customer,
      },
      attempts,
      activity.map((e) => ({ ...e, at: e.createdAt })),
    ),
    sms: sms.map((m) => ({
      smsId: m.id,
      event: m.event,
      phone: formatKenyanPhone(m.phone),
      status: m.status,
      reason: m.lastError,
      attempts: m.attempts,
      queuedAt: m.createdAt.toISOString(),
      sentAt: m.sentAt ? m.sentAt.toISOString() : null,
      deliveredAt: m.deliveredAt ? m.deliveredAt.toISOString() : null,
    })),
    rider,
    riderAssignedAt: order.riderAssignedAt ? order.riderAssignedAt.toISOString() : null,
    nextStatus: allowedNextStatus(order),
    canCancel: mayCancel(order),
  };
}
