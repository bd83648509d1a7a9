import { createRoute } from '@hono/zod-openapi';
import { ActivityList, ActivityQuery } from '../../../contract/admin';
import { bearerSecurity } from '../../lib/auth/middleware';
import { adminsOnly, adminTags, error, json } from '../../lib/openapi';

// Under /v1/admin/activity, where server/app.ts mounts this module.

export const listActivityRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listActivity',
  'x-permission': 'activity.read',
  tags: adminTags,
  security: bearerSecurity,
  summary: "One record's history of admin writes, newest first: who did what, and when",
  request: { query: ActivityQuery },
  responses: {
    200: json('The entries and their position', ActivityList),
    400: error('No entity or id, an unknown entity, or a paging value out of range'),
    ...adminsOnly,
  },
});
