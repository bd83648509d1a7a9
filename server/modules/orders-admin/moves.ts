import { and, eq, isNull } from 'drizzle-orm';
import type { AdminOrderPatch } from '../../../contract/admin-orders';
import type { OrderStatus } from '../../../contract/checkout';
import {
  markPaidRefusal,
  orderLabel,
  PAYMENT_STATUS_LABELS,
  riderChangeRefusal,
  transitionRefusal,
} from '../../../contract/fulfilment';
import { NOT_A_RIDER } from '../../../contract/deliveries';
import { ORDER_HINT } from '../../../contract/stock';
import {
  cancelledSummary,
  markedPaidSummary,
  riderAssignedSummary,
  statusChangedSummary,
} from '../../../contract/order-timeline';
import type { Db } from '../../db/client';
import { orders, paymentAttempts, users } from '../../db/schema';
import type { AuthUser } from '../../lib/auth/middleware';
import { AppError, invalid, isUniqueViolation, notFound, refused } from '../../lib/errors';
import { queueOrderNotices } from '../../lib/order-notices';
import type { OrderNoticeEvent } from '../../../contract/sms';
import { recordActivity } from '../activity';
import { OfferEndedError, OutOfStockError, releaseOrderStock, reserveOrderStock } from '../stock';

// An admin's moves on an order: status changes, cancelling and marking paid.

export type Admin = Pick<AuthUser, 'id' | 'name' | 'email'>;
type OrderRow = typeof orders.$inferSelect;

// ── Moves ─────────────────────────────────────────────────────────────────────────────────────────

/** Whether a move has mail to send once its transaction commits. */
export interface MoveResult {
  mailed: boolean;
}

/** `PATCH /v1/admin/orders/{orderId}`: a fulfilment step or a cancel, a new rider, or a payment settled by hand. */
export function patchAdminOrder(
  db: Db,
  admin: Admin,
  orderId: string,
  patch: AdminOrderPatch,
  now = new Date(),
): Promise<MoveResult> {
  if ('paymentStatus' in patch) return markPaid(db, admin, orderId, patch.receipt, now);
  if ('status' in patch) return moveOrder(db, admin, orderId, patch.status, now, { riderId: patch.riderId });
  return changeRider(db, admin, orderId, patch.riderId, now);
}

/**
 * A rider marks an order of theirs delivered: the same step as staff take, recorded as the rider's,
 * and only while the order is still theirs. An order given to someone else (or none) is not found,
 * whether or not it exists; one no longer out for delivery is a 409 naming its status.
 */
export const deliverAsRider = (db: Db, rider: Admin, orderId: string, now = new Date()) =>
  moveOrder(db, rider, orderId, 'delivered', now, { onlyRider: rider.id });

/** A staff member with the rider role, not deactivated; else the 400 naming `riderId`. */
async function activeRider(db: Db, riderId: string) {
  const [rider] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.id, riderId),
        eq(users.type, 'admin'),
        eq(users.role, 'rider'),
        isNull(users.deactivatedAt),
      ),
    );
  if (!rider) throw invalid('json', [{ path: 'riderId', message: NOT_A_RIDER }]);
  return { id: rider.id, name: rider.name || rider.email };
}

