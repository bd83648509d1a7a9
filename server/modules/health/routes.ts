import { createRoute } from '@hono/zod-openapi';
import { envelope, Health } from '../../../contract/common';

export const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['system'],
  summary: 'Liveness and database status',
  responses: {
    200: { description: 'The server and its database answer', content: { 'application/json': { schema: envelope(Health) } } },
    503: { description: 'The database does not answer', content: { 'application/json': { schema: envelope(Health) } } },
  },
});
