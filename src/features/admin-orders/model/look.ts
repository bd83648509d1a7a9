import type { AttemptStatus, OrderStatus, PaymentStatus } from '@contract/checkout';
import type { OrderNoticeEvent, SmsStatus } from '@contract/sms';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '@contract/fulfilment';

/** How a status reads to staff and which theme palette colours it (palettes, never hex). */
export interface Look {
  label: string;
  palette: string;
}

const PAYMENT_PALETTE: Record<PaymentStatus, string> = {
  pending: 'warning',
  paid: 'green',
  failed: 'danger',
  expired: 'support',
  needs_review: 'info',
};

const FULFILMENT_PALETTE: Record<OrderStatus, string> = {
  new: 'secondary',
  processing: 'info',
  out_for_delivery: 'primary',
  delivered: 'green',
  cancelled: 'support',
};

export const paymentLook = (s: PaymentStatus): Look => ({
  label: PAYMENT_STATUS_LABELS[s],
  palette: PAYMENT_PALETTE[s],
});
export const fulfilmentLook = (s: OrderStatus): Look => ({
  label: ORDER_STATUS_LABELS[s],
  palette: FULFILMENT_PALETTE[s],
});

export const ATTEMPT_LABELS: Record<AttemptStatus, string> = {
  pending: 'Waiting for PIN',
  unknown: 'Sent, no answer',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  needs_review: 'Needs review',
};

const nairobi = new Intl.DateTimeFormat('en-KE', {
  timeZone: 'Africa/Nairobi',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** `11 Mar 2026, 00:30`: the shop's own clock, wherever the admin sits. */
export const nairobiTime = (iso: string) => nairobi.format(new Date(iso));

/** The fulfilment button for each next step. */
export const STEP_ACTION: Partial<Record<OrderStatus, string>> = {
  processing: 'Mark as processing',
  out_for_delivery: 'Out for delivery',
  delivered: 'Mark delivered',
};

/** What an SMS to the shopper was about. */
export const SMS_EVENT_LABELS: Record<OrderNoticeEvent, string> = {
  received: 'Order received',
  paid: 'Paid',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const SMS_LOOKS: Record<SmsStatus, Look> = {
  queued: { label: 'Queued', palette: 'warning' },
  sending: { label: 'Sending', palette: 'info' },
  sent: { label: 'Sent', palette: 'primary' },
  delivered: { label: 'Delivered', palette: 'green' },
  failed: { label: 'Failed', palette: 'danger' },
};
export const smsLook = (s: SmsStatus): Look => SMS_LOOKS[s];
