import { createRoute } from '@hono/zod-openapi';
import { Health } from '../../../contract/common';
import { publicSecurity } from '../../lib/auth/middleware';
import { clientErrors, ok } from '../../lib/openapi';

// Paths are under /health, where server/app.ts mounts this module.

export const healthRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'getHealth',
  tags: ['system'],
  security: publicSecurity,
  summary: 'Liveness and database status',
  responses: {
    200: ok('The server and its database answer', Health),
    503: ok('The database does not answer', Health),
    ...clientErrors,
  },
});
