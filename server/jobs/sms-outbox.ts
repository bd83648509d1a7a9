import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import type { Metrics } from '../lib/metrics';
import type { SmsClient } from '../lib/sms/africastalking';
import { claimDueSms, markSmsRefused, markSmsSent, markSmsUnknown, smsQueued } from '../lib/sms/outbox';
import { periodic, type Job } from './runner';

export interface SmsWorkerOptions {
  db: Db;
  client: SmsClient;
  logger: Logger;
  pollMs: number;
  maxAttempts: number;
  /** How long a send may stay unsettled before the message is sent again (SMS_UNKNOWN_WAIT_MS). */
  unknownWaitMs: number;
  batch?: number;
  metrics?: Pick<Metrics, 'smsSent'>;
  now?: () => Date;
}

/** Claims due messages and sends each once; answers how many it claimed. */
export async function deliverDueSms(o: SmsWorkerOptions): Promise<number> {
  const now = o.now ?? (() => new Date());
  const claimed = await claimDueSms(o.db, { limit: o.batch ?? 10, holdMs: o.unknownWaitMs, now: now() });
  // Each answer is recorded before the next send (not once for the batch): a worker that dies
  // mid-batch sends again only the message it was sending, and a delivery report, which can come
  // within a second of the send, finds the message by the gateway's id.
  for (const row of claimed) {
    const result = await o.client
      .send(row.phone, row.text)
      .catch((err: unknown) => ({ outcome: 'unknown', reason: String(err) }) as const);
    const log = { id: row.id, orderId: row.orderId, event: row.event, attempts: row.attempts };
    switch (result.outcome) {
      case 'accepted':
        await markSmsSent(o.db, row.id, result.messageId, now());
        o.metrics?.smsSent('accepted');
        break;
      case 'refused': {
        const retry = result.retry && row.attempts < o.maxAttempts;
        o.logger.warn('sms not sent', { ...log, reason: result.reason, retry });
        await markSmsRefused(o.db, row, result.reason, {
          retry: result.retry,
          maxAttempts: o.maxAttempts,
          now: now(),
        });
        o.metrics?.smsSent(retry ? 'retry' : 'refused');
        break;
      }
      case 'unknown':
        o.logger.warn('sms outcome unknown; waiting for its delivery report', {
          ...log,
          reason: result.reason,
        });
        await markSmsUnknown(o.db, row, result.reason, { maxAttempts: o.maxAttempts, now: now() });
        o.metrics?.smsSent('unknown');
        break;
    }
  }
  return claimed.length;
}

/** Sends the outbox every `pollMs`, and at once when this process queues a message. */
export function smsOutboxJob(o: SmsWorkerOptions): Job {
  const batch = o.batch ?? 10;
  return periodic('sms outbox', async () => (await deliverDueSms({ ...o, batch })) === batch, {
    everyMs: o.pollMs,
    atStart: true,
    wakeOn: (wake) => {
      smsQueued.on('queued', wake);
      return () => void smsQueued.off('queued', wake);
    },
  });
}
