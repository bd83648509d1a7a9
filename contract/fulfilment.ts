import type { OrderStatus, PaymentStatus } from './checkout';

// How an order moves once it exists, one copy for the server (which decides), the mocks (which stand
// in for it) and the back office (which offers only the moves that can succeed). Type-only imports:
// no zod here.

/** Fulfilment runs forward one step at a time; `cancelled` is the one way out, before delivery. */
export const FULFILMENT_STEPS = ['new', 'processing', 'out_for_delivery', 'delivered'] as const;

/** How a status reads to staff and shoppers. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: 'New',
  processing: 'Processing',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  needs_review: 'Needs review',
};

/** The step after `status`, or null at the end of the road (delivered, cancelled). */
function nextStatus(status: OrderStatus): OrderStatus | null {
  const i = (FULFILMENT_STEPS as readonly OrderStatus[]).indexOf(status);
  return i >= 0 && i < FULFILMENT_STEPS.length - 1 ? FULFILMENT_STEPS[i + 1]! : null;
}

/** Whether the order can still be cancelled: anything not yet delivered or cancelled. */
const canCancel = (status: OrderStatus) => status !== 'delivered' && status !== 'cancelled';

/** An order as the rules see it. */
export interface FulfilmentOrder {
  number: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

/** A move the rules refuse: always a 409, with words an admin can act on. */
export interface FulfilmentRefusal {
  status: 409;
  code: 'illegal_transition';
  message: string;
}

export const orderLabel = (number: number) => `SKN${number}`;

const refusal = (message: string): FulfilmentRefusal => ({
  status: 409,
  code: 'illegal_transition',
  message,
});

/**
 * Why `order` cannot move to `to`, or null when it can. Only a paid order is packed and sent; it moves
 * one step forward at a time; cancelling is allowed until it is delivered. The message names the
 * order's current status, so an admin who lost a race to a colleague learns what happened.
 */
export function transitionRefusal(order: FulfilmentOrder, to: OrderStatus): FulfilmentRefusal | null {
  const label = orderLabel(order.number);
  const now = ORDER_STATUS_LABELS[order.status].toLowerCase();
  if (order.status === to) return refusal(`Order ${label} is already ${now}.`);
  if (to === 'cancelled') {
    if (!canCancel(order.status)) return refusal(`Order ${label} is ${now} and can no longer be cancelled.`);
    // An open prompt may still be paid: cancelling under it would take money for a cancelled order.
    return order.paymentStatus === 'pending'
      ? refusal(
          `Order ${label} has an M-Pesa prompt waiting for the shopper; ask M-Pesa about it or wait until it ends, then cancel.`,
        )
      : null;
  }
  if (order.status === 'cancelled') return refusal(`Order ${label} is cancelled and cannot move on.`);
  if (order.paymentStatus !== 'paid') {
    return refusal(
      `Order ${label} is not paid (payment ${PAYMENT_STATUS_LABELS[order.paymentStatus].toLowerCase()}); only a paid order can be prepared and delivered.`,
    );
  }
  const next = nextStatus(order.status);
  if (next !== to) {
    return refusal(
      next
        ? `Order ${label} is ${now}: it can move to ${ORDER_STATUS_LABELS[next].toLowerCase()} next, one step at a time.`
        : `Order ${label} is ${now} and cannot move on.`,
    );
  }
  return null;
}

/**
 * Why the rider of `order` may not be changed, or null: only while it is out for delivery (before,
 * the rider is picked with the move; after, the delivery is done).
 */
export function riderChangeRefusal(order: FulfilmentOrder): FulfilmentRefusal | null {
  if (order.status === 'out_for_delivery') return null;
  const now = ORDER_STATUS_LABELS[order.status].toLowerCase();
  return refusal(
    `Order ${orderLabel(order.number)} is ${now}: only an order out for delivery can be given to another rider.`,
  );
}

/** Whether cancel is offered for this order now (the rules above would let it through). */
export const mayCancel = (order: FulfilmentOrder) => transitionRefusal(order, 'cancelled') === null;

/** The fulfilment step an admin may take next, or null (not paid yet, delivered, cancelled). */
export function allowedNextStatus(order: FulfilmentOrder): OrderStatus | null {
  const next = nextStatus(order.status);
  return next && transitionRefusal(order, next) === null ? next : null;
}

/**
 * Why an admin may not mark `order` paid by hand, or null when they may: only a payment that needs
 * review, or one that failed or expired before the money arrived, on an order still open.
 */
export function markPaidRefusal(order: FulfilmentOrder): FulfilmentRefusal | null {
  const label = orderLabel(order.number);
  if (order.status === 'cancelled')
    return refusal(`Order ${label} is cancelled; a payment for it can only be refunded.`);
  if (order.paymentStatus === 'paid') return refusal(`Order ${label} is already paid.`);
  if (order.paymentStatus === 'pending')
    return refusal(
      `Order ${label} has an M-Pesa prompt waiting for the shopper; ask M-Pesa about it before marking it paid.`,
    );
  return null;
}

/** A refund an admin records, as the rules see it. */
export interface RefundOrder {
  number: number;
  refundStatus: 'due' | 'refunded' | null;
}

/** A refund the rules refuse: 409, with words an admin can act on. */
export interface RefundRefusal {
  status: 409;
  code: 'refund_not_due' | 'refund_too_large';
  message: string;
}

/**
 * Why a refund of `amount` cannot be recorded, or null: only while one is due (a paid order that
 * was cancelled), and never more than the shopper paid.
 */
export function refundRefusal(order: RefundOrder, amount: number, paid: number): RefundRefusal | null {
  const label = orderLabel(order.number);
  if (order.refundStatus === 'refunded')
    return { status: 409, code: 'refund_not_due', message: `Order ${label} has already been refunded.` };
  if (order.refundStatus !== 'due')
    return {
      status: 409,
      code: 'refund_not_due',
      message: `Order ${label} owes no refund: only a paid order that was cancelled is refunded.`,
    };
  if (amount > paid)
    return {
      status: 409,
      code: 'refund_too_large',
      message: `Order ${label} was paid KSH ${paid.toLocaleString('en-KE')}; a refund cannot be more than that.`,
    };
  return null;
}
