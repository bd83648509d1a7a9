import { z } from 'zod';
import { Cart, CART_LINES_MAX, DeliveryAreaId, Latitude, Longitude, PromoCode } from './cart';
import { ErrorBody, ListMeta, pageParams, Uuid } from './common';
import { MpesaPhone } from './phone';

// Checkout, orders and their M-Pesa payments (docs/design.md#checkout-and-payment).

const Ksh = z.number().int().nonnegative();
const Timestamp = z.iso.datetime({ offset: true });

// The header itself lives in the zod-free constants, for the storefront's cart (first load).
export { IDEMPOTENCY_HEADER } from './constants';
/** A fresh random value per checkout attempt or cart write (a UUID is ideal), reused for its retries. */
export const IdempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{8,128}$/, 'must be 8–128 letters, digits, ".", "_", ":" or "-" (a UUID is ideal)')
  .meta({ id: 'IdempotencyKey' });

/** Fulfilment of an order; a paid order starts at `new`. */
export const ORDER_STATUSES = ['new', 'processing', 'out_for_delivery', 'delivered', 'cancelled'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES).meta({ id: 'OrderStatus' });
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * The order's payment: `pending` while a prompt is open; `paid`; `failed` (the shopper or M-Pesa said
 * no, or the prompt could not be sent) and `expired` (no answer in time) can be retried;
 * `needs_review` (money arrived but something is off, e.g. the amount) waits for the shop.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'needs_review'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES).meta({ id: 'PaymentStatus' });
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** A paid order that was cancelled owes the shopper their money until an admin records the reversal. */
export const REFUND_STATUSES = ['due', 'refunded'] as const;
export const RefundStatus = z.enum(REFUND_STATUSES).meta({ id: 'RefundStatus' });
export type RefundStatus = z.infer<typeof RefundStatus>;

/** One prompt's state; `unknown` means sending it timed out, so it may still reach the phone. */
export const ATTEMPT_STATUSES = ['pending', 'unknown', 'paid', 'failed', 'expired', 'needs_review'] as const;
export const AttemptStatus = z.enum(ATTEMPT_STATUSES).meta({ id: 'AttemptStatus' });
export type AttemptStatus = z.infer<typeof AttemptStatus>;

/**
 * Why a payment failed, expired or needs review. From M-Pesa's answer: `cancelled`,
 * `insufficient_funds`, `wrong_pin`, `timeout` (the phone did not answer), `unknown`. From Sokoni:
 * `no_answer` (no result within the expiry), `mpesa_unavailable`, `prompt_open`, `invalid_phone`
 * (the prompt could not be sent), `amount_mismatch`, `paid_out_of_stock` (paid after expiry, stock
 * gone), `paid_offer_ended` (paid after expiry, the limited discount that priced it used up since),
 * `duplicate_payment` (a second payment for a paid order).
 */
export const PAYMENT_ISSUES = [
  'cancelled',
  'insufficient_funds',
  'wrong_pin',
  'timeout',
  'unknown',
  'no_answer',
  'mpesa_unavailable',
  'prompt_open',
  'invalid_phone',
  'amount_mismatch',
  'paid_out_of_stock',
  'paid_offer_ended',
  'duplicate_payment',
] as const;
export const PaymentIssue = z.enum(PAYMENT_ISSUES).meta({ id: 'PaymentIssue' });
export type PaymentIssue = z.infer<typeof PaymentIssue>;

export const ADDRESS_MAX = 500;

/**
 * What the checkout page showed when the shopper pressed Pay: the total, the delivery fee and each
 * line's unit price and whether it was on offer, from the `GET /v1/cart` answer it drew. Checkout charges exactly `total` or
 * refuses (409 `price_changed`); the figures never set a price, they are only compared.
 */
export const ShownFigures = z
  .strictObject({
    total: Ksh,
    shippingRate: Ksh,
    items: z
      .array(
        z.strictObject({
          itemId: z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be a cart line id from GET /v1/cart'),
          price: Ksh,
          /** Whether the page showed the line on offer (an ended offer is named as such). */
          onSale: z.boolean(),
        }),
      )
      .max(CART_LINES_MAX),
  })
  .meta({ id: 'ShownFigures' });
