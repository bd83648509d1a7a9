import type { AttemptStatus, OrderStatus, PaymentIssue, PaymentStatus } from './checkout';

// The rules of an M-Pesa payment that the server, the mocks and the SPA share: how Daraja's result
// codes read, what the shopper is told about each outcome, and when a payment may be tried again.
// Type-only imports: no zod here.

/** Why M-Pesa itself failed a payment (from Daraja's ResultCode), as orders record it. */
export const PAYMENT_FAILURE_REASONS = [
  'cancelled',
  'insufficient_funds',
  'wrong_pin',
  'timeout',
  'unknown',
] as const satisfies readonly PaymentIssue[];
type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

export type PaymentOutcome =
  | { status: 'paid'; resultCode: 0; description: string }
  | { status: 'failed'; reason: PaymentFailureReason; resultCode: number; description: string };

/** Daraja's ResultCodes a shopper can act on; 1025, 9999 and the many rare ones are `unknown`. */
export const RESULT_CODES = {
  paid: 0,
  insufficientFunds: 1,
  cancelled: 1032,
  timeout: 1037,
  wrongPin: 2001,
} as const;

const REASONS: Record<number, PaymentFailureReason> = {
  [RESULT_CODES.cancelled]: 'cancelled',
  [RESULT_CODES.insufficientFunds]: 'insufficient_funds',
  [RESULT_CODES.wrongPin]: 'wrong_pin',
  [RESULT_CODES.timeout]: 'timeout',
};

/** Maps a Daraja ResultCode (callback or STK query) and its ResultDesc to our outcome. */
export function paymentOutcome(resultCode: number | string, resultDesc = ''): PaymentOutcome {
  const code = typeof resultCode === 'number' ? resultCode : Number(String(resultCode).trim());
  if (code === 0) return { status: 'paid', resultCode: 0, description: resultDesc };
  if (!Number.isInteger(code))
    return { status: 'failed', reason: 'unknown', resultCode: -1, description: resultDesc };
  return { status: 'failed', reason: REASONS[code] ?? 'unknown', resultCode: code, description: resultDesc };
}

/** The sentence the shopper sees for each payment issue (order page, checkout answer). */
export const PAYMENT_ISSUE_MESSAGES: Readonly<Record<PaymentIssue, string>> = {
  cancelled: 'You cancelled the M-Pesa prompt. You can try the payment again.',
  insufficient_funds: 'Your M-Pesa balance was not enough for this payment. Top up and try again.',
  wrong_pin: 'The M-Pesa PIN was wrong. Try the payment again and enter your PIN carefully.',
  timeout: 'We did not get an answer from your phone in time. Check that it is on and try again.',
  unknown: 'M-Pesa could not complete the payment. Please try again.',
  no_answer: 'The M-Pesa prompt was not answered in time. You can try the payment again.',
  mpesa_unavailable:
    'M-Pesa is not answering right now. Your order is saved: try the payment again in a moment.',
  prompt_open:
    'There is already an M-Pesa prompt on your phone. Complete or cancel it, then try the payment again.',
  invalid_phone: 'That phone number cannot receive M-Pesa payments. Try again with a Safaricom number.',
  amount_mismatch:
    'We received a payment that does not match this order. The shop is checking it and will contact you.',
  paid_out_of_stock:
    'Your payment arrived after the items were released and some have sold out since. The shop will contact you about a refund or a replacement.',
  paid_offer_ended:
    'Your payment arrived after the order was released and the offer it was priced with has run out since. The shop will contact you.',
  duplicate_payment: 'This order was paid more than once. The shop will refund the extra payment.',
};

/** What the shopper is told while a prompt whose sending timed out may still reach the phone. */
export const UNKNOWN_PUSH_MESSAGE =
  'M-Pesa is slow to answer. If a payment prompt reaches your phone, complete it; this order updates by itself. Otherwise you can try again in a few minutes.';

/** Attempt statuses that can still end: waiting for the shopper, or sent without an answer. */
export const OPEN_ATTEMPT = ['pending', 'unknown'] as const satisfies readonly AttemptStatus[];

export const isOpenAttempt = (status: AttemptStatus) => (OPEN_ATTEMPT as readonly string[]).includes(status);

/**
 * The shopper's sentence for an order's payment state; null while a prompt is simply on its way or
 * the order is paid. `latestAttempt` is the status of the newest attempt.
 */
export function paymentMessage(
  status: PaymentStatus,
  issue: PaymentIssue | null,
  latestAttempt: AttemptStatus | undefined,
): string | null {
  if (status === 'pending') return latestAttempt === 'unknown' ? UNKNOWN_PUSH_MESSAGE : null;
  if (status === 'paid') return null;
  return issue ? PAYMENT_ISSUE_MESSAGES[issue] : null;
}

/** A payment can be tried again after it failed or expired, on an order not cancelled, with no prompt open. */
export function canRetryPayment(order: {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  attempts: readonly { status: AttemptStatus }[];
}): boolean {
  return (
    (order.paymentStatus === 'failed' || order.paymentStatus === 'expired') &&
    order.status !== 'cancelled' &&
    !order.attempts.some((a) => isOpenAttempt(a.status))
  );
}
