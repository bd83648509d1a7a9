import { currentUser, requireCustomer } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import { createDarajaClientFromEnv } from '../../lib/payments/daraja';
import { retryPayment } from './retry';
import { getOrderRoute, listOrdersRoute, payOrderRoute } from './routes';
import { getOrder, listOrders } from './service';

export function ordersModule(deps: Deps) {
  const { db } = deps.database;
  const prompt = {
    db,
    env: deps.env,
    logger: deps.logger,
    metrics: deps.metrics,
    daraja: createDarajaClientFromEnv(deps.env),
    now: () => new Date(),
  };
  const router = newRouter();
  router.use('/*', requireCustomer(deps));

  return router
    .openapi(listOrdersRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listOrders(db, currentUser(c).id, c.req.valid('query')), 200);
    })
    .openapi(getOrderRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await getOrder(db, currentUser(c).id, c.req.valid('param').orderId) }, 200);
    })
    .openapi(payOrderRoute, async (c) => {
      const { orderId } = c.req.valid('param');
      const result = await retryPayment(prompt, currentUser(c), orderId, c.req.valid('json'));
      c.header('Cache-Control', 'no-store');
      return c.json({ data: result }, 201);
    });
}