export type ShownFigures = z.infer<typeof ShownFigures>;

/**
 * `POST /v1/checkout` (with the Idempotency-Key header). The place is a delivery area or a latitude
 * and longitude; the address is the street, building and directions for the rider; `shown` is what
 * the page showed, so the shopper is never charged another amount; `promoCode` the code it was
 * priced with.
 */
export const CheckoutBody = z
  .strictObject({
    phone: MpesaPhone,
    deliveryAreaId: DeliveryAreaId.optional(),
    lat: Latitude.optional(),
    lng: Longitude.optional(),
    address: z
      .string()
      .trim()
      .min(3, 'enter the delivery address')
      .max(ADDRESS_MAX, `must be at most ${ADDRESS_MAX} characters`),
    shown: ShownFigures,
    /**
     * The promo code the page priced the cart with. Checkout takes one use of it with the order; a
     * code that stopped applying meanwhile is a 409 `promo_refused` and nothing is placed.
     */
    promoCode: PromoCode.optional(),
  })
  .refine((b) => (b.lat === undefined) === (b.lng === undefined), {
    message: 'send lat and lng together',
    path: ['lat'],
  })
  .refine((b) => (b.deliveryAreaId === undefined) !== (b.lat === undefined), {
    message: 'choose a delivery area, or send lat and lng (one of the two)',
    path: ['deliveryAreaId'],
  })
  .meta({ id: 'CheckoutBody' });
export type CheckoutBody = z.infer<typeof CheckoutBody>;

/**
 * The answer of checkout and of a payment retry: always 201 once the order exists. When the prompt
 * could not be sent, `paymentStatus` is `failed` (retry from the order page) and `paymentMessage`
 * says why; when sending timed out it stays `pending` with a message. A null message means the
 * prompt is on its way: show the "We've sent you payment notification…" toast.
 */
export const CheckoutResult = z
  .object({
    orderId: Uuid,
    /** Short order number shown to people (`SKN<number>` on the M-Pesa statement). */
    number: z.number().int().positive(),
    status: OrderStatus,
    paymentStatus: PaymentStatus,
    paymentIssue: PaymentIssue.nullable(),
    paymentMessage: z.string().nullable(),
    total: Ksh,
  })
  .meta({ id: 'CheckoutResult' });
export type CheckoutResult = z.infer<typeof CheckoutResult>;

/**
 * The new figures of a 409 `price_changed`: the total the page showed and the cart as checkout
 * priced it (lines, delivery fee, total), so the page can show them without asking again.
 */
export const PriceChange = z.object({ shownTotal: Ksh, cart: Cart }).meta({ id: 'PriceChange' });
export type PriceChange = z.infer<typeof PriceChange>;

/** Checkout's 409: the error envelope, with `priceChange` when the code is `price_changed`. */
export const CheckoutConflict = ErrorBody.extend({ priceChange: PriceChange.optional() }).meta({
  id: 'CheckoutConflict',
});
export type CheckoutConflict = z.infer<typeof CheckoutConflict>;

/** `POST /v1/orders/{orderId}/pay`: a new prompt, to the order's phone unless another is given. */
export const PayOrderBody = z.strictObject({ phone: MpesaPhone.optional() }).meta({ id: 'PayOrderBody' });
export type PayOrderBody = z.infer<typeof PayOrderBody>;

export const OrderIdParams = z.object({ orderId: Uuid });

