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

/** An amount as the refusals write it: `KSH 1,240`. */
export const kshText = (amount: number) => `KSH ${amount.toLocaleString('en-KE')}`;

/**
 * One reason a cart no longer costs what the page showed: an offer on a line ended or began, a
 * line's price was edited, the delivery fee changed, or the cart itself changed (in another tab).
 * Prices in KSH; `label` names the variant as `variantLabel` does.
 */
export type PriceChangeCause =
  | { kind: 'offer_ended' | 'went_on_offer' | 'price_edited'; label: string; price: number; was: number }
  | { kind: 'delivery_fee'; price: number; was: number }
  | { kind: 'cart_changed' };

/**
 * Why `now` does not cost what `shown` did, cause by cause (what a 409 `price_changed` says, and
 * what the storefront says in the shopper's language); empty when the totals agree.
 */
export function priceChangeCauses(shown: ShownFigures, now: Cart): PriceChangeCause[] {
  if (shown.total === now.total) return [];
  const shownLines = new Map(shown.items.map((i) => [i.itemId, i]));
  const causes: PriceChangeCause[] = [];
  for (const line of now.Items) {
    const was = shownLines.get(line.itemId);
    if (was === undefined || was.price === line.price) continue;
    const kind =
      was.onSale && !line.onSale
        ? 'offer_ended'
        : !was.onSale && line.onSale
          ? 'went_on_offer'
          : 'price_edited';
    causes.push({
      kind,
      label: variantLabel(line.name, line.variantName),
      price: line.price,
      was: was.price,
    });
  }
  if (shown.shippingRate !== now.shippingRate)
    causes.push({ kind: 'delivery_fee', price: now.shippingRate, was: shown.shippingRate });
  const sameLines =
    shown.items.length === now.Items.length && now.Items.every((l) => shownLines.has(l.itemId));
  // Lines added or removed, or a quantity changed, in another tab.
  if (!sameLines || causes.length === 0) causes.push({ kind: 'cart_changed' });
  return causes;
}

function causeSentence(cause: PriceChangeCause): string {
  switch (cause.kind) {
    case 'offer_ended':
      return `The offer on ${cause.label} ended: it costs ${kshText(cause.price)}, not ${kshText(cause.was)}.`;
    case 'went_on_offer':
      return `${cause.label} went on offer: it costs ${kshText(cause.price)}, not ${kshText(cause.was)}.`;
    case 'price_edited':
      return `The price of ${cause.label} changed from ${kshText(cause.was)} to ${kshText(cause.price)}.`;
    case 'delivery_fee':
      return `The delivery fee changed from ${kshText(cause.was)} to ${kshText(cause.price)}.`;
    case 'cart_changed':
      return 'Your cart changed since this page showed it.';
  }
}

/**
 * Checkout when the cart, priced now, does not cost the total the page showed: a 409 whose message
 * names each cause in a sentence (an offer ended or began, a price was edited, the delivery fee
 * changed, the cart changed in another tab) and then the new total, with the new figures beside it.
 * Null when the totals agree: the shopper is charged exactly what they saw.
 */
export function priceChangedRefusal(shown: ShownFigures, now: Cart): Refusal | null {
  const causes = priceChangeCauses(shown, now);
  if (causes.length === 0) return null;
  const priceChange: PriceChange = { shownTotal: shown.total, cart: now };
  return {
    status: 409,
    code: 'price_changed',
    message: `${causes.map(causeSentence).join(' ')} Your total is now ${kshText(now.total)}, not ${kshText(shown.total)}: check it and press Pay again.`,
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

/** The same Idempotency-Key sent with another checkout body, or with another cart write (`what`). */
export const idempotencyKeyReused = (what: 'checkout' | 'cart change' = 'checkout'): Refusal => ({
  status: 409,
  code: 'idempotency_key_reused',
  message: `This Idempotency-Key was already used for a different ${what}. Use a new key for a new ${what}.`,
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
