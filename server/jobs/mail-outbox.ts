import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { claimDueMail, mailQueued, markMailFailed, markMailSent } from '../lib/mail/outbox';
import type { MailTransport } from '../lib/mail/transport';
import { periodic, type Job } from './runner';

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  logger: Logger;
  pollMs: number;
  maxAttempts: number;
  batch?: number;
  /** How long a claim holds before another worker may take the message. */
  lockMs?: number;
  now?: () => Date;
}

/** Claims due messages and hands them to the transport once; returns how many it claimed. */
export async function deliverDueMail(o: MailWorkerOptions): Promise<number> {
  const now = o.now ?? (() => new Date());
  const claimed = await claimDueMail(o.db, { limit: o.batch ?? 10, lockMs: o.lockMs ?? 60_000, now: now() });
  // Each send is recorded before the next one starts (a statement a message, not one for the batch):
  // after a worker that dies mid-batch only the message it was sending goes out again, and a batch
  // that outlasts its claim leaves other workers only messages not sent yet.
  for (const row of claimed) {
    try {
      await o.transport.send(row);
      await markMailSent(o.db, row.id, now());
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      o.logger.warn('mail not sent', { id: row.id, attempts: row.attempts, error });
      await markMailFailed(o.db, row, error, { maxAttempts: o.maxAttempts, now: now() });
    }
  }
  return claimed.length;
}

/** Delivers the outbox every `pollMs`, and at once when this process queues a message. */
export function mailOutboxJob(o: MailWorkerOptions): Job {
  const batch = o.batch ?? 10;
  return periodic('mail outbox', async () => (await deliverDueMail({ ...o, batch })) === batch, {
    everyMs: o.pollMs,
    atStart: true,
    wakeOn: (wake) => {
      mailQueued.on('queued', wake);
      return () => void mailQueued.off('queued', wake);
    },
    close: () => o.transport.close(),
  });
}
