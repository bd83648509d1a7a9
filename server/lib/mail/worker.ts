import type { Db } from '../../db/client';
import type { Logger } from '../logger';
import { claimDueMail, mailQueued, markMailFailed, markMailSent, purgeMail } from './outbox';
import type { MailTransport } from './transport';

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

/** Starts the outbox loop: polls every `pollMs`, and at once when this process queues a message. */
export function startMailWorker(o: MailWorkerOptions) {
  const batch = o.batch ?? 10;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let purgedAt = 0;

  const drain = async () => {
    if (Date.now() - purgedAt > 3_600_000) {
      purgedAt = Date.now();
      await purgeMail(o.db, new Date()).catch((err: unknown) =>
        o.logger.warn('mail purge failed', { error: err instanceof Error ? err.message : String(err) }),
      );
    }
    do {
      again = false;
      try {
        if ((await deliverDueMail({ ...o, batch })) === batch) again = true;
      } catch (err) {
        o.logger.error('mail worker failed', { error: err instanceof Error ? err.message : String(err) });
      }
    } while (again && !stopped);
  };
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => (running = undefined));
  };

  const timer = setInterval(tick, o.pollMs);
  timer.unref();
  mailQueued.on('queued', tick);
  tick();
  return {
    /** Stops polling and waits for the messages in hand. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      mailQueued.off('queued', tick);
      await running;
      o.transport.close();
    },
  };
}
