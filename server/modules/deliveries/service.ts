import { and, asc, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Delivery } from '../../../contract/deliveries';
import { mapUrl } from '../../../contract/deliveries';
import { nairobiDate, nairobiDayStart } from '../../../contract/nairobi-time';
import { formatKenyanPhone } from '../../../contract/phone';
import type { Db } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import { notFound } from '../../lib/errors';

// A rider's round: the orders given to them, with what they need at the door.

/** The rider's orders out for delivery (the longest given first), then those delivered today (latest first). */
export async function listDeliveries(
  db: Db,
  riderId: string,
  now = new Date(),
): Promise<{ count: number; rows: Delivery[] }> {
  const today = nairobiDayStart(nairobiDate(now));
  const rows = await deliveries(
    db,
    and(
      eq(orders.riderId, riderId),
      or(
        eq(orders.status, 'out_for_delivery'),
        and(eq(orders.status, 'delivered'), gte(orders.deliveredAt, today)),
      ),
    ),
  );
  return { count: rows.length, rows };
}

/** One order of the rider's round, as it is now; not found unless it is given to them. */
export async function deliveryOf(db: Db, riderId: string, orderId: string): Promise<Delivery> {
  const [row] = await deliveries(db, and(eq(orders.riderId, riderId), eq(orders.id, orderId)));
  if (!row) throw notFound('Order');
  return row;
}

async function deliveries(db: Db, where: ReturnType<typeof and>): Promise<Delivery[]> {
  const rows = await db
    .select({ order: orders, name: users.name, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(
      sql`${orders.status} <> 'out_for_delivery'`,
      sql`case when ${orders.status} = 'out_for_delivery' then ${orders.riderAssignedAt} end asc`,
      desc(orders.deliveredAt),
      asc(orders.number),
    );
  if (!rows.length) return [];
  const items = await db
    .select({
      orderId: orderItems.orderId,
      name: orderItems.name,
      variantName: orderItems.variantName,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(orderItems.position));
  return rows.map(({ order: o, name, email }) => ({
    orderId: o.id,
    number: o.number,
    status: o.status,
    customer: { name: name || email, phone: formatKenyanPhone(o.phone) },
    deliveryAreaName: o.deliveryAreaName,
    address: o.address,
    lat: o.lat,
    lng: o.lng,
    mapUrl: mapUrl(o.lat, o.lng),
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({ name: i.name, variantName: i.variantName, quantity: i.quantity })),
    total: o.total,
    assignedAt: (o.riderAssignedAt ?? o.updatedAt).toISOString(),
    deliveredAt: o.status === 'delivered' ? (o.deliveredAt?.toISOString() ?? null) : null,
  }));
}
