import { createRoute, z } from '@hono/zod-openapi';
import {
  AddCartItemBody,
  Cart,
  CartItemParams,
  CartQuery,
  CartQuoteBody,
  UpdateCartItemBody,
} from '../../../contract/cart';
import { IdempotencyKey } from '../../../contract/checkout';
import { bearerSecurity, publicSecurity } from '../../lib/auth/middleware';
import { body, error, ok, rateLimited, shoppersOnly } from '../../lib/openapi';

// Paths are under /v1/cart, where server/app.ts mounts this module.

const cart = (description: string) => ok(description, Cart);
/** A write's optional Idempotency-Key (Hono reads header names in lower case). */
const writeKey = z.object({ 'idempotency-key': IdempotencyKey.optional() });
const once =
  'With an `Idempotency-Key` (as checkout takes it) the write is applied once: the same key again answers 200 ' +
  'with the cart as it is now (`Idempotent-Replayed: true`) and changes nothing, so a write queued offline can ' +
  'be sent again after a lost answer. A refused write records nothing. Keys are kept a day.';
const reused = error(
  'The `Idempotency-Key` was already used for a different cart write (`idempotency_key_reused`)',
);
const badKey = 'or a malformed `Idempotency-Key`';
const common = shoppersOnly('Admins get no cart');
const tags = ['cart'];
const guessing = rateLimited(
  'Too many unknown promo codes from this account or address in the last minute (`rate_limited`): every code is ' +
    'refused until the window lets one out; valid codes never count',
);
const withCode =
  'With `promoCode` the cart is priced with that code: `promo` says whether it applied (its saving; lines it ' +
  'prices lower, an `orderSaving`, or a lower `shippingRate`) or why not, in the sentence the shopper reads. ' +
  'A code and an automatic discount never stack on a line: it keeps the lower price.';

export const getCartRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'getCart',
  tags,
  security: bearerSecurity,
  summary: "The shopper's cart at today's prices; with a place, shippingRate is its delivery fee",
  description: `${withCode} The shopper's own uses of the code and their paid orders are checked too.`,
  request: { query: CartQuery },
  responses: {
    200: cart('The cart'),
    400: error('A bad place (unknown area, lat without lng, or outside Kenya) or a malformed `promoCode`'),
    ...common,
    429: guessing,
  },
});

export const addCartItemRoute = createRoute({
  method: 'post',
  path: '/',
  operationId: 'addCartItem',
  tags,
  security: bearerSecurity,
  summary: 'Adds units of a product variant (merging by variant); a guest line pushed twice counts once',
  description: once,
  request: { headers: writeKey, body: body(AddCartItemBody) },
  responses: {
    200: cart('The cart after the change (or, for a replayed key, as it is now)'),
    400: error(`A bad quantity or field, not enough stock, or a full cart, ${badKey}`),
    404: error('No such product or variant'),
    409: reused,
    ...common,
  },
});

export const updateCartItemRoute = createRoute({
  method: 'patch',
  path: '/{itemId}',
  operationId: 'updateCartItem',
  tags,
  security: bearerSecurity,
  summary: 'One more (1) or one less (-1); one less at 1 removes the line',
  description: once,
  request: { headers: writeKey, params: CartItemParams, body: body(UpdateCartItemBody) },
  responses: {
    200: cart('The cart after the change (or, for a replayed key, as it is now)'),
    400: error(`Not 1 or -1, not enough stock, or an id that is not a UUID, ${badKey}`),
    404: error('No such line in your cart'),
    409: reused,
    ...common,
  },
});

export const removeCartItemRoute = createRoute({
  method: 'delete',
  path: '/{itemId}',
  operationId: 'removeCartItem',
  tags,
  security: bearerSecurity,
  summary: 'Removes a line',
  description: once,
  request: { headers: writeKey, params: CartItemParams },
  responses: {
    200: cart('The cart after the change (or, for a replayed key, as it is now)'),
    400: error(`An id that is not a UUID, ${badKey}`),
    404: error('No such line in your cart'),
    409: reused,
    ...common,
  },
});

export const quoteCartRoute = createRoute({
  method: 'post',
  path: '/quote',
  operationId: 'quoteCart',
  tags,
  security: publicSecurity,
  summary: 'Prices a guest cart as the server cart is priced, in one call',
  description:
    'For shoppers who are not signed in: the lines of the cart kept in the browser, priced now with ' +
    'sales, stock and availability, in the same Cart shape as `GET /v1/cart` (shippingRate 0). A line ' +
    'above the stock is `available: false`; a line whose product or variant is no longer sold is named ' +
    'in `missing`. Nothing is stored. ' +
    withCode +
    ' The per-shopper and first-order conditions wait for sign-in.',
  request: { body: body(CartQuoteBody) },
  responses: {
    200: cart('The guest cart, priced now'),
    400: error('A bad line (quantity, ids, a repeated itemId or too many lines) or a malformed `promoCode`'),
    429: guessing,
  },
});
