import { desc, eq, sql } from 'drizzle-orm';
import { EventEmitter } from 'node:events';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { claimDue, purgeOutbox, retryAt } from '../outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Signals this process's mail worker; workers of other instances find messages by polling. */
export const mailQueued = new EventEmitter();

/** Wakes the local mail worker; call it once the transaction that queued mail has committed. */
export const wakeMailWorker = () => void mailQueued.emit('queued');

/** Queues a message; pass the transaction that creates what the message is about, so both commit together. */
export async function enqueueMail(db: Db, message: MailMessage): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
  return row!.id;
}

/** Claims up to `limit` due messages for this worker (server/lib/outbox.ts). */
export const claimDueMail = (db: Db, o: { limit: number; lockMs: number; now: Date }) =>
  claimDue(db, mailOutbox, 'pending', o);

export async function markMailSent(db: Db, id: string, now: Date) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** Schedules another try with exponential backoff, or gives up after `maxAttempts`. */
export async function markMailFailed(
  db: Db,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  error: string,
  o: { maxAttempts: number; now: Date },
) {
  const lastError = error.slice(0, 500);
  const next = retryAt(row.attempts, o);
  await db
    .update(mailOutbox)
    .set(
      next
        ? { status: 'pending', lockedUntil: null, lastError, nextAttemptAt: next }
        : { status: 'failed', lockedUntil: null, lastError },
    )
    .where(eq(mailOutbox.id, row.id));
}

/** The newest messages, optionally only those to one address (case-insensitive). */
export function listMail(db: Db, { to, limit }: { to?: string; limit: number }) {
  return db
    .select()
    .from(mailOutbox)
    .where(to ? eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

/** Drops sent and failed messages older than `days`; the outbox is a queue, not an archive. */
export const purgeMail = (db: Db, now: Date, days = 7) =>
  purgeOutbox(db, mailOutbox, ['sent', 'failed'], now, days);
