import { createRoute } from '@hono/zod-openapi';
import { AdminDashboard } from '../../../contract/dashboard';
import { bearerSecurity } from '../../lib/auth/middleware';
import { adminsOnly, adminTags, ok } from '../../lib/openapi';

// Under /v1/admin/dashboard, where server/app.ts mounts this module.

export const getDashboardRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'getAdminDashboard',
  'x-permission': 'dashboard.read',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'How the shop is doing: revenue, orders, best sellers, stock and payments to settle',
  description:
    'Revenue is the total of paid orders by the Nairobi day they were paid (UTC+3): today, the last 7 ' +
    'and the last 30 days (today included), each with the as-long period before it and the change in ' +
    'percent (null when the period before had none); the last 30 days day by day; every order counted ' +
    'by fulfilment and payment status; the best sellers of the last 30 days; live variants with 1–5 ' +
    'units and with none; the orders whose payment needs review; the newest orders. What the role ' +
    'asking may not see is left out: takings beyond today (the owner only: the 7- and 30-day revenue, ' +
    'the daily series, what best sellers brought in) and today\'s (owner and manager) are null, and ' +
    'without orders.read the order lists are empty.',
  responses: {
    200: ok('The figures, computed now', AdminDashboard),
    ...adminsOnly,
  },
});
