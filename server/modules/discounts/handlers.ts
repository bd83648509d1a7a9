import { currentUser, requireAdmin } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import { catalogueChanged } from '../catalogue';
import {
  createDiscountRoute,
  deleteDiscountRoute,
  getDiscountRoute,
  listDiscountsRoute,
  updateDiscountRoute,
} from './routes';
import { createDiscount, deleteDiscount, getDiscount, listDiscounts, updateDiscount } from './service';

/** `/v1/discounts`: the back office's list, form reads and writes; admins only. */
export function discountsModule(deps: Deps) {
  const { database } = deps;
  const { db } = database;
  const router = newRouter();
  router.use('/*', requireAdmin(deps));
  // After a commit this instance's catalogue cache drops at once (others follow the triggers of
  // migrations 0005 and 0007); search indexes no prices, so it has nothing to follow.
  const changed = () => catalogueChanged(database);

  return router
    .openapi(listDiscountsRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listDiscounts(db, c.req.valid('query'), new Date()), 200);
    })
    .openapi(getDiscountRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await getDiscount(db, c.req.valid('param').discountId, new Date()) }, 200);
    })
    .openapi(createDiscountRoute, async (c) => {
      const id = await createDiscount(db, currentUser(c), c.req.valid('json'));
      await changed();
      return c.json({ data: await getDiscount(db, id, new Date()) }, 201);
    })
    .openapi(updateDiscountRoute, async (c) => {
      const { discountId } = c.req.valid('param');
      await updateDiscount(db, currentUser(c), discountId, c.req.valid('json'));
      await changed();
      return c.json({ data: await getDiscount(db, discountId, new Date()) }, 200);
    })
    .openapi(deleteDiscountRoute, async (c) => {
      const { discountId } = c.req.valid('param');
      await deleteDiscount(db, currentUser(c), discountId);
      await changed();
      return c.json({ data: { discountId } }, 200);
    });
}
