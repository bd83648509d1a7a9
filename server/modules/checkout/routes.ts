import { createRoute, z } from '@hono/zod-openapi';
import {
  CheckoutBody,
  CheckoutResult,
  IdempotencyKey,
  MpesaCallbackAck,
  Order,
  OrderIdParams,
  OrderList,
  OrderListQuery,
  PayOrderBody,
} from '../../../contract/checkout';
import { bearerSecurity } from '../../lib/auth/middleware';
import { body, error, json, ok, shoppersOnly } from '../../lib/openapi';
import { StkCallbackBody } from '../../lib/payments/callback';
import { MPESA_CALLBACK_PATH } from '../../lib/payments/config';

const signedIn = shoppersOnly('Admins have no cart or orders');

export const checkoutRoute = createRoute({
  method: 'post',
  path: '/v1/checkout',
  tags: ['checkout'],
  security: bearerSecurity,
  summary: 'Places the order for the cart and sends the M-Pesa prompt',
  description:
    'Re-prices the cart, reserves the stock, creates the order (payment `pending`) and empties the cart in one ' +
    'transaction, then sends the STK push. Once the order exists the answer is always 201: when the prompt ' +
    'could not be sent, `paymentStatus` is `failed` with `paymentMessage` (retry with `POST /v1/orders/{orderId}/pay`); ' +
    'when sending timed out it stays `pending` with a message. The same Idempotency-Key answers with the same order.',
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
      'A bad body or key, an empty cart (`cart_empty`), an unknown area or a total above M-Pesa’s limit',
    ),
    409: error(
      'A line is out of stock (`out_of_stock`, the message names it) or the key was used for another body (`idempotency_key_reused`)',
    ),
    ...signedIn,
  },
});

export const listOrdersRoute = createRoute({
  method: 'get',
  path: '/v1/orders',
  tags: ['orders'],
  security: bearerSecurity,
  summary: "The shopper's orders, newest first",
  request: { query: OrderListQuery },
  responses: {
    200: json('One page', OrderList),
    400: error('A bad limit or offset'),
    ...signedIn,
  },
});

export const getOrderRoute = createRoute({
  method: 'get',
  path: '/v1/orders/{orderId}',
  tags: ['orders'],
  security: bearerSecurity,
  summary:
    'One order with its lines, totals, delivery and payment history (poll it while payment is pending)',
  request: { params: OrderIdParams },
  responses: {
    200: ok('The order', Order),
    404: error('No such order among yours'),
    ...signedIn,
  },
});

export const payOrderRoute = createRoute({
  method: 'post',
  path: '/v1/orders/{orderId}/pay',
  tags: ['orders'],
  security: bearerSecurity,
  summary: 'A new M-Pesa prompt for an order whose payment failed or expired',
  request: { params: OrderIdParams, body: body(PayOrderBody) },
  responses: {
    201: ok('The order and its payment state, as checkout answers', CheckoutResult),
    400: error('A bad phone'),
    404: error('No such order among yours'),
    409: error(
      'Already paid, under review, a prompt still open (`payment_pending`), or the stock is gone (`out_of_stock`)',
    ),
    ...signedIn,
  },
});

export const mpesaCallbackRoute = createRoute({
  method: 'post',
  path: `${MPESA_CALLBACK_PATH}/{secret}`,
  tags: ['payments'],
  summary: 'Where Daraja posts the result of an STK push (the last segment is MPESA_CALLBACK_SECRET)',
  request: { params: z.object({ secret: z.string().max(256) }), body: body(StkCallbackBody) },
  responses: {
    200: json(
      'Accepted (also for an id Sokoni does not know: Daraja need not send it again)',
      MpesaCallbackAck,
    ),
    400: error('Not a Daraja STK callback'),
    404: error('Wrong secret: answered as an unknown route'),
  },
});
