import { createRoute, z } from '@hono/zod-openapi';
import { DeliveryAreaList } from '../../../contract/cart';
import { CountryList } from '../../../contract/setups';
import { publicSecurity } from '../../lib/auth/middleware';
import { clientErrors, error, ok } from '../../lib/openapi';

// The lists forms are filled from, under /v1/setups. The delivery areas are a named list of their
// own; every other name is looked up by setupRoute.

export const deliveryAreasRoute = createRoute({
  method: 'get',
  path: '/delivery-areas',
  operationId: 'listDeliveryAreas',
  tags: ['setups'],
  security: publicSecurity,
  summary: 'The areas the shop delivers to, with their coordinates (the fee comes with the cart)',
  responses: {
    200: ok('The areas', DeliveryAreaList),
    ...clientErrors,
  },
});

export const setupRoute = createRoute({
  method: 'get',
  path: '/{name}',
  operationId: 'getSetupList',
  tags: ['setups'],
  security: publicSecurity,
  summary: 'A setup list for forms; `countries` is the only one',
  request: { params: z.object({ name: z.string().max(64) }) },
  responses: {
    200: ok('The list', CountryList),
    400: error('The name is longer than 64 characters'),
    404: error('No such setup list'),
  },
});
