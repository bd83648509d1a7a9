import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  blockRefusal,
  CONFIRM_EMAIL_MESSAGE,
  CUSTOMER_ORDERS_SHOWN,
  emailConfirmed,
  ERASED_NAME,
  ERASED_TEXT,
  erasedEmail,
  ALREADY_ERASED_MESSAGE,
  type CustomerAddress,
  type CustomerDetail,
  type CustomerExport,
  type CustomerList,
  type CustomerListQuery,
  type CustomerSummary,
} from '../../../contract/admin-customers';
import {
  formatKenyanPhone,
  kenyanPhoneForms,
  normaliseKenyanPhone,
  phoneSearchKey,
} from '../../../contract/phone';
import type { Db } from '../../db/client';
import {
  activityLog,
  cartItems,
  cartMerges,
  cartWrites,
  deliveryAreas,
  mailOutbox,
  smsOutbox,
  orderItems,
  orders,
  otpChallenges,
  paymentAttempts,
  products,
  savedItems,
  users,
} from '../../db/schema';
import type { AuthUser } from '../../lib/auth/middleware';
import { revokeUserSessions } from '../../lib/auth/session';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { recordActivity } from '../activity';
import { likeAnywhere } from '../../lib/like';

// The back office's customers: shoppers (users of type customer), what they bought and where it went,
// blocking their checkout, and their rights to a copy of their data and to its erasure.

type Actor = Pick<AuthUser, 'id' | 'name' | 'email'>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
/** A profile phone as people write it: formatted when it is a Kenyan mobile, else as typed. */
const phoneView = (p: string | null) => (p ? formatKenyanPhone(normaliseKenyanPhone(p) ?? p) : null);

const isCustomer = eq(users.type, 'customer');

/** `q`: part of the name or email, or a phone in any Kenyan form (the profile's or an order's). */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const like = likeAnywhere(text);
  const any: SQL[] = [ilike(users.name, like), ilike(users.email, like)];
  const phone = phoneSearchKey(text);
  if (phone) {
    // The profile keeps the phone as typed: compared without its spaces and dashes.
    any.push(inArray(sql`regexp_replace(${users.phone}, '[\\s-]', '', 'g')`, kenyanPhoneForms(phone)));
    any.push(
      sql`exists (select 1 from ${orders} where ${orders.userId} = ${users.id} and ${orders.phone} = ${phone})`,
    );
  }
  return or(...any);
}

// Spelled out with the table name: inside the subqueries a bare column would mean the orders'.
const summaryColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  blockedAt: users.blockedAt,
  erasedAt: users.erasedAt,
  createdAt: users.createdAt,
  ordersCount: sql<number>`(select count(*) from orders o where o.user_id = "users"."id")`.mapWith(Number),
  totalPaid:
    sql<number>`(select coalesce(sum(o.total), 0) from orders o where o.user_id = "users"."id" and o.payment_status = 'paid')`.mapWith(
      Number,
    ),
  lastOrderAt: sql<string | null>`(select max(o.created_at) from orders o where o.user_id = "users"."id")`,
};

type SummaryRow = {
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  blockedAt: Date | null;
  erasedAt: Date | null;
  createdAt: Date;
  ordersCount: number;
  totalPaid: number;
  lastOrderAt: string | Date | null;
};

const toSummary = (r: SummaryRow): CustomerSummary => ({
  userId: r.userId,
  name: r.name,
  email: r.email,
  phone: phoneView(r.phone),
  blocked: r.blockedAt !== null,
  erased: r.erasedAt !== null,
  ordersCount: r.ordersCount,
  totalPaid: r.totalPaid,
  lastOrderAt: iso(r.lastOrderAt),
  createdAt: r.createdAt.toISOString(),
});

/** One page of shoppers, newest accounts first. */
export async function listCustomers(db: Db, query: CustomerListQuery): Promise<CustomerList> {
  const where = and(isCustomer, query.q ? searchCondition(query.q) : undefined);
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    data: rows.map(toSummary),
    meta: { total: totals[0]?.total ?? 0, limit: query.limit, offset: query.offset },
  };
}

