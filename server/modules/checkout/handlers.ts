import { currentUser, requireCustomer } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import { clientIp } from '../../lib/rate-limit';
import { createDarajaClientFromEnv } from '../../lib/payments/daraja';
import { checkoutRoute } from './routes';
import { createCheckoutService } from './service';

export function checkoutModule(deps: Deps) {
  const checkout = createCheckoutService({
    db: deps.database.db,
    env: deps.env,
    logger: deps.logger,
    metrics: deps.metrics,
    daraja: createDarajaClientFromEnv(deps.env),
  });
  const router = newRouter();
  router.use('/', requireCustomer(deps));

  return router.openapi(checkoutRoute, async (c) => {
    const key = c.req.valid('header')['idempotency-key'];
    const { result, replayed } = await checkout.checkout(
      currentUser(c),
      key,
      c.req.valid('json'),
      clientIp(c, deps.env.TRUST_PROXY),
    );
    if (replayed) c.header('Idempotent-Replayed', 'true');
    c.header('Cache-Control', 'no-store');
    return c.json({ data: result }, 201);
  });
}
