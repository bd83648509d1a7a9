import { z } from 'zod';
import { ListMeta, pageParams, Uuid } from './common';
import { Order, OrderStatus, PaymentAttempt, PaymentIssue, PaymentStatus, RefundStatus } from './checkout';
import { Rider, RIDER_REQUIRED } from './deliveries';
import { ORDER_NOTICE_EVENTS, SMS_STATUSES } from './sms';

// The back office's orders (issue 11): the list with its filters, one order with everything staff
// need to settle it, and the moves an admin makes. Rules live in fulfilment.ts.

const Ksh = z.number().int().nonnegative();
const Timestamp = z.iso.datetime({ offset: true });

const ADMIN_ORDER_PAGE_DEFAULT = 25;
const ADMIN_ORDER_PAGE_MAX = 100;
const ADMIN_ORDER_SEARCH_MAX = 100;

/** A Nairobi calendar day, `YYYY-MM-DD`; `from` and `to` are both inclusive. */
const NairobiDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  // Round-tripped, since Date.parse takes 2019-02-30 for 2 March.
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'must be a real date')
  .meta({ format: 'date' });

/**
 * `GET /v1/admin/orders`: newest first. `q` matches the order number (`1042` or `SKN1042`), the
 * shopper's email (any part) or the M-Pesa phone (`0712…`, `+254712…` or `254712…`).
 * With `Accept: text/csv` the answer is the whole filtered list as CSV (no paging).
 */
export const AdminOrderListQuery = z
  .object({
    paymentStatus: PaymentStatus.optional(),
    status: OrderStatus.optional(),
    q: z.string().trim().max(ADMIN_ORDER_SEARCH_MAX).optional(),
    from: NairobiDate.optional(),
    to: NairobiDate.optional(),
    ...pageParams(ADMIN_ORDER_PAGE_DEFAULT, ADMIN_ORDER_PAGE_MAX),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'must not be before from' })
  .meta({ id: 'AdminOrderListQuery' });
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuery>;

/** The shopper an order belongs to, as staff see them. */
export const OrderCustomer = z
  .object({
    userId: Uuid,
    name: z.string(),
    email: z.string(),
    /** The account's phone as people write it, when it has one. */
    phone: z.string().nullable(),
  })
  .meta({ id: 'OrderCustomer' });
export type OrderCustomer = z.infer<typeof OrderCustomer>;

export const AdminOrderSummary = z
  .object({
    orderId: Uuid,
    number: z.number().int().positive(),
    customer: OrderCustomer,
    /** The phone the latest prompt went to, as people write it. */
    phone: z.string(),
    status: OrderStatus,
    paymentStatus: PaymentStatus,
    paymentIssue: PaymentIssue.nullable(),
    refundStatus: RefundStatus.nullable(),
    total: Ksh,
    itemCount: z.number().int().nonnegative(),
    deliveryAreaName: z.string().nullable(),
    createdAt: Timestamp,
    paidAt: Timestamp.nullable(),
  })
  .meta({ id: 'AdminOrderSummary' });
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

export const AdminOrderList = z
  .object({ data: z.array(AdminOrderSummary), meta: ListMeta })
  .meta({ id: 'AdminOrderList' });
export type AdminOrderList = z.infer<typeof AdminOrderList>;

/** A prompt as staff see it: with Daraja's ids, to look it up with Safaricom. */
const AdminPaymentAttempt = PaymentAttempt.extend({
  merchantRequestId: z.string().nullable(),
  checkoutRequestId: z.string().nullable(),
}).meta({ id: 'AdminPaymentAttempt' });
type AdminPaymentAttempt = z.infer<typeof AdminPaymentAttempt>;

/** What happened to an order, oldest first: placed, each prompt and its answer, each admin move. */
const TIMELINE_KINDS = [
  'placed',
  'prompt_sent',
  'payment_paid',
  'payment_failed',
  'payment_expired',
  'payment_needs_review',
  'payment_checked',
  'marked_paid',
  'status_changed',
  'rider_assigned',
  'cancelled',
  'refund_due',
  'refunded',
] as const;
export const TimelineKind = z.enum(TIMELINE_KINDS).meta({ id: 'TimelineKind' });
export type TimelineKind = z.infer<typeof TimelineKind>;