export const OrderItem = z
  .object({
    /** Null when the product has since been deleted; the line keeps what was sold. */
    productId: Uuid.nullable(),
    productPid: z.string(),
    variantId: Uuid.nullable(),
    name: z.string(),
    variantName: z.string(),
    image: z.string().nullable(),
    /** The unit price paid (sale included), frozen at checkout. */
    price: Ksh,
    quantity: z.number().int().positive(),
    totalPrice: Ksh,
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof OrderItem>;

export const PaymentAttempt = z
  .object({
    attemptId: Uuid,
    status: AttemptStatus,
    amount: Ksh,
    /** As people write it, e.g. `0712 345 678`. */
    phone: z.string(),
    issue: PaymentIssue.nullable(),
    /** M-Pesa's result code and description, when it gave one. */
    resultCode: z.number().int().nullable(),
    resultDesc: z.string().nullable(),
    receipt: z.string().nullable(),
    createdAt: Timestamp,
    completedAt: Timestamp.nullable(),
  })
  .meta({ id: 'PaymentAttempt' });
export type PaymentAttempt = z.infer<typeof PaymentAttempt>;

const OrderDelivery = z
  .object({
    areaId: DeliveryAreaId.nullable(),
    areaName: z.string().nullable(),
    address: z.string(),
    lat: z.number(),
    lng: z.number(),
  })
  .meta({ id: 'OrderDelivery' });

/** One order: what checkout answers, with its lines, totals, delivery and payment history. */
export const Order = CheckoutResult.extend({
  /** Whether `POST /v1/orders/{orderId}/pay` may be offered (failed or expired, nothing pending). */
  canRetryPayment: z.boolean(),
  items: z.array(OrderItem),
  subtotal: Ksh,
  /** The delivery fee charged (after a delivery code). */
  shippingRate: Ksh,
  /** What an order-wide code took off the subtotal; 0 without one. */
  orderSaving: Ksh,
  /** subtotal − orderSaving + shippingRate, what M-Pesa is asked for. */
  total: Ksh,
  /** The promo code the order was placed with, upper-case; null without one. */
  promoCode: z.string().nullable(),
  /** What the code saved in all (lines, order and delivery), frozen at checkout; 0 without one. */
  promoSaving: Ksh,
  delivery: OrderDelivery,
  phone: z.string(),
  /** Every prompt for this order, newest first. */
  payments: z.array(PaymentAttempt),
  createdAt: Timestamp,
  paidAt: Timestamp.nullable(),
}).meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const OrderSummary = z
  .object({
    orderId: Uuid,
    number: z.number().int().positive(),
    status: OrderStatus,
    paymentStatus: PaymentStatus,
    total: Ksh,
    itemCount: z.number().int().nonnegative(),
    createdAt: Timestamp,
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof OrderSummary>;

const ORDER_PAGE_DEFAULT = 20;
const ORDER_PAGE_MAX = 100;

export const OrderListQuery = z
  .object(pageParams(ORDER_PAGE_DEFAULT, ORDER_PAGE_MAX))
  .meta({ id: 'OrderListQuery' });
export type OrderListQuery = z.infer<typeof OrderListQuery>;

/** `GET /v1/orders`: the shopper's orders, newest first. */
export const OrderList = z.object({ data: z.array(OrderSummary), meta: ListMeta }).meta({ id: 'OrderList' });
export type OrderList = z.infer<typeof OrderList>;

/** What Sokoni answers Daraja's callback with (Daraja's shape, not the `{ data }` envelope). */
export const MpesaCallbackAck = z
  .object({ ResultCode: z.literal(0), ResultDesc: z.string() })
  .meta({ id: 'MpesaCallbackAck' });
export type MpesaCallbackAck = z.infer<typeof MpesaCallbackAck>;

/**
 * A callback probe (`npm run mpesa:check`) carries a random nonce in MPESA_CALLBACK_PROBE_HEADER; the
 * route answers its HMAC under the callback secret in MPESA_CALLBACK_PROOF_HEADER, without applying
 * the body or changing anything. (Lower case: Hono reads header names so.)
 */
export const MPESA_CALLBACK_PROBE_HEADER = 'sokoni-callback-probe';
export const MPESA_CALLBACK_PROOF_HEADER = 'sokoni-callback-proof';

/** The headers of the callback route: only the probe's nonce. */
export const MpesaCallbackProbeHeaders = z.object({
  [MPESA_CALLBACK_PROBE_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be a nonce of 32 to 128 letters, digits, - or _')
    .optional()
    .meta({
      description:
        'Makes the request a probe: answered 200 with `Sokoni-Callback-Proof`, its body never applied',
    }),
});
