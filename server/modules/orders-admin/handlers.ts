import type { Context } from 'hono';
import { currentUser, demand, requireAdmin } from '../../lib/auth/middleware';
import { newRouter, type AppEnv, type Deps } from '../../lib/http';
import { wakeOrderNotices } from '../../lib/order-notices';
import { createDarajaClientFromEnv, type DarajaClient } from '../../lib/payments/daraja';
import {
  checkOrderPaymentRoute,
  CSV_TYPE,
  getAdminOrderRoute,
  listAdminOrdersRoute,
  listRidersRoute,
  patchAdminOrderRoute,
  refundAdminOrderRoute,
} from './routes';
import { getAdminOrder } from './detail';
import { adminOrdersCsv, csvFilename, listAdminOrders } from './list';
import { patchAdminOrder, type MoveResult } from './moves';
import { checkOrderPayment } from './payment-check';
import { refundOrder } from './refund';
import { listRiders } from './riders';

/** Whether the client asked for CSV rather than JSON. */
const wantsCsv = (c: Context<AppEnv>) => (c.req.header('Accept') ?? '').toLowerCase().includes(CSV_TYPE);

/** The back office's orders: `/v1/admin/orders`. */
export function ordersAdminModule(
  deps: Deps,
  daraja: Pick<DarajaClient, 'stkQuery'> = createDarajaClientFromEnv(deps.env),
) {
  const { db } = deps.database;
  const router = newRouter();
  router.use('/*', requireAdmin(deps));

  /** After a committed change: wake the mail worker if it queued mail, answer the order as it is now. */
  const changed = async (c: Context<AppEnv>, orderId: string, result: MoveResult) => {
    if (result.mailed) wakeOrderNotices();
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await getAdminOrder(db, orderId) }, 200);
  };

  return router
    .openapi(listAdminOrdersRoute, async (c) => {
      const query = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      if (wantsCsv(c)) {
        c.header('Content-Type', `${CSV_TYPE}; charset=utf-8`);
        c.header('Content-Disposition', `attachment; filename="${csvFilename(new Date())}"`);
        return c.body(await adminOrdersCsv(db, query), 200);
      }
      return c.json(await listAdminOrders(db, query), 200);
    })
    .openapi(getAdminOrderRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await getAdminOrder(db, c.req.valid('param').orderId) }, 200);
    })
    .openapi(patchAdminOrderRoute, async (c) => {
      const { orderId } = c.req.valid('param');
      const patch = c.req.valid('json');
      const user = currentUser(c);
      // Moving along is the route's own permission; a cancel or a settled payment needs more.
      if ('paymentStatus' in patch) demand(c, 'payments.settle');
      else if ('status' in patch && patch.status === 'cancelled') demand(c, 'orders.cancel');
      return changed(c, orderId, await patchAdminOrder(db, user, orderId, patch));
    })
    .openapi(refundAdminOrderRoute, async (c) => {
      const { orderId } = c.req.valid('param');
      return changed(c, orderId, await refundOrder(db, currentUser(c), orderId, c.req.valid('json')));
    })
    .openapi(checkOrderPaymentRoute, async (c) => {
      const { orderId } = c.req.valid('param');
      return changed(c, orderId, await checkOrderPayment(db, daraja, currentUser(c), orderId));
    });
}

/** The riders fulfilment staff pick from: `GET /v1/admin/riders`. */
export function ridersModule(deps: Deps) {
  const { db } = deps.database;
  const router = newRouter();
  router.use('/*', requireAdmin(deps));
  return router.openapi(listRidersRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await listRiders(db) }, 200);
  });
}
