import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type {
  CheckoutResult,
  Order,
  OrderList,
  OrderListQuery,
  PaymentIssue,
} from '../../../contract/checkout';
import { formatKenyanPhone } from '../../../contract/phone';
import type { Db } from '../../db/client';
import { orderItems, orders, paymentAttempts } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { OPEN_ATTEMPT, paymentMessage } from '../payments/settlement';

/** The user's orders, newest first, one page. */
export async function listOrders(db: Db, userId: string, query: OrderListQuery): Promise<OrderList> {
  const mine = eq(orders.userId, userId);
  const [rows, totals] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        number: orders.number,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        total: orders.total,
        createdAt: orders.createdAt,
        // Spelled out with table names: drizzle writes bare column names in a one-table select,
        // and a bare "id" inside the subquery would mean order_items.id.
        itemCount:
          sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = "orders"."id")`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(orders).where(mine),
  ]);
  return {
    data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    meta: { total: totals[0]?.total ?? 0, limit: query.limit, offset: query.offset },
  };
}

/** One of the user's orders with its lines and payment history; another user's is a 404. */
export async function getOrder(db: Db, userId: string, orderId: string): Promise<Order> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound('Order');
  const [items, attempts] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position)),
    db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, orderId))
      .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id)),
  ]);
  const issue = (order.paymentIssue as PaymentIssue | null) ?? null;
  const hasOpen = attempts.some((a) => (OPEN_ATTEMPT as readonly string[]).includes(a.status));
  return {
    orderId: order.id,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentIssue: issue,
    paymentMessage: paymentMessage(order.paymentStatus, issue, attempts[0]?.status),
    canRetryPayment:
      (order.paymentStatus === 'failed' || order.paymentStatus === 'expired') &&
      order.status !== 'cancelled' &&
      !hasOpen,
    items: items.map((i) => ({
      productId: i.productId,
      productPid: i.productPid,
      variantId: i.variantId,
      name: i.name,
      variantName: i.variantName,
      image: i.image,
      price: i.unitPrice,
      quantity: i.quantity,
      totalPrice: i.totalPrice,
    })),
    subtotal: order.subtotal,
    shippingRate: order.shippingRate,
    total: order.total,
    delivery: {
      areaId: order.deliveryAreaId,
      areaName: order.deliveryAreaName,
      address: order.address,
      lat: order.lat,
      lng: order.lng,
    },
    phone: formatKenyanPhone(order.phone),
    payments: attempts.map((a) => ({
      attemptId: a.id,
      status: a.status,
      amount: a.amount,
      phone: formatKenyanPhone(a.phone),
      issue: (a.issue as PaymentIssue | null) ?? null,
      resultCode: a.resultCode,
      resultDesc: a.resultDesc,
      receipt: a.receipt,
      createdAt: a.createdAt.toISOString(),
      completedAt: a.completedAt ? a.completedAt.toISOString() : null,
    })),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
  };
}

/** An order and its payment state, as checkout and a payment retry answer. */
export async function orderState(db: Db, orderId: string): Promise<CheckoutResult> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order');
  const [latest] = await db
    .select({ status: paymentAttempts.status })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(1);
  const issue = (order.paymentIssue as PaymentIssue | null) ?? null;
  return {
    orderId: order.id,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentIssue: issue,
    paymentMessage: paymentMessage(order.paymentStatus, issue, latest?.status),
    total: order.total,
  };
}
