import { createRoute } from '@hono/zod-openapi';
import { DeliveryAreaList } from '../../../contract/cart';
import { ok } from '../../lib/openapi';

export const deliveryAreasRoute = createRoute({
  method: 'get',
  path: '/v1/setups/delivery-areas',
  tags: ['setups'],
  summary: 'The areas the shop delivers to, with their coordinates (the fee comes with the cart)',
  responses: {
    200: ok('The areas', DeliveryAreaList),
  },
});
