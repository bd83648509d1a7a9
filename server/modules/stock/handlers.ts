import { currentUser, requireAdmin } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import { catalogueChanged } from '../catalogue';
import { adjustStock, stockHistory } from './adjustments';
import { adjustStockRoute, stockHistoryRoute } from './routes';

/** A variant's stock for the back office: `/v1/admin/variants/{variantId}/adjustments`. */
export function stockModule(deps: Deps) {
  const { database } = deps;
  const router = newRouter();
  router.use('/*', requireAdmin(deps));
  return router
    .openapi(adjustStockRoute, async (c) => {
      const adjusted = await adjustStock(
        database.db,
        currentUser(c),
        c.req.valid('param').variantId,
        c.req.valid('json'),
      );
      // After the commit: the shop's stock, its caches and search follow at once.
      await catalogueChanged(database, [adjusted.variant.productId]);
      return c.json({ data: adjusted }, 201);
    })
    .openapi(stockHistoryRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(
        await stockHistory(database.db, c.req.valid('param').variantId, c.req.valid('query')),
        200,
      );
    });
}
