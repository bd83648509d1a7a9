import { currentUser, requireAdmin } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import { wakeOrderNotices } from '../../lib/order-notices';
import { deliverAsRider } from '../orders-admin';
import { listDeliveriesRoute, markDeliveredRoute } from './routes';
import { deliveryOf, listDeliveries } from './service';

/** A rider's round: `GET /v1/admin/deliveries` and `POST /v1/admin/deliveries/{orderId}/delivered`. */
export function deliveriesModule(deps: Deps) {
  const { db } = deps.database;
  const router = newRouter();
  router.use('/*', requireAdmin(deps));
  router.openapi(listDeliveriesRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await listDeliveries(db, currentUser(c).id) }, 200);
  });
  return router.openapi(markDeliveredRoute, async (c) => {
    const { orderId } = c.req.valid('param');
    const rider = currentUser(c);
    const result = await deliverAsRider(db, rider, orderId);
    if (result.mailed) wakeOrderNotices();
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await deliveryOf(db, rider.id, orderId) }, 200);
  });
}
