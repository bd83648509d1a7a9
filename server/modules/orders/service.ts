import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type {
  AttemptStatus,
  CheckoutResult,
  Order,
  OrderList,
  OrderListQuery,
} from '../../../contract/checkout';
import { checkoutResult, orderView, type OrderRecord } from '../../../contract/order-view';
import type { Db } from '../../db/client';
import { orderItems, orders, paymentAttempts } from '../../db/schema';
import { notFound } from '../../lib/errors';

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
  return orderView(
    orderRecord(order),
    items.map((i) => ({ ...i, price: i.unitPrice })),
    attempts.map((a) => ({ ...a, attemptId: a.id })),
  );
}

/** An order and its payment state, as checkout and a payment retry answer. */
export async function orderState(db: Db, orderId: string): Promise<CheckoutResult> {
  const [row] = await db
    .select({
      order: orders,
      // Named in full: drizzle writes a one-table select's columns unqualified, and a bare "id" here
      // would be the attempt's.
      latest: sql<AttemptStatus | null>`(select a.status from ${paymentAttempts} a
        where a.order_id = ${orders}.${sql.identifier(orders.id.name)}
        order by a.created_at desc, a.id desc limit 1)`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) throw notFound('Order');
  return checkoutResult(orderRecord(row.order), row.latest ?? undefined);
}

/** An order row as the shared order view reads it. */
const orderRecord = (o: typeof orders.$inferSelect): OrderRecord => ({
  ...o,
  orderId: o.id,
  delivery: {
    areaId: o.deliveryAreaId,
    areaName: o.deliveryAreaName,
    address: o.address,
    lat: o.lat,
    lng: o.lng,
  },
});
