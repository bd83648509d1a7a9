import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../lib/errors';
import { MPESA_CALLBACK_PROBE_HEADER, MPESA_CALLBACK_PROOF_HEADER } from '../../../contract/checkout';
import { zodIssues } from '../../../contract/common';
import { newRouter, noSuchRoute, type AppEnv, type Deps } from '../../lib/http';
import { readStkCallback } from '../../lib/payments/callback';
import { probeProof } from '../../lib/payments/callback-probe';
import { sameSecret } from '../../lib/secrets';
import { applyStkCallback } from './callback';
import { mpesaCallbackRoute } from './routes';

/** Where Daraja reports how a prompt ended; the reconciler (server/jobs) asks about the ones it never reports. */
export function paymentsModule(deps: Deps) {
  const { db } = deps.database;
  const router = newRouter();

  // Before the body is read: a wrong secret looks exactly like a route that does not exist.
  const callbackSecret: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!sameSecret(c.req.param('secret') ?? '', deps.env.MPESA_CALLBACK_SECRET)) {
      return noSuchRoute(c);
    }
    await next();
    // Whatever Daraja sent that we refused (not JSON, not the schema) is worth a look in the log.
    if (c.res.status === 400) {
      deps.metrics?.callbackReceived('invalid');
      const refused = (await c.res
        .clone()
        .json()
        .catch(() => ({}))) as { message?: string; issues?: unknown };
      c.get('log').warn('mpesa callback refused', { message: refused.message, issues: refused.issues });
    }
  };
  router.use('/:secret', callbackSecret);

  return router.openapi(
    mpesaCallbackRoute,
    async (c) => {
      const log = c.get('log');
      // A probe (npm run mpesa:check) proves it reached a server holding the secret: its body, though
      // checked like any callback's, is never applied.
      const nonce = c.req.valid('header')[MPESA_CALLBACK_PROBE_HEADER];
      if (nonce) {
        log.info('mpesa callback probe answered');
        c.header(MPESA_CALLBACK_PROOF_HEADER, probeProof(deps.env.MPESA_CALLBACK_SECRET, nonce));
        c.header('Cache-Control', 'no-store');
        return c.json({ ResultCode: 0 as const, ResultDesc: 'Probe answered; nothing was changed' }, 200);
      }
      try {
        const callback = readStkCallback(c.req.valid('json'));
        const applied = await applyStkCallback(db, callback, log);
        deps.metrics?.callbackReceived(
          !applied.matched
            ? 'unmatched'
            : callback.outcome.status === 'paid'
              ? 'paid'
              : callback.outcome.reason,
        );
      } catch (err) {
        deps.metrics?.callbackReceived('not_applied');
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
