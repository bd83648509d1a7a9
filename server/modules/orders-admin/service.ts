import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminOrder,
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderPatch,
  AdminOrderSummary,
  RefundBody,
} from '../../../contract/admin-orders';
import type { OrderStatus } from '../../../contract/checkout';
import {
  allowedNextStatus,
  markPaidRefusal,
  mayCancel,
  orderLabel,
  PAYMENT_STATUS_LABELS,
  refundRefusal,
  transitionRefusal,
} from '../../../contract/fulfilment';
import { csvHeaderLine, csvRow } from '../../../contract/order-csv';
import { orderView } from '../../../contract/order-view';
import { ORDER_HINT } from '../../../contract/stock';
import {
  amountPaid,
  cancelledSummary,
  markedPaidSummary,
  orderTimeline,
  paymentCheckedSummary,
  refundedSummary,
  statusChangedSummary,
} from '../../../contract/order-timeline';
import { formatKenyanPhone, normaliseKenyanPhone } from '../../../contract/phone';
import { nairobiDate, nairobiDayStart } from '../../../contract/nairobi-time';
import type { Db } from '../../db/client';
import { activityLog, orderItems, orders, paymentAttempts, users } from '../../db/schema';
import type { AuthUser } from '../../lib/auth/middleware';
import { AppError, notFound, refused } from '../../lib/errors';
import { queueOrderMail, type OrderMailEvent } from '../../lib/mail/order-mail';
import type { DarajaClient } from '../../lib/payments/daraja';
import { DarajaError } from '../../lib/payments/daraja-errors';
import { recordActivity } from '../activity';
import { applyQueryAnswer } from '../payments';
import { OfferEndedError, OutOfStockError, releaseOrderStock, reserveOrderStock } from '../stock';

// The back office's orders: the list (and its CSV), one order with its timeline, and the moves an
// admin makes. Each move is one transaction with its activity entry and the shopper's mail; the
// rules (what may move where) are contract/fulfilment.ts, shared with the mocks.

type Admin = Pick<AuthUser, 'id' | 'name' | 'email'>;
type OrderRow = typeof orders.$inferSelect;