/** The distinct places the customer's orders went to, the most recently used first. */
async function addressesOf(db: Db, userId: string): Promise<CustomerAddress[]> {
  const rows = await db
    .select({
      address: orders.address,
      areaName: orders.deliveryAreaName,
      orders: count(),
      lastUsedAt: sql<string | Date>`max(${orders.createdAt})`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .groupBy(orders.address, orders.deliveryAreaName)
    .orderBy(sql`max(${orders.createdAt}) desc`, orders.address);
  return rows.map((r) => ({ ...r, lastUsedAt: iso(r.lastUsedAt)! }));
}

/** One shopper's page; a staff account, or no account, is a 404. */
export async function getCustomer(db: Db, customerId: string): Promise<CustomerDetail> {
  const [row] = await db
    .select({
      ...summaryColumns,
      country: users.country,
      blockedReason: users.blockedReason,
      savedItemsCount:
        sql<number>`(select count(*) from saved_items s where s.user_id = "users"."id")`.mapWith(Number),
    })
    .from(users)
    .where(and(eq(users.id, customerId), isCustomer));
  if (!row) throw notFound('The customer');
  const [addresses, recent] = await Promise.all([
    addressesOf(db, customerId),
    db
      .select({
        orderId: orders.id,
        number: orders.number,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        total: orders.total,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.userId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(CUSTOMER_ORDERS_SHOWN),
  ]);
  return {
    ...toSummary(row),
    country: row.country,
    blockedAt: iso(row.blockedAt),
    blockedReason: row.blockedReason,
    erasedAt: iso(row.erasedAt),
    addresses,
    orders: recent.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    savedItemsCount: row.savedItemsCount,
  };
}

/** The customer's row, locked until the transaction ends (a block, an erasure and a checkout queue here). */
async function lockCustomer(tx: Db, customerId: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, customerId), isCustomer))
    .for('update');
  if (!row) throw notFound('The customer');
  return row;
}

/**
 * Blocks (with a reason) or unblocks the customer's checkout. Blocking ends their sessions; their
 * orders stay. Two staff doing it at once are decided one after the other: the second gets a 409.
 */
export async function setCustomerBlocked(
  db: Db,
  actor: Actor,
  customerId: string,
  block: { reason: string } | null,
  now = new Date(),
): Promise<CustomerDetail> {
  await db.transaction(async (tx) => {
    const row = await lockCustomer(tx, customerId);
    const refusal = blockRefusal({ blocked: row.blockedAt !== null, erased: row.erasedAt !== null }, !!block);
    if (refusal) throw new AppError(409, refusal.code, refusal.message);
    await tx
      .update(users)
      .set({ blockedAt: block ? now : null, blockedReason: block?.reason ?? null, updatedAt: now })
      .where(eq(users.id, customerId));
    if (block) await revokeUserSessions(tx, customerId, now);
    await recordActivity(tx, actor, {
      entity: 'customer',
      entityId: customerId,
      action: block ? 'blocked' : 'unblocked',
      summary: block?.reason ?? '',
    });
  });
  return getCustomer(db, customerId);
}

/** Everything the shop holds on the customer, as the file the export hands over; the export is logged. */
export async function exportCustomer(
  db: Db,
  actor: Actor,
  customerId: string,
  now = new Date(),
): Promise<CustomerExport> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, customerId), isCustomer));
  if (!user) throw notFound('The customer');
  const [addresses, orderRows, saved] = await Promise.all([
    addressesOf(db, customerId),
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, customerId))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({ productId: savedItems.productId, name: products.name, savedAt: savedItems.createdAt })
      .from(savedItems)
      .innerJoin(products, eq(products.id, savedItems.productId))
      .where(eq(savedItems.userId, customerId))
      .orderBy(desc(savedItems.createdAt)),
  ]);
  const ids = orderRows.map((o) => o.id);
  const [items, attempts] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .orderBy(asc(orderItems.position)),
        db
          .select()
          .from(paymentAttempts)
          .where(inArray(paymentAttempts.orderId, ids))
          .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id)),
      ])
    : [[], []];
  await recordActivity(db, actor, { entity: 'customer', entityId: customerId, action: 'exported' });
  return {
    exportedAt: now.toISOString(),
    profile: {
      userId: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      country: user.country,
      createdAt: user.createdAt.toISOString(),
      blockedAt: iso(user.blockedAt),
      blockedReason: user.blockedReason,
      erasedAt: iso(user.erasedAt),
    },
    addresses,
    orders: orderRows.map((o) => ({
      orderId: o.id,
      number: o.number,
      status: o.status,
      paymentStatus: o.paymentStatus,
      subtotal: o.subtotal,
      shippingRate: o.shippingRate,
      total: o.total,
      phone: o.phone,
      delivery: { areaName: o.deliveryAreaName, address: o.address, lat: o.lat, lng: o.lng },
      createdAt: o.createdAt.toISOString(),
      paidAt: iso(o.paidAt),
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          name: i.name,
          variantName: i.variantName,
          unitPrice: i.unitPrice,
          quantity: i.quantity,
          totalPrice: i.totalPrice,
        })),
      payments: attempts
        .filter((a) => a.orderId === o.id)
        .map((a) => ({
          status: a.status,
          amount: a.amount,
          phone: a.phone,
          receipt: a.receipt,
          resultDesc: a.resultDesc,
          createdAt: a.createdAt.toISOString(),
          completedAt: iso(a.completedAt),
        })),
    })),
    savedItems: saved.map((s) => ({ ...s, savedAt: s.savedAt.toISOString() })),
  };
}

