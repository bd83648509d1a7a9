import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminOrderList, AdminOrderListQuery, AdminOrderSummary } from '../../../contract/admin-orders';
import { csvHeaderLine, csvRow } from '../../../contract/order-csv';
import { formatKenyanPhone, phoneSearchKey } from '../../../contract/phone';
import { nairobiDate, nairobiDayStart } from '../../../contract/nairobi-time';
import type { Db } from '../../db/client';
import { orders, users } from '../../db/schema';
import { likeAnywhere } from '../../lib/like';

// The back office's orders list and its CSV.

// ── The list ──────────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;

/** `q`: an order number (`1042`, `SKN1042`), part of the shopper's email, or a phone in any Kenyan form. */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const any: SQL[] = [ilike(users.email, likeAnywhere(text))];
  const number = /^(?:skn)?\s*(\d{1,9})$/i.exec(text);
  if (number) any.push(eq(orders.number, Number(number[1])));
  const phone = phoneSearchKey(text);
  if (phone) any.push(eq(orders.phone, phone));
  return or(...any);
}

function listWhere(q: AdminOrderListQuery): SQL | undefined {
  return and(
    q.paymentStatus ? eq(orders.paymentStatus, q.paymentStatus) : undefined,
    q.status ? eq(orders.status, q.status) : undefined,
    q.from ? gte(orders.createdAt, nairobiDayStart(q.from)) : undefined,
    q.to ? lt(orders.createdAt, new Date(nairobiDayStart(q.to).getTime() + DAY_MS)) : undefined,
    q.q ? searchCondition(q.q) : undefined,
  );
}

const summaryColumns = {
  orderId: orders.id,
  number: orders.number,
  userId: users.id,
  name: users.name,
  email: users.email,
  accountPhone: users.phone,
  phone: orders.phone,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentIssue: orders.paymentIssue,
  refundStatus: orders.refundStatus,
  subtotal: orders.subtotal,
  shippingRate: orders.shippingRate,
  total: orders.total,
  deliveryAreaName: orders.deliveryAreaName,
  promoCode: orders.promoCode,
  promoSaving: orders.promoSaving,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  // Spelled out with table names: a bare "id" inside the subquery would mean order_items.id.
  itemCount:
    sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = "orders"."id")`.mapWith(
      Number,
    ),
};

export const phoneOrNull = (p: string | null) => (p ? formatKenyanPhone(p) : null);

const toSummary = (r: SummaryRow): AdminOrderSummary => ({
  orderId: r.orderId,
  number: r.number,
  customer: { userId: r.userId, name: r.name, email: r.email, phone: phoneOrNull(r.accountPhone) },
  phone: formatKenyanPhone(r.phone),
  status: r.status,
  paymentStatus: r.paymentStatus,
  paymentIssue: r.paymentIssue,
  refundStatus: r.refundStatus,
  total: r.total,
  itemCount: r.itemCount,
  deliveryAreaName: r.deliveryAreaName,
  createdAt: r.createdAt.toISOString(),
  paidAt: r.paidAt ? r.paidAt.toISOString() : null,
});

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function selectSummaries(db: Db, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** One page of orders, newest first, with the filters of `AdminOrderListQuery`. */
export async function listAdminOrders(db: Db, query: AdminOrderListQuery): Promise<AdminOrderList> {
  const where = listWhere(query);
  const [rows, totals] = await Promise.all([
    selectSummaries(db, where).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return {
    data: rows.map(toSummary),
    meta: { total: totals[0]?.total ?? 0, limit: query.limit, offset: query.offset },
  };
}

// ── CSV ───────────────────────────────────────────────────────────────────────────────────────────

const CSV_BATCH = 1_000;

/** The whole filtered list as CSV (paging ignored), newest first, CRLF line ends. */
export async function adminOrdersCsv(db: Db, query: AdminOrderListQuery): Promise<string> {
  const where = listWhere(query);
  const lines = [csvHeaderLine()];
  for (let offset = 0; ; offset += CSV_BATCH) {
    const rows = await selectSummaries(db, where).limit(CSV_BATCH).offset(offset);
    for (const r of rows) lines.push(csvRow({ ...r, phone: formatKenyanPhone(r.phone) }));
    if (rows.length < CSV_BATCH) break;
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `sokoni-orders-YYYY-MM-DD.csv`, today's Nairobi date. */
export const csvFilename = (now: Date) => `sokoni-orders-${nairobiDate(now)}.csv`;
