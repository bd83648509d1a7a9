import type { OrderStatus, PaymentStatus } from './checkout';
import type { Refusal } from './stock';

// The rules of placing an order and of asking for its payment again, with the words the shopper reads
// when one stops them: one copy for the server and the mocks. Type-only imports: no zod here.

/** M-Pesa's largest single payment, in KSH. */
export const MPESA_MAX_AMOUNT = 250_000;

/** Checkout with nothing in the cart. */
export const cartEmpty = (): Refusal => ({ status: 400, code: 'cart_empty', message: 'Your cart is empty.' });

/** An order whose total M-Pesa cannot take in one payment; null when it can. */
export function totalRefusal(total: number): Refusal | null {
  if (total <= MPESA_MAX_AMOUNT) return null;
  return {
    status: 400,
    code: 'bad_request',
    message: `M-Pesa takes at most KSH ${MPESA_MAX_AMOUNT.toLocaleString('en-KE')} in one payment. Split your order.`,
  };
}

/** Orders one account may have holding stock unpaid (the server's CHECKOUT_MAX_UNPAID_ORDERS default). */
export const MAX_UNPAID_ORDERS = 3;

/** How many of a shopper's orders hold stock while waiting for payment, leaving out `exceptOrderId`. */
export const unpaidHolds = (
  orders: readonly { orderId: string; paymentStatus: PaymentStatus; stockReserved: boolean }[],
  exceptOrderId?: string,
) =>
  orders.filter((o) => o.paymentStatus === 'pending' && o.stockReserved && o.orderId !== exceptOrderId)
    .length;

/**
 * A checkout (or a new prompt for an order whose units went back) while the shopper already has
 * `max` orders holding stock and waiting for payment: one account cannot hold the shop's stock.
 */
export const unpaidOrdersRefusal = (max: number): Refusal => ({
  status: 409,
  code: 'too_many_unpaid_orders',
  message: `You have ${max} orders waiting for payment. Pay or cancel their M-Pesa prompts first, then try again.`,
});

/** The same Idempotency-Key sent with another checkout body. */
export const idempotencyKeyReused = (): Refusal => ({
  status: 409,
  code: 'idempotency_key_reused',
  message:
    'This Idempotency-Key was already used for a different checkout. Use a new key for a new checkout.',
});

/**
 * A checkout body as it means, for comparing a replayed Idempotency-Key: the phone normalised, so
 * "0712…" and "+254712…" are the same request.
 */
export function checkoutRequestKey(
  body: { deliveryAreaId?: string; lat?: number; lng?: number; address: string },
  normalisedPhone: string,
): string {
  return JSON.stringify([
    normalisedPhone,
    body.deliveryAreaId ?? null,
    body.lat ?? null,
    body.lng ?? null,
    body.address,
  ]);
}

/** Why a new prompt cannot be sent for an order (`POST /v1/orders/{id}/pay`); null when it can. */
export function retryRefusal(order: {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  hasOpenAttempt: boolean;
}): Refusal | null {
  if (order.paymentStatus === 'paid') {
    return { status: 409, code: 'conflict', message: 'This order is already paid.' };
  }
  if (order.paymentStatus === 'needs_review') {
    return {
      status: 409,
      code: 'conflict',
      message: 'The shop is reviewing the payment of this order and will contact you.',
    };
  }
  if (order.status === 'cancelled') {
    return { status: 409, code: 'conflict', message: 'This order was cancelled.' };
  }
  if (order.hasOpenAttempt) {
    return {
      status: 409,
      code: 'payment_pending',
      message:
        'A payment prompt for this order is still open. Complete or cancel it on your phone, or wait a few minutes.',
    };
  }
  return null;
}
