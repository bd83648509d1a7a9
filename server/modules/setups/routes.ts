import { createRoute, z } from '@hono/zod-openapi';
import { CountryList } from '../../../contract/setups';
import { error, ok } from '../../lib/openapi';

export const setupRoute = createRoute({
  method: 'get',
  path: '/v1/setups/{name}',
  tags: ['setups'],
  summary: 'A setup list for forms; `countries` is the only one',
  request: { params: z.object({ name: z.string().max(64) }) },
  responses: {
    200: ok('The list', CountryList),
    404: error('No such setup list'),
  },
});
