import { and, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { EventEmitter } from 'node:events';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

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

/**
 * Claims up to `limit` due messages for this worker: pending ones whose time has come, and ones whose
 * previous claim ran out (a worker died mid-send). SKIP LOCKED lets instances claim side by side.
 */
export async function claimDueMail(
  db: Db,
  { limit, lockMs, now }: { limit: number; lockMs: number; now: Date },
) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
        and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + lockMs),
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

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
  { maxAttempts, now }: { maxAttempts: number; now: Date },
) {
  const lastError = error.slice(0, 500);
  if (row.attempts >= maxAttempts) {
    await db
      .update(mailOutbox)
      .set({ status: 'failed', lockedUntil: null, lastError })
      .where(eq(mailOutbox.id, row.id));
    return;
  }
  await db
    .update(mailOutbox)
    .set({
      status: 'pending',
      lockedUntil: null,
      lastError,
      nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
    })
    .where(eq(mailOutbox.id, row.id));
}

/** 5 s, 10 s, 20 s … capped at 30 minutes, with ±20 % jitter so failed messages do not retry in step. */
function backoffMs(attempts: number): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
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
export async function purgeMail(db: Db, now: Date, days = 7) {
  await db
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ['sent', 'failed']),
        lt(mailOutbox.createdAt, new Date(now.getTime() - days * 86_400_000)),
      ),
    );
}
