import type { MiddlewareHandler } from 'hono';
import { currentUser } from '../../lib/auth/middleware';
import { AppError } from '../../lib/errors';
import { zodIssues } from '../../../contract/common';
import { errorResponse, newRouter, type AppEnv, type Deps } from '../../lib/http';
import { readStkCallback } from '../../lib/payments/callback';
import { createDarajaClientFromEnv, type DarajaClient } from '../../lib/payments/daraja';
import { requireCustomer } from '../cart/customers-only';
import { applyStkCallback, isCallbackSecret } from './callback';
import { getOrder, listOrders } from './orders';
import { checkoutRoute, getOrderRoute, listOrdersRoute, mpesaCallbackRoute, payOrderRoute } from './routes';
import { createCheckoutService } from './service';

export interface CheckoutModuleOptions {
  /** Stands in for the client built from MPESA_* (tests count or break pushes with it). */
  daraja?: DarajaClient;
}

export function checkoutModule(deps: Deps, options: CheckoutModuleOptions = {}) {
  const { db } = deps.database;
  const checkout = createCheckoutService({
    db,
    env: deps.env,
    logger: deps.logger,
    daraja: options.daraja ?? createDarajaClientFromEnv(deps.env),
  });
  const router = newRouter();
  router.use('/v1/checkout', requireCustomer(deps));
  router.use('/v1/orders', requireCustomer(deps));
  router.use('/v1/orders/*', requireCustomer(deps));

  // Before the body is read: a wrong secret looks exactly like a route that does not exist.
  const callbackSecret: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!isCallbackSecret(c.req.param('secret') ?? '', deps.env.MPESA_CALLBACK_SECRET)) {
      return errorResponse(c, 404, 'not_found', `There is no API route ${c.req.method} ${c.req.path}.`);
    }
    await next();
    // Whatever Daraja sent that we refused (not JSON, not the schema) is worth a look in the log.
    if (c.res.status === 400) {
      const refused = (await c.res
        .clone()
        .json()
        .catch(() => ({}))) as { message?: string; issues?: unknown };
      c.get('log').warn('mpesa callback refused', { message: refused.message, issues: refused.issues });
    }
  };
  router.use(`${mpesaCallbackRoute.path.replace('{secret}', ':secret')}`, callbackSecret);

  return router
    .openapi(checkoutRoute, async (c) => {
      const key = c.req.valid('header')['idempotency-key'];
      const { result, replayed } = await checkout.checkout(currentUser(c), key, c.req.valid('json'));
      if (replayed) c.header('Idempotent-Replayed', 'true');
      c.header('Cache-Control', 'no-store');
      return c.json({ data: result }, 201);
    })
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
      const result = await checkout.retryPayment(currentUser(c), orderId, c.req.valid('json'));
      c.header('Cache-Control', 'no-store');
      return c.json({ data: result }, 201);
    })
    .openapi(
      mpesaCallbackRoute,
      async (c) => {
        const log = c.get('log');
        try {
          await applyStkCallback(db, readStkCallback(c.req.valid('json')), log);
        } catch (err) {
          // Daraja does not resend callbacks, so failing the answer would not help: the reconciler's
          // STK query settles the attempt instead. The error goes to the log with the correlation id.
          log.error('mpesa callback not applied', {
            error: err instanceof Error ? err.message : String(err),
          });
        }
        return c.json({ ResultCode: 0 as const, ResultDesc: 'Accepted' }, 200);
      },
      (result) => {
        if (result.success) return undefined;
        // Thrown, so the error envelope is written as everywhere (and logged by the middleware above).
        throw new AppError(400, 'validation_failed', 'Not a Daraja STK callback.', zodIssues(result.error));
      },
    );
}
