import { createRoute, z } from '@hono/zod-openapi';
import {
  AdminOrder,
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderPatch,
  RefundBody,
} from '../../../contract/admin-orders';
import { OrderIdParams } from '../../../contract/checkout';
import { countRows, envelope } from '../../../contract/common';
import { Rider } from '../../../contract/deliveries';
import { bearerSecurity } from '../../lib/auth/middleware';
import { adminsOnly, adminTags, badId, body, error, json, ok } from '../../lib/openapi';

// Under /v1/admin/orders, where server/app.ts mounts this module.

export const CSV_TYPE = 'text/csv';

export const listAdminOrdersRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listAdminOrders',
  'x-permission': 'orders.read',
  tags: adminTags,
  security: bearerSecurity,
  summary:
    'One page of orders, newest first, filtered by payment, fulfilment, dates and a search; or all of them as CSV',
  description:
    "`q` matches the order number (`1042` or `SKN1042`), part of the shopper's email, or the M-Pesa phone " +
    'in any Kenyan form (`0712…`, `+254712…`, `254712…`). `from` and `to` are Nairobi days, both ' +
    'inclusive. With `Accept: text/csv` the answer is the whole filtered list (no paging) as a CSV ' +
    'attachment named `sokoni-orders-YYYY-MM-DD.csv`, one row per order with its figures, the ' +
    'promo code it was placed with and what the code saved; cells a spreadsheet would run as a ' +
    'formula start with an apostrophe.',
  request: { query: AdminOrderListQuery },
  responses: {
    200: {
      description: 'The page and its position, or the whole filtered list as CSV',
      content: {
        'application/json': { schema: AdminOrderList },
        [CSV_TYPE]: { schema: z.string().meta({ description: 'RFC 4180 CSV with a header row' }) },
      },
    },
    400: error('A filter or paging value is out of range or malformed (e.g. `to` before `from`)'),
    ...adminsOnly,
  },
});

export const getAdminOrderRoute = createRoute({
  method: 'get',
  path: '/{orderId}',
  operationId: 'getAdminOrder',
  'x-permission': 'orders.read',
  tags: adminTags,
  security: bearerSecurity,
  summary:
    'One order with its shopper, lines, promo code and saving, every payment attempt, refund, the moves allowed now and its timeline',
  request: { params: OrderIdParams },
  responses: {
    200: ok('The order', AdminOrder),
    400: badId,
    ...adminsOnly,
    404: error('No such order'),
  },
});

export const patchAdminOrderRoute = createRoute({
  method: 'patch',
  path: '/{orderId}',
  operationId: 'updateAdminOrder',
  'x-permission': 'orders.fulfil',
  tags: adminTags,
  security: bearerSecurity,
  summary:
    'Moves an order one fulfilment step, cancels it, or marks its unclear payment paid with the M-Pesa receipt',
  description:
    '`{ status }` moves one step forward (new → processing → out_for_delivery → delivered; only a paid ' +
    'order) or cancels (`cancelled`, before delivery: the items go back to stock, a paid order owes a ' +
    'refund, a payment under review is closed). `{ paymentStatus: "paid", receipt }` settles a payment ' +
    'that needs review (or failed or expired although the money arrived). The shopper is mailed. ' +
    'Moving along needs `orders.fulfil`; a cancel also needs `orders.cancel`, a payment settled `payments.settle`.',
  request: { params: OrderIdParams, body: body(AdminOrderPatch) },
  responses: {
    200: ok('The order after the change', AdminOrder),
    400: error(
      'A bad body (an unknown status, a malformed receipt, the move to out_for_delivery without `riderId`, ' +
        'a `riderId` that is not an active rider) or an order id that is not a UUID',
    ),
    ...adminsOnly,
    404: error('No such order'),
    409: error(
      "The move (or a rider change) is not allowed from the order's status now (`illegal_transition`, the message names it), " +
        'the receipt is recorded for another order (`receipt_taken`), or the items are no longer in stock (`out_of_stock`)',
    ),
  },
});

export const refundAdminOrderRoute = createRoute({
  method: 'post',
  path: '/{orderId}/refund',
  operationId: 'refundAdminOrder',
  'x-permission': 'orders.refund',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Records the M-Pesa reversal of a refund that is due (a paid order that was cancelled)',
  request: { params: OrderIdParams, body: body(RefundBody) },
  responses: {
    200: ok('The order, refunded', AdminOrder),
    400: error('A malformed reference, an amount that is not a positive whole number, or a bad order id'),
    ...adminsOnly,
    404: error('No such order'),
    409: error(
      'No refund is due (`refund_not_due`), the amount is more than was paid (`refund_too_large`), or the ' +
        'reference is already recorded (`refund_reference_taken`)',
    ),
  },
});

export const checkOrderPaymentRoute = createRoute({
  method: 'post',
  path: '/{orderId}/payment-check',
  operationId: 'checkOrderPayment',
  'x-permission': 'payments.settle',
  tags: adminTags,
  security: bearerSecurity,
  summary: "Asks M-Pesa again (STK Push Query) how the order's latest prompt ended, and applies the answer",
  description:
    'A paid answer for an expired prompt makes the order paid; a failure closes an open prompt. The ' +
    'check is recorded in the timeline either way. When M-Pesa fails or cannot be reached nothing changes.',
  request: { params: OrderIdParams },
  responses: {
    200: ok('The order after the check', AdminOrder),
    400: badId,
    ...adminsOnly,
    404: error('No such order'),
    409: error('No prompt of this order ever reached M-Pesa (`no_prompt`)'),
    502: error('M-Pesa answered with an error (`mpesa_error`); nothing changed'),
    503: error('M-Pesa could not be reached (`mpesa_unavailable`); nothing changed'),
  },
});

// Under /v1/admin/riders.

export const listRidersRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listRiders',
  'x-permission': 'orders.fulfil',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'The riders an order can go out with: active staff members with the rider role, by name',
  responses: {
    200: json('The riders', envelope(countRows(Rider))),
    ...adminsOnly,
  },
});