const MOVE_MAIL: Partial<Record<OrderStatus, OrderNoticeEvent>> = {
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

export async function readOrder(db: Db, orderId: string, onlyRider?: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  // A rider's own deliveries only: another's order answers as if there were none.
  if (!order || (onlyRider !== undefined && order.riderId !== onlyRider)) throw notFound('Order');
  return order;
}

interface MoveOptions {
  /** The rider taking the order out: required for, and only for, the move to out for delivery. */
  riderId?: string;
  /** The rider the order must be given to now (a rider moving their own delivery). */
  onlyRider?: string;
}

/**
 * One step forward, or a cancel. The write is conditional on the status, payment and rider the rules
 * were checked against: of two admins at once, the second finds the row changed and is told what it
 * is now (or, when the move is still allowed from there, e.g. a cancel after a step forward, it goes
 * through); a rider whose order was given to another meanwhile finds it gone.
 */
async function moveOrder(
  db: Db,
  admin: Admin,
  orderId: string,
  to: OrderStatus,
  now: Date,
  { riderId, onlyRider }: MoveOptions = {},
): Promise<MoveResult> {
  for (let tries = 0; ; tries++) {
    const done = await db.transaction(async (tx) => {
      const order = await readOrder(tx, orderId, onlyRider);
      const rider = to === 'out_for_delivery' && riderId ? await activeRider(tx, riderId) : null;
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
          ...(rider ? { riderId: rider.id, riderAssignedAt: now } : {}),
          ...(to === 'delivered' ? { deliveredAt: now } : {}),
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
            ...(onlyRider !== undefined ? [eq(orders.riderId, onlyRider)] : []),
          ),
        )
        .returning({ id: orders.id });
      if (!moved.length) return false;
      const returned = cancelling ? await releaseOrderStock(tx, orderId) : false;
      await recordActivity(tx, admin, [
        {
          entity: 'order',
          entityId: orderId,
          action: cancelling ? 'cancelled' : 'status_changed',
          summary: cancelling
            ? cancelledSummary(order.status, refundDue, returned)
            : statusChangedSummary(order.status, to),
          at: now,
        },
        ...(rider
          ? [
              {
                entity: 'order' as const,
                entityId: orderId,
                action: 'rider_assigned' as const,
                summary: riderAssignedSummary(rider.name),
                at: now,
              },
            ]
          : []),
      ]);
      const event = MOVE_MAIL[to];
      if (event) await queueOrderNotices(tx, orderId, event);
      return { mailed: event !== undefined };
    });
    if (done) return done;
    // Lost a race: the next pass reads the order as it is now and refuses with its status, or goes on.
    if (tries >= 2) {
      const order = await readOrder(db, orderId, onlyRider);
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

/**
 * Gives an order on its way to another rider. Conditional on the status and the rider it was read
 * with: a rider marking it delivered at the same moment either wins (and this is refused, the order
 * being delivered) or finds it gone.
 */
async function changeRider(
  db: Db,
  admin: Admin,
  orderId: string,
  riderId: string,
  now: Date,
): Promise<MoveResult> {
  for (let tries = 0; ; tries++) {
    const done = await db.transaction(async (tx) => {
      const order = await readOrder(tx, orderId);
      const rider = await activeRider(tx, riderId);
      const refusal = riderChangeRefusal(order);
      if (refusal) throw refused(refusal);
      if (order.riderId === rider.id) return { mailed: false };
      const [previous] = order.riderId
        ? await tx
            .select({ name: users.name, email: users.email })
            .from(users)
            .where(eq(users.id, order.riderId))
        : [];
      const changed = await tx
        .update(orders)
        .set({ riderId: rider.id, riderAssignedAt: now, updatedAt: now })
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.status, 'out_for_delivery'),
            order.riderId ? eq(orders.riderId, order.riderId) : isNull(orders.riderId),
          ),
        )
        .returning({ id: orders.id });
      if (!changed.length) return false;
      await recordActivity(tx, admin, {
        entity: 'order',
        entityId: orderId,
        action: 'rider_assigned',
        summary: riderAssignedSummary(rider.name, previous ? previous.name || previous.email : undefined),
        at: now,
      });
      return { mailed: false };
    });
    if (done) return done;
    if (tries >= 2) {
      const order = await readOrder(db, orderId);
      throw refused(
        riderChangeRefusal(order) ?? {
          status: 409,
          code: 'illegal_transition',
          message: `Order ${orderLabel(order.number)} is changing right now; reload it and try again.`,
        },
      );
    }
  }
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
      await queueOrderNotices(tx, orderId, 'paid');
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
