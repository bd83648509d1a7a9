import { currentUser, requireCustomer } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import { listSavedRoute, saveRoute, unsaveRoute } from './routes';
import { listSavedItems, saveItem, unsaveItem } from './service';

export function savedItemsModule(deps: Deps) {
  const { db } = deps.database;
  const router = newRouter();
  router.use('/*', requireCustomer(deps));
  return router
    .openapi(listSavedRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await listSavedItems(db, currentUser(c).id, new Date()) }, 200);
    })
    .openapi(saveRoute, async (c) =>
      c.json({ data: await saveItem(db, currentUser(c).id, c.req.valid('json').productId, new Date()) }, 200),
    )
    .openapi(unsaveRoute, async (c) =>
      c.json({ data: await unsaveItem(db, currentUser(c).id, c.req.valid('param').productId) }, 200),
    );
}
