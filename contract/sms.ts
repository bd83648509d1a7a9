// Order updates by SMS: what happens to an order that the shopper is told of (by mail and, when the
// shopper keeps "Order updates by SMS" on, by SMS), and the states an SMS goes through.

/** The changes of an order a shopper hears about. */
export const ORDER_NOTICE_EVENTS = [
  'received',
  'paid',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderNoticeEvent = (typeof ORDER_NOTICE_EVENTS)[number];

/**
 * An SMS in the outbox: `queued` (waiting for its turn or its next try), `sending` (a worker holds it,
 * or its send timed out and the gateway's delivery report is awaited), `sent` (the gateway took it),
 * `delivered` (the phone got it, by the delivery report) or `failed` (with the reason).
 */
export const SMS_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** The longest text sent: one SMS of GSM-7 characters. */
export const SMS_MAX_LENGTH = 160;
