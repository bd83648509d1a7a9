import type { MiddlewareHandler } from 'hono';
import { zodIssues } from '../../../contract/common';
import { AppError } from '../../lib/errors';
import { newRouter, noSuchRoute, type AppEnv, type Deps } from '../../lib/http';
import { sameSecret } from '../../lib/secrets';
import { readDeliveryReport } from '../../lib/sms/delivery-report';
import { applyDeliveryReport } from '../../lib/sms/outbox';
import { smsDeliveryReportRoute } from './routes';

/** Where Africa's Talking reports what became of each SMS (server/lib/sms/outbox.ts applies it). */
export function smsModule(deps: Deps) {
  const { db } = deps.database;
  const router = newRouter();

  // Before the body is read: a wrong secret looks exactly like a route that does not exist.
  const reportSecret: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!sameSecret(c.req.param('secret') ?? '', deps.env.SMS_CALLBACK_SECRET)) return noSuchRoute(c);
    await next();
    if (c.res.status === 400) deps.metrics?.smsReportReceived('invalid');
  };
  router.use('/:secret', reportSecret);

  return router.openapi(
    smsDeliveryReportRoute,
    async (c) => {
      const report = readDeliveryReport(c.req.valid('form'));
      const applied = await applyDeliveryReport(db, report, new Date());
      deps.metrics?.smsReportReceived(applied);
      c.get('log').info('sms delivery report', { messageId: report.messageId, applied });
      return c.json({ ok: true as const }, 200);
    },
    (result) => {
      if (result.success) return undefined;
      throw new AppError(
        400,
        'validation_failed',
        "Not an Africa's Talking delivery report.",
        zodIssues(result.error),
      );
    },
  );
}
