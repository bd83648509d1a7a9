import { createRoute } from '@hono/zod-openapi';
import { OrderIdParams } from '../../../contract/checkout';
import { countRows, envelope } from '../../../contract/common';
import { Delivery } from '../../../contract/deliveries';
import { bearerSecurity } from '../../lib/auth/middleware';
import { adminsOnly, adminTags, badId, error, json, ok } from '../../lib/openapi';

// Under /v1/admin/deliveries, where server/app.ts mounts this module.

export const listDeliveriesRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listDeliveries',
  'x-permission': 'deliveries.own',
  tags: adminTags,
  security: bearerSecurity,
  summary:
    "The signed-in rider's round: the orders given to them that are out for delivery, then those delivered today",
  description:
    'Out for delivery first, the longest given first; then what the rider delivered since midnight in ' +
    'Nairobi, the latest first. Only orders given to the rider asking: nobody else has a round.',
  responses: {
    200: json("The rider's deliveries", envelope(countRows(Delivery))),
    ...adminsOnly,
  },
});

export const markDeliveredRoute = createRoute({
  method: 'post',
  path: '/{orderId}/delivered',
  operationId: 'markDelivered',
  'x-permission': 'deliveries.own',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'The rider marks an order given to them delivered',
  description:
    "The order's timeline records the step as the rider's, and the shopper is mailed. An order given to " +
    'another rider answers as one that does not exist.',
  request: { params: OrderIdParams },
  responses: {
    200: ok('The delivery, delivered', Delivery),
    400: badId,
    ...adminsOnly,
    404: error('No order of that id is given to this rider'),
    409: error(
      'The order is no longer out for delivery (`illegal_transition`, the message names its status)',
    ),
  },
});
