import { createRoute, z } from '@hono/zod-openapi';
import { ErrorBody, envelope } from '../../../contract/common';
import { CountryList } from '../../../contract/setups';

export const setupRoute = createRoute({
  method: 'get',
  path: '/v1/setups/{name}',
  tags: ['setups'],
  summary: 'A setup list for forms; `countries` is the only one',
  request: { params: z.object({ name: z.string().max(64) }) },
  responses: {
    200: { description: 'The list', content: { 'application/json': { schema: envelope(CountryList) } } },
    404: { description: 'No such setup list', content: { 'application/json': { schema: ErrorBody } } },
  },
});
