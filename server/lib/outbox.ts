import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { mailOutbox, smsOutbox } from '../db/schema';

// What the mail outbox and the SMS outbox share: a row waits until its next attempt is due, a worker
// claims it (SKIP LOCKED, so instances claim side by side), and a failed try comes back with
// exponential backoff. Both tables have the same columns for it: status, attempts, next_attempt_at,
// locked_until, last_error.

type OutboxTable = typeof mailOutbox | typeof smsOutbox;
type Row<T extends OutboxTable> = T['$inferSelect'];

/** The columns the queue reads, typed once: both tables have them under the same names. */
const columns = (table: OutboxTable) => table as unknown as typeof mailOutbox;

/**
 * Claims up to `limit` due rows of `table` for this worker: those `waiting` whose time has come, and
 * those whose previous claim ran out (a worker died mid-send, or, for SMS, the wait for an unknown
 * outcome ended). Each claim counts as an attempt and holds the row for `lockMs`.
 */
export async function claimDue<T extends OutboxTable>(
  db: Db,
  table: T,
  waiting: Row<T>['status'],
  { limit, lockMs, now }: { limit: number; lockMs: number; now: Date },
): Promise<Row<T>[]> {
  const t = columns(table);
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(
      or(
        and(eq(t.status, waiting as 'pending'), lte(t.nextAttemptAt, now)),
        and(eq(t.status, 'sending'), lt(t.lockedUntil, now)),
      ),
    )
    .orderBy(t.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(t)
    .set({
      status: 'sending',
      attempts: sql`${t.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + lockMs),
    })
    .where(inArray(t.id, due))
    .returning();
  return claimed as Row<T>[];
}

/** When a row that failed `attempts` times is tried again, or null when it has had its tries. */
export function retryAt(attempts: number, { maxAttempts, now }: { maxAttempts: number; now: Date }) {
  return attempts >= maxAttempts ? null : new Date(now.getTime() + backoffMs(attempts));
}

/** 5 s, 10 s, 20 s … capped at 30 minutes, with ±20 % jitter so failed rows do not retry in step. */
function backoffMs(attempts: number): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** Drops rows in one of the `done` states older than `days`; an outbox is a queue, not an archive. */
export async function purgeOutbox<T extends OutboxTable>(
  db: Db,
  table: T,
  done: Row<T>['status'][],
  now: Date,
  days = 7,
) {
  const t = columns(table);
  await db
    .delete(t)
    .where(
      and(inArray(t.status, done as 'sent'[]), lt(t.createdAt, new Date(now.getTime() - days * 86_400_000))),
    );
}