// ── The list ──────────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `q`: an order number (`1042`, `SKN1042`), part of the shopper's email, or a phone in any Kenyan form. */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const any: SQL[] = [ilike(users.email, `%${escapeLike(text)}%`)];
  const number = /^(?:skn)?\s*(\d{1,9})$/i.exec(text);
  if (number) any.push(eq(orders.number, Number(number[1])));
  const compact = text.replace(/[\s-]/g, '');
  const phone =
    normaliseKenyanPhone(compact) ??
    (/^[71]\d{8}$/.test(compact) ? normaliseKenyanPhone(`0${compact}`) : null);
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
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  // Spelled out with table names: a bare "id" inside the subquery would mean order_items.id.
  itemCount:
    sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = "orders"."id")`.mapWith(
      Number,
    ),
};

const phoneOrNull = (p: string | null) => (p ? formatKenyanPhone(p) : null);

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
  const [items, attempts, activity] = await Promise.all([
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
    nextStatus: allowedNextStatus(order),
    canCancel: mayCancel(order),
  };
}

// ── Moves ─────────────────────────────────────────────────────────────────────────────────────────

/** Whether a move has mail to send once its transaction commits. */
export interface MoveResult {
  mailed: boolean;
}

/** `PATCH /v1/admin/orders/{orderId}`: a fulfilment step or a cancel, or a payment settled by hand. */
export function patchAdminOrder(
  db: Db,
  admin: Admin,
  orderId: string,
  patch: AdminOrderPatch,
  now = new Date(),
): Promise<MoveResult> {
  return 'status' in patch
    ? moveOrder(db, admin, orderId, patch.status, now)
    : markPaid(db, admin, orderId, patch.receipt, now);
}

const MOVE_MAIL: Partial<Record<OrderStatus, OrderMailEvent>> = {
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

async function readOrder(db: Db, orderId: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order');
  return order;
}

/**
 * One step forward, or a cancel. The write is conditional on the status and payment the rules were
 * checked against: of two admins at once, the second finds the row changed and is told what it is now
 * (or, when the move is still allowed from there, e.g. a cancel after a step forward, it goes through).
 */
async function moveOrder(
  db: Db,
  admin: Admin,
  orderId: string,
  to: OrderStatus,
  now: Date,
): Promise<MoveResult> {
  for (let tries = 0; ; tries++) {
    const done = await db.transaction(async (tx) => {
      const order = await readOrder(tx, orderId);
      const refusal = transitionRefusal(order, to);
      if (refusal) throw refused(refusal);
      const cancelling = to === 'cancelled';
      // Money arrived (paid, or held for review): the shopper is owed it back.
      const refundDue =
        cancelling && (order.paymentStatus === 'paid' || order.paymentStatus === 'needs_review');
      const moved = await tx
        .update(orders)
        .set({
          status: to,
          updatedAt: now,
          ...(refundDue ? { refundStatus: 'due' as const } : {}),
          // A cancelled review is closed: it leaves the queue, its issue stays to say why.
          ...(cancelling && order.paymentStatus === 'needs_review'
            ? { paymentStatus: 'failed' as const }
            : {}),
        })
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.status, order.status),
            eq(orders.paymentStatus, order.paymentStatus),
          ),
        )
        .returning({ id: orders.id });
      if (!moved.length) return false;
      const returned = cancelling ? await releaseOrderStock(tx, orderId) : false;
      await recordActivity(tx, admin, {
        entity: 'order',
        entityId: orderId,
        action: cancelling ? 'cancelled' : 'status_changed',
        summary: cancelling
          ? cancelledSummary(order.status, refundDue, returned)
          : statusChangedSummary(order.status, to),
        at: now,
      });
      const event = MOVE_MAIL[to];
      if (event) await queueOrderMail(tx, orderId, event);
      return { mailed: event !== undefined };
    });
    if (done) return done;
    // Lost a race: the next pass reads the order as it is now and refuses with its status, or goes on.
    if (tries >= 2) {
      const order = await readOrder(db, orderId);
      throw refused(
        transitionRefusal(order, to) ?? {
          status: 409,
          code: 'illegal_transition',
          message: `Order ${orderLabel(order.number)} is changing right now; reload it and try again.`,
        },
      );
    }
  }
}

/** Whether `err` (or its cause) is PostgreSQL's unique violation of `constraint`. */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (
    let e = err as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
  ) {
    if (e.code === '23505' && (e.constraint === constraint || String(e.message).includes(constraint)))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

async function receiptHolder(db: Db, receipt: string) {
  const [held] = await db
    .select({ orderId: orders.id, number: orders.number })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(eq(paymentAttempts.receipt, receipt));
  return held;
}

const receiptTaken = (receipt: string, number: number) =>
  new AppError(
    409,
    'receipt_taken',
    `M-Pesa receipt ${receipt} is already recorded for order ${orderLabel(number)}.`,
  );

/**
 * Settles a payment by hand with the M-Pesa receipt staff found: a payment that needs review, or one
 * that failed or expired although the money arrived. The receipt is kept on the attempt M-Pesa
 * reported it with, or on an attempt recorded by hand (never on two orders: a unique index); the
 * units are taken again if they had gone back, or it is refused while they are not in stock.
 */
async function markPaid(
  db: Db,
  admin: Admin,
  orderId: string,
  receipt: string,
  now: Date,
): Promise<MoveResult> {
  try {
    return await db.transaction(async (tx) => {
      // Locked like a settlement (order first), so a callback arriving now waits for this and then
      // finds the order paid.
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw notFound('Order');
      const refusal = markPaidRefusal(order);
      if (refusal) throw refused(refusal);
      const held = await receiptHolder(tx, receipt);
      if (held && held.orderId !== orderId) throw receiptTaken(receipt, held.number);
      if (!held) {
        await tx.insert(paymentAttempts).values({
          orderId,
          phone: order.phone,
          amount: order.total,
          status: 'paid',
          receipt,
          resultDesc: `Recorded by ${admin.name || admin.email}`,
          nextCheckAt: now,
          expiresAt: now,
          completedAt: now,
          createdAt: now,
          updatedAt: now,
        });
      }
      if (!order.stockReserved) {
        try {
          await reserveOrderStock(tx, orderId, { kind: 'late_payment' });
        } catch (err) {
          if (err instanceof OfferEndedError) {
            throw new AppError(
              409,
              'offer_ended',
              `Order ${orderLabel(order.number)} cannot be marked paid yet: its items had gone back to stock and the offer it was priced with has run out since. Raise the offer's limit, or cancel the order and refund the shopper.`,
            );
          }
          if (!(err instanceof OutOfStockError)) throw err;
          throw new AppError(
            409,
            'out_of_stock',
            `Order ${orderLabel(order.number)} cannot be marked paid yet: its items had gone back to stock. ${err.message.replace(ORDER_HINT, '').trim()} Restock it, or cancel the order and refund the shopper.`,
          );
        }
      }
      await tx
        .update(orders)
        .set({ paymentStatus: 'paid', paymentIssue: null, paidAt: now, stockReserved: true, updatedAt: now })
        .where(eq(orders.id, orderId));
      await recordActivity(tx, admin, {
        entity: 'order',
        entityId: orderId,
        action: 'marked_paid',
        summary: markedPaidSummary(receipt, PAYMENT_STATUS_LABELS[order.paymentStatus].toLowerCase()),
        at: now,
      });
      await queueOrderMail(tx, orderId, 'paid');
      return { mailed: true };
    });
  } catch (err) {
    // Two admins recording one receipt on two orders at once: the index lets one through.
    if (isUniqueViolation(err, 'payment_attempts_receipt_uq')) {
      const held = await receiptHolder(db, receipt);
      if (held) throw receiptTaken(receipt, held.number);
    }
    throw err;
  }
}

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
      await queueOrderMail(tx, orderId, 'refunded');
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