export const TimelineEntry = z
  .object({
    kind: TimelineKind,
    at: Timestamp,
    /** Who: an admin's or the shopper's name, `M-Pesa` or `Sokoni` for what the system did. */
    actorName: z.string(),
    /** The admin's or shopper's account, null for M-Pesa and Sokoni (or an account since deleted). */
    actorId: Uuid.nullable(),
    /** One line in words, e.g. "Moved from processing to out for delivery." */
    summary: z.string(),
  })
  .meta({ id: 'TimelineEntry' });
export type TimelineEntry = z.infer<typeof TimelineEntry>;

const OrderRefund = z
  .object({
    status: RefundStatus,
    /** The M-Pesa reversal's transaction id; null while the refund is due. */
    reference: z.string().nullable(),
    amount: Ksh.nullable(),
    refundedAt: Timestamp.nullable(),
  })
  .meta({ id: 'OrderRefund' });
type OrderRefund = z.infer<typeof OrderRefund>;

/** An SMS about the order (when the shopper keeps order updates by SMS on), and where it stands. */
export const AdminOrderSms = z
  .object({
    smsId: Uuid,
    event: z.enum(ORDER_NOTICE_EVENTS),
    /** The phone it went to, as people write it (`0712 345 678`). */
    phone: z.string(),
    status: z.enum(SMS_STATUSES),
    /** Why it failed, or why the last try did not go; null otherwise. */
    reason: z.string().nullable(),
    attempts: z.number().int().min(0),
    queuedAt: Timestamp,
    sentAt: Timestamp.nullable(),
    deliveredAt: Timestamp.nullable(),
  })
  .meta({ id: 'AdminOrderSms' });
export type AdminOrderSms = z.infer<typeof AdminOrderSms>;

/** `GET /v1/admin/orders/{orderId}`: the shopper's view of the order and what only staff see. */
export const AdminOrder = Order.omit({ payments: true })
  .extend({
    customer: OrderCustomer,
    payments: z.array(AdminPaymentAttempt),
    refund: OrderRefund.nullable(),
    timeline: z.array(TimelineEntry),
    /** The SMS sent about it, oldest first. */
    sms: z.array(AdminOrderSms),
    /** The rider taking it out (or who took it), from when it goes out for delivery; else null. */
    rider: Rider.nullable(),
    riderAssignedAt: Timestamp.nullable(),
    /** The fulfilment step an admin may take next (null when none), and whether cancel is offered. */
    nextStatus: OrderStatus.nullable(),
    canCancel: z.boolean(),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof AdminOrder>;

/** An M-Pesa transaction id (a receipt or a reversal): 10 letters and digits, e.g. `SGR7KX1Q2B`. */
export const MpesaTransactionId = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{10}$/, 'must be the 10 letters and digits of an M-Pesa transaction, e.g. SGR7KX1Q2B')
  .meta({ id: 'MpesaTransactionId' });

/**
 * `PATCH /v1/admin/orders/{orderId}`: a fulfilment move or a cancel (`{ status }`; the move to
 * `out_for_delivery` names the rider taking it, `riderId`), a new rider for an order on its way
 * (`{ riderId }` alone), or settling a `needs_review` payment by hand with the receipt the shopper or
 * the M-Pesa statement shows. Cancelling a `needs_review` order is `{ status: 'cancelled' }`.
 */
export const AdminOrderPatch = z
  .union([
    z.strictObject({ status: OrderStatus, riderId: Uuid.optional() }),
    z.strictObject({ riderId: Uuid }),
    z.strictObject({ paymentStatus: z.literal('paid'), receipt: MpesaTransactionId }),
  ])
  .superRefine((patch, ctx) => {
    if (!('status' in patch)) return;
    if (patch.status === 'out_for_delivery' && patch.riderId === undefined)
      ctx.addIssue({ code: 'custom', path: ['riderId'], message: RIDER_REQUIRED });
    if (patch.status !== 'out_for_delivery' && patch.riderId !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['riderId'],
        message: 'goes only with the move to out_for_delivery, or alone to change the rider',
      });
  })
  .meta({ id: 'AdminOrderPatch' });
export type AdminOrderPatch = z.infer<typeof AdminOrderPatch>;

/** `POST /v1/admin/orders/{orderId}/refund`: the reversal done in M-Pesa, recorded; at most the total. */
export const RefundBody = z
  .strictObject({ reference: MpesaTransactionId, amount: z.number().int().positive() })
  .meta({ id: 'RefundBody' });
export type RefundBody = z.infer<typeof RefundBody>;