/**
 * Erases the customer's personal data in one transaction, under the lock a checkout takes too: an
 * order placed just before is anonymised with the others, and a checkout just after is refused. The
 * orders and payments stay for the books, with the delivery area and the amounts; addresses and
 * phones become "Erased" and each pin the area's centre (0, 0 without an area). The account cannot
 * sign in again: no password, sessions ended, and sign-in refuses an erased account.
 */
export async function eraseCustomer(
  db: Db,
  actor: Actor,
  customerId: string,
  confirmEmail: string,
  now = new Date(),
): Promise<CustomerDetail> {
  await db.transaction(async (tx) => {
    const row = await lockCustomer(tx, customerId);
    if (row.erasedAt) throw new AppError(409, 'already_erased', ALREADY_ERASED_MESSAGE);
    if (!emailConfirmed(confirmEmail, row.email))
      throw badRequest(CONFIRM_EMAIL_MESSAGE, [
        { path: 'confirmEmail', message: "is not the customer's email" },
      ]);
    await tx
      .update(users)
      .set({
        name: ERASED_NAME,
        email: erasedEmail(customerId),
        phone: null,
        country: null,
        passwordHash: null,
        blockedAt: null,
        blockedReason: null,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, customerId));
    await tx
      .update(orders)
      .set({
        address: ERASED_TEXT,
        phone: ERASED_TEXT,
        lat: sql`coalesce((select ${deliveryAreas.lat} from ${deliveryAreas} where ${deliveryAreas.id} = ${orders.deliveryAreaId}), 0)`,
        lng: sql`coalesce((select ${deliveryAreas.lng} from ${deliveryAreas} where ${deliveryAreas.id} = ${orders.deliveryAreaId}), 0)`,
        updatedAt: now,
      })
      .where(eq(orders.userId, customerId));
    await tx
      .update(paymentAttempts)
      .set({ phone: ERASED_TEXT })
      .where(
        inArray(
          paymentAttempts.orderId,
          tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, customerId)),
        ),
      );
    await tx.delete(cartItems).where(eq(cartItems.userId, customerId));
    await tx.delete(cartMerges).where(eq(cartMerges.userId, customerId));
    await tx.delete(cartWrites).where(eq(cartWrites.userId, customerId));
    await tx.delete(savedItems).where(eq(savedItems.userId, customerId));
    const email = row.email.toLowerCase();
    await tx
      .delete(otpChallenges)
      .where(or(eq(otpChallenges.userId, customerId), eq(otpChallenges.email, email)));
    await tx.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, email));
    // The texts to the orders' phones, sent or not, go with the phones.
    await tx
      .delete(smsOutbox)
      .where(
        inArray(
          smsOutbox.orderId,
          tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, customerId)),
        ),
      );
    await revokeUserSessions(tx, customerId, now);
    // A block's reason is staff's words about the person: the log keeps who did what, not why.
    await tx
      .update(activityLog)
      .set({ summary: '' })
      .where(and(eq(activityLog.entity, 'customer'), eq(activityLog.entityId, customerId)));
    await recordActivity(tx, actor, { entity: 'customer', entityId: customerId, action: 'erased' });
  });
  return getCustomer(db, customerId);
}
