import type { AttemptStatus, OrderStatus, PaymentIssue, PaymentStatus } from '@contract/checkout';

/** How a status reads and which theme palette colours it (palettes, never hex). */
export interface StatusLook {
  label: string;
  palette: string;
}

export const PAYMENT_LOOK: Record<PaymentStatus, StatusLook> = {
  pending: { label: 'Awaiting payment', palette: 'warning' },
  paid: { label: 'Paid', palette: 'green' },
  failed: { label: 'Payment failed', palette: 'danger' },
  expired: { label: 'Payment expired', palette: 'support' },
  needs_review: { label: 'Payment under review', palette: 'info' },
};

export const FULFILMENT_LOOK: Record<OrderStatus, StatusLook> = {
  new: { label: 'New', palette: 'secondary' },
  processing: { label: 'Processing', palette: 'info' },
  out_for_delivery: { label: 'Out for delivery', palette: 'primary' },
  delivered: { label: 'Delivered', palette: 'green' },
  cancelled: { label: 'Cancelled', palette: 'support' },
};

export const ATTEMPT_LOOK: Record<AttemptStatus, StatusLook> = {
  pending: { label: 'Waiting for PIN', palette: 'warning' },
  unknown: { label: 'Sent, no answer yet', palette: 'warning' },
  paid: { label: 'Paid', palette: 'green' },
  failed: { label: 'Failed', palette: 'danger' },
  expired: { label: 'Expired', palette: 'support' },
  needs_review: { label: 'Under review', palette: 'info' },
};

/** Why one prompt did not end in a payment, in a few plain words (the order's message says more). */
export const ISSUE_LABEL: Record<PaymentIssue, string> = {
  cancelled: 'Cancelled on the phone',
  insufficient_funds: 'Not enough M-Pesa balance',
  wrong_pin: 'Wrong M-Pesa PIN',
  timeout: 'The phone did not answer',
  unknown: 'M-Pesa could not complete it',
  no_answer: 'Not answered in time',
  mpesa_unavailable: 'M-Pesa was unavailable',
  prompt_open: 'Another prompt was open',
  invalid_phone: 'This number cannot use M-Pesa',
  amount_mismatch: 'The amount did not match',
  paid_out_of_stock: 'Paid after the items sold out',
  paid_offer_ended: 'Paid after the offer ran out',
  duplicate_payment: 'Paid more than once',
};

const dateTime = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/** `12 Mar 2026, 14:05` in the shopper's time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
