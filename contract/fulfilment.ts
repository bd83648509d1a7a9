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
export function nextStatus(status: OrderStatus): OrderStatus | null {
  const i = (FULFILMENT_STEPS as readonly OrderStatus[]).indexOf(status);
  return i >= 0 && i < FULFILMENT_STEPS.length - 1 ? FULFILMENT_STEPS[i + 1]! : null;
}

/** Whether the order can still be cancelled: anything not yet delivered or cancelled. */
export const canCancel = (status: OrderStatus) => status !== 'delivered' && status !== 'cancelled';

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

const refusal = (message: string): FulfilmentRefusal => ({ status: 409, code: 'illegal_transition', message });

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
    return canCancel(order.status)
      ? null
      : refusal(`Order ${label} is ${now} and can no longer be cancelled.`);
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
