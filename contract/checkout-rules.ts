import type { Cart } from './cart';
import type { OrderStatus, PaymentStatus, PriceChange, ShownFigures } from './checkout';
import { variantLabel, type Refusal } from './stock';

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

/** What a checkout page showing `cart` sends as the body's `shown`. */
export const shownFigures = (cart: Cart): ShownFigures => ({
  total: cart.total,
  shippingRate: cart.shippingRate,
  items: cart.Items.map(({ itemId, price, onSale }) => ({ itemId, price, onSale })),
});

const ksh = (amount: number) => `KSH ${amount.toLocaleString('en-KE')}`;

/**
 * Checkout when the cart, priced now, does not cost the total the page showed: a 409 whose message
 * names each cause in a sentence (an offer ended or began, a price was edited, the delivery fee
 * changed, the cart changed in another tab) and then the new total, with the new figures beside it.
 * Null when the totals agree: the shopper is charged exactly what they saw.
 */
export function priceChangedRefusal(shown: ShownFigures, now: Cart): Refusal | null {
  if (shown.total === now.total) return null;
  const shownLines = new Map(shown.items.map((i) => [i.itemId, i]));
  const causes: string[] = [];
  for (const line of now.Items) {
    const was = shownLines.get(line.itemId);
    if (was === undefined || was.price === line.price) continue;
    const label = variantLabel(line.name, line.variantName);
    const figures = `it costs ${ksh(line.price)}, not ${ksh(was.price)}.`;
    if (was.onSale && !line.onSale) causes.push(`The offer on ${label} ended: ${figures}`);
    else if (!was.onSale && line.onSale) causes.push(`${label} went on offer: ${figures}`);
    else causes.push(`The price of ${label} changed from ${ksh(was.price)} to ${ksh(line.price)}.`);
  }
  if (shown.shippingRate !== now.shippingRate)
    causes.push(`The delivery fee changed from ${ksh(shown.shippingRate)} to ${ksh(now.shippingRate)}.`);
  const sameLines =
    shown.items.length === now.Items.length && now.Items.every((l) => shownLines.has(l.itemId));
  // Lines added or removed, or a quantity changed, in another tab.
  if (!sameLines || causes.length === 0) causes.push('Your cart changed since this page showed it.');
  const priceChange: PriceChange = { shownTotal: shown.total, cart: now };
  return {
    status: 409,
    code: 'price_changed',
    message: `${causes.join(' ')} Your total is now ${ksh(now.total)}, not ${ksh(shown.total)}: check it and press Pay again.`,
    details: { priceChange },
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
  body: { deliveryAreaId?: string; lat?: number; lng?: number; address: string; promoCode?: string },
  normalisedPhone: string,
): string {
  const place = [
    normalisedPhone,
    body.deliveryAreaId ?? null,
    body.lat ?? null,
    body.lng ?? null,
    body.address,
  ];
  // Without a code the key is as before, so a retry across the upgrade still finds its order.
  return JSON.stringify(body.promoCode ? [...place, body.promoCode] : place);
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
