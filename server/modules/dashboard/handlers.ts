import { dashboardFor } from '../../../contract/dashboard-rules';
import { currentUser, requireAdmin } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import { getDashboardRoute } from './routes';
import { getDashboard } from './service';

/** `GET /v1/admin/dashboard`; `now` is the clock (tests freeze it). */
export function dashboardModule(deps: Deps, { now = () => new Date() }: { now?: () => Date } = {}) {
  const { db } = deps.database;
  const router = newRouter();
  router.use('/*', requireAdmin(deps));
  return router.openapi(getDashboardRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { role } = currentUser(c);
    return c.json({ data: dashboardFor(role, await getDashboard(db, now())) }, 200);
  });
}
