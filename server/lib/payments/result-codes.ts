/** Why an M-Pesa payment failed, as orders record it and the order page explains it. */
export const PAYMENT_FAILURE_REASONS = [
  'cancelled',
  'insufficient_funds',
  'wrong_pin',
  'timeout',
  'unknown',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

export type PaymentOutcome =
  | { status: 'paid'; resultCode: 0; description: string }
  | { status: 'failed'; reason: PaymentFailureReason; resultCode: number; description: string };

// Only the codes a shopper can act on get their own reason; 1025, 9999 and the many rare codes are
// Safaricom-side trouble the shopper can only retry, so they share `unknown` and keep ResultDesc.
const REASONS: Record<number, PaymentFailureReason> = {
  1032: 'cancelled',
  1: 'insufficient_funds',
  2001: 'wrong_pin',
  1037: 'timeout',
};

/** Maps a Daraja ResultCode (callback or STK query) and its ResultDesc to our outcome. */
export function paymentOutcome(resultCode: number | string, resultDesc = ''): PaymentOutcome {
  const code = typeof resultCode === 'number' ? resultCode : Number(String(resultCode).trim());
  if (code === 0) return { status: 'paid', resultCode: 0, description: resultDesc };
  if (!Number.isInteger(code))
    return { status: 'failed', reason: 'unknown', resultCode: -1, description: resultDesc };
  return { status: 'failed', reason: REASONS[code] ?? 'unknown', resultCode: code, description: resultDesc };
}

const MESSAGES: Record<PaymentFailureReason, string> = {
  cancelled: 'You cancelled the M-Pesa prompt. You can try the payment again.',
  insufficient_funds: 'Your M-Pesa balance was not enough for this payment. Top up and try again.',
  wrong_pin: 'The M-Pesa PIN was wrong. Try the payment again and enter your PIN carefully.',
  timeout: 'We did not get an answer from your phone in time. Check that it is on and try again.',
  unknown: 'M-Pesa could not complete the payment. Please try again.',
};

/** The sentence the shopper sees for a failed payment. */
export const failureMessage = (reason: PaymentFailureReason) => MESSAGES[reason];
