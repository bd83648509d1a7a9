import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { MailTransport } from '../lib/mail/transport';
import type { Metrics } from '../lib/metrics';
import type { DarajaClient } from '../lib/payments/daraja';
import type { SmsClient } from '../lib/sms/africastalking';
import { catalogueChangesJob } from './catalogue-changes';
import { dashboardRollupJob } from './dashboard-rollup';
import { housekeepingJob } from './housekeeping';
import { mailOutboxJob } from './mail-outbox';
import { paymentReconcilerJob } from './payment-reconciler';
import type { Job } from './runner';
import { smsOutboxJob } from './sms-outbox';

/**
 * What this instance runs beside its requests, in the order they stop: the reconciler first, as a
 * pass in hand may still query Daraja (the simulator, in development) and settle in the database.
 * With RUN_JOBS=false only the catalogue's change listener, which keeps this instance's own caches
 * true; the shop's background work is then another instance's (its clients are made only when it
 * is this one's).
 */
export function instanceJobs(
  env: Env,
  database: Database,
  logger: Logger,
  o: { daraja: () => DarajaClient; mail: () => MailTransport; sms: () => SmsClient; metrics?: Metrics },
): Job[] {
  const catalogue = catalogueChangesJob(database, logger);
  if (!env.RUN_JOBS) return [catalogue];
  return [
    paymentReconcilerJob({
      db: database.db,
      daraja: o.daraja(),
      logger,
      queryDelayMs: env.PAYMENT_QUERY_DELAY_MS,
      intervalMs: env.PAYMENT_RECONCILE_INTERVAL_MS,
    }),
    mailOutboxJob({
      db: database.db,
      transport: o.mail(),
      logger,
      pollMs: env.MAIL_POLL_MS,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
    }),
    smsOutboxJob({
      db: database.db,
      client: o.sms(),
      logger,
      pollMs: env.SMS_POLL_MS,
      maxAttempts: env.SMS_MAX_ATTEMPTS,
      unknownWaitMs: env.SMS_UNKNOWN_WAIT_MS,
      metrics: o.metrics,
    }),
    housekeepingJob(database.db),
    dashboardRollupJob(database.db),
    catalogue,
  ];
}
