import { createRoute, z } from '@hono/zod-openapi';
import { CheckoutBody, CheckoutConflict, CheckoutResult, IdempotencyKey } from '../../../contract/checkout';
import { bearerSecurity } from '../../lib/auth/middleware';
import { body, error, json, ok, rateLimited, retryLater, shoppersOnly } from '../../lib/openapi';

// Paths are under /v1/checkout, where server/app.ts mounts this module.

const signedIn = shoppersOnly('Admins have no cart or orders');

export const checkoutRoute = createRoute({
  method: 'post',
  path: '/',
  operationId: 'checkout',
  tags: ['checkout'],
  security: bearerSecurity,
  summary: 'Places the order for the cart and sends the M-Pesa prompt',
  description:
    'Re-prices the cart, reserves the stock, creates the order (payment `pending`) and empties the cart in one ' +
    'transaction, then sends the STK push. The order is placed only at the total the page showed (`shown.total`): ' +
    'any difference is a 409 `price_changed` with the new figures, and no order and no prompt. Once the order exists the answer is always 201: when the prompt ' +
    'could not be sent, `paymentStatus` is `failed` with `paymentMessage` (retry with `POST /v1/orders/{orderId}/pay`); ' +
    'when sending timed out it stays `pending` with a message. The same Idempotency-Key answers with the same order. ' +
    'With `promoCode` the cart is priced with the code as `GET /v1/cart?promoCode=` priced it, the order takes one use ' +
    'of it (given back if the payment fails or expires, or the order is cancelled) and records it with its saving; a ' +
    'code that no longer applies (ended, used up, already used by this shopper…) is a 409 `promo_refused` with the ' +
    'sentence why, and no order and no prompt.',
  request: {
    // Hono reads header names in lower case.
    headers: z.object({ 'idempotency-key': IdempotencyKey }),
    body: body(CheckoutBody),
  },
  responses: {
    201: ok(
      'The order and its payment state (also for a replayed key, with `Idempotent-Replayed: true`)',
      CheckoutResult,
    ),
    400: error(
      'A bad body or key (a malformed `promoCode` among them), an empty cart (`cart_empty`), an unknown area or a ' +
        'total above M-Pesa’s limit',
    ),
    409: json(
      'A line is out of stock (`out_of_stock`, the message names it), an offer that priced a line ended meanwhile ' +
        '(`offer_ended`), the cart no longer costs `shown.total` (`price_changed`: the message names each cause and ' +
        '`priceChange` carries the new figures), the promo code no longer applies (`promo_refused`, the message says ' +
        'why), too many unpaid orders (`too_many_unpaid_orders`) or the key was used for another body ' +
        '(`idempotency_key_reused`)',
      CheckoutConflict,
    ),
    429: rateLimited(
      'Too many M-Pesa prompts to this phone number or from this account, or too many unknown promo codes from ' +
        'this account or address (`rate_limited`)',
    ),
    503: retryLater(
      'More shoppers are checking out at this moment than the shop serves at once, and this one waited its longest ' +
        'in line (`busy`): nothing was ordered or held; try again after `Retry-After` seconds',
    ),
    ...signedIn,
    403: error(
      'An admin account (admins have no cart or orders), or the shop has blocked this customer (`customer_blocked`)',
    ),
  },
});
