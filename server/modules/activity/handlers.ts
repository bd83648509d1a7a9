import { requireAdmin } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import { listActivityRoute } from './routes';
import { listActivity } from './service';

/** The activity log's read: `GET /v1/admin/activity?entity=&id=`. */
export function activityModule(deps: Deps) {
  const { db } = deps.database;
  const router = newRouter();
  router.use('/*', requireAdmin(deps));
  return router.openapi(listActivityRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listActivity(db, c.req.valid('query')), 200);
  });
}
