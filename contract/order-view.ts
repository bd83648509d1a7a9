import type {
  AttemptStatus,
  CheckoutResult,
  Order,
  OrderItem,
  OrderStatus,
  PaymentIssue,
  PaymentStatus,
} from './checkout';
import { canRetryPayment, paymentMessage } from './payments';
import { formatKenyanPhone } from './phone';

// How a stored order reads to its shopper: one mapping for the server (from its rows) and the mocks
// (from their records), so the derived fields (the payment sentence, whether a retry is offered, the
// phone as people write it) cannot drift between them.

/** A payment attempt as stored: the phone normalised (`2547…`), times as dates. */
export interface PaymentAttemptRecord {
  attemptId: string;
  status: AttemptStatus;
  amount: number;
  phone: string;
  issue: PaymentIssue | null;
  resultCode: number | null;
  resultDesc: string | null;
  receipt: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

/** An order as stored, without its lines and attempts. */
export interface OrderRecord {
  orderId: string;
  number: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentIssue: PaymentIssue | null;
  subtotal: number;
  shippingRate: number;
  orderSaving: number;
  total: number;
  promoCode: string | null;
  promoSaving: number;
  /** Normalised, `2547…`. */
  phone: string;
  delivery: Order['delivery'];
  createdAt: Date;
  paidAt: Date | null;
}

/** `GET /v1/orders/{orderId}`: the order with its lines (in order) and attempts (newest first). */
export function orderView(
  order: OrderRecord,
  items: readonly OrderItem[],
  attempts: readonly PaymentAttemptRecord[],
): Order {
  return {
    ...checkoutResult(order, attempts[0]?.status),
    canRetryPayment: canRetryPayment({ ...order, attempts }),
    items: items.map((i) => ({
      productId: i.productId,
      productPid: i.productPid,
      variantId: i.variantId,
      name: i.name,
      variantName: i.variantName,
      image: i.image,
      price: i.price,
      quantity: i.quantity,
      totalPrice: i.totalPrice,
    })),
    subtotal: order.subtotal,
    shippingRate: order.shippingRate,
    orderSaving: order.orderSaving,
    promoCode: order.promoCode,
    promoSaving: order.promoSaving,
    delivery: { ...order.delivery },
    phone: formatKenyanPhone(order.phone),
    payments: attempts.map((a) => ({
      attemptId: a.attemptId,
      status: a.status,
      amount: a.amount,
      phone: formatKenyanPhone(a.phone),
      issue: a.issue,
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

/** The answer of checkout and of a payment retry; `latestAttempt` is the newest attempt's status. */
export function checkoutResult(order: OrderRecord, latestAttempt: AttemptStatus | undefined): CheckoutResult {
  return {
    orderId: order.orderId,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentIssue: order.paymentIssue,
    paymentMessage: paymentMessage(order.paymentStatus, order.paymentIssue, latestAttempt),
    total: order.total,
  };
}
