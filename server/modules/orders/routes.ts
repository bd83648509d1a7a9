import { createRoute } from '@hono/zod-openapi';
import {
  CheckoutResult,
  Order,
  OrderIdParams,
  OrderList,
  OrderListQuery,
  PayOrderBody,
} from '../../../contract/checkout';
import { bearerSecurity } from '../../lib/auth/middleware';
import { badId, body, error, json, ok, rateLimited, shoppersOnly } from '../../lib/openapi';

// Paths are under /v1/orders, where server/app.ts mounts this module.

const signedIn = shoppersOnly('Admins have no cart or orders');

export const listOrdersRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listOrders',
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
  path: '/{orderId}',
  operationId: 'getOrder',
  tags: ['orders'],
  security: bearerSecurity,
  summary:
    'One order with its lines, totals, delivery and payment history (poll it while payment is pending)',
  request: { params: OrderIdParams },
  responses: {
    200: ok('The order', Order),
    400: badId,
    404: error('No such order among yours'),
    ...signedIn,
  },
});

export const payOrderRoute = createRoute({
  method: 'post',
  path: '/{orderId}/pay',
  operationId: 'retryOrderPayment',
  tags: ['orders'],
  security: bearerSecurity,
  summary: 'A new M-Pesa prompt for an order whose payment failed or expired',
  request: { params: OrderIdParams, body: body(PayOrderBody) },
  responses: {
    201: ok('The order and its payment state, as checkout answers', CheckoutResult),
    400: error('A bad phone, or an order id that is not a UUID'),
    404: error('No such order among yours'),
    409: error(
      'Already paid, under review, a prompt still open (`payment_pending`), the stock is gone (`out_of_stock`), an ' +
        'offer that priced it ended (`offer_ended`), or the shopper has used its promo code on another order meanwhile ' +
        '(`promo_refused`)',
    ),
    429: rateLimited('Too many M-Pesa prompts to this phone number, or from this account (`rate_limited`)'),
    ...signedIn,
  },
});
