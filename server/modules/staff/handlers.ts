import { currentUser, requireAdmin } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import { listStaffRoute, updateStaffRoute } from './routes';
import { listStaff, updateStaff } from './service';

/** The owner's staff screen: `GET /v1/admin/staff` and `PATCH /v1/admin/staff/{userId}`. */
export function staffModule(deps: Deps) {
  const { db } = deps.database;
  const router = newRouter();
  router.use('/*', requireAdmin(deps));
  router.openapi(listStaffRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await listStaff(db) }, 200);
  });
  return router.openapi(updateStaffRoute, async (c) => {
    const { userId } = c.req.valid('param');
    return c.json({ data: await updateStaff(db, currentUser(c), userId, c.req.valid('json')) }, 200);
  });
}
