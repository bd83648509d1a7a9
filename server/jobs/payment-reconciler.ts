import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { OPEN_ATTEMPT } from '../../contract/payments';
import type { Db } from '../db/client';
import { paymentAttempts } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { DarajaClient, StkQueryResult } from '../lib/payments/daraja';
import { applyQueryAnswer, settleAttempt } from '../modules/payments';
import { periodic, type Job } from './runner';

// Callbacks get lost (Daraja does not retry them, our server may be restarting, a push may have
// timed out before we learnt its CheckoutRequestID). The reconciler asks Daraja about open attempts
// that are due, with backoff, and expires those still open at `expires_at`, which returns their
// order's units. Any instance may run it: rows are claimed with FOR UPDATE SKIP LOCKED and a lease
// (next_check_at pushed forward), and settling is the same exactly-once update the callback uses.

export interface ReconcilerOptions {
  db: Db;
  daraja: Pick<DarajaClient, 'stkQuery'>;
  logger: Logger;
  /** First query after the prompt; later ones back off (doubling, at most `maxBackoffMs`). */
  queryDelayMs: number;
  /** How often the job looks for due attempts. */
  intervalMs: number;
  maxBackoffMs?: number;
  batch?: number;
  /** How long a claim holds before another instance may take the attempt (a crash mid-query). */
  leaseMs?: number;
  now?: () => Date;
}

export interface ReconcileReport {
  claimed: number;
  settled: number;
  expired: number;
}

/** Claims due open attempts for this instance, pushing their next check past the lease. */
async function claimDue(db: Db, { limit, leaseMs, now }: { limit: number; leaseMs: number; now: Date }) {
  const due = db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(inArray(paymentAttempts.status, [...OPEN_ATTEMPT]), lte(paymentAttempts.nextCheckAt, now)))
    .orderBy(asc(paymentAttempts.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(paymentAttempts)
    .set({ nextCheckAt: new Date(now.getTime() + leaseMs), checks: sql`${paymentAttempts.checks} + 1` })
    .where(inArray(paymentAttempts.id, due))
    .returning();
}

/** One pass: query or expire every due open attempt. */
export async function reconcilePayments(o: ReconcilerOptions): Promise<ReconcileReport> {
  const clock = o.now ?? (() => new Date());
  const batch = o.batch ?? 20;
  const report: ReconcileReport = { claimed: 0, settled: 0, expired: 0 };
  const claimed = await claimDue(o.db, { limit: batch, leaseMs: o.leaseMs ?? 120_000, now: clock() });
  report.claimed = claimed.length;
  for (const attempt of claimed) {
    try {
      const outcome = await reconcileOne(o, attempt, clock);
      if (outcome === 'settled') report.settled++;
      if (outcome === 'expired') report.expired++;
    } catch (err) {
      o.logger.error('payment reconciliation failed', {
        attemptId: attempt.id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return report;
}

async function reconcileOne(
  o: ReconcilerOptions,
  attempt: typeof paymentAttempts.$inferSelect,
  clock: () => Date,
): Promise<'settled' | 'expired' | 'waiting'> {
  let answer: StkQueryResult | undefined;
  if (attempt.checkoutRequestId) {
    try {
      answer = await o.daraja.stkQuery(attempt.checkoutRequestId);
    } catch (err) {
      // Daraja down or the id unknown to it: ask again later; expiry still bounds the wait.
      o.logger.warn('stk query failed', {
        attemptId: attempt.id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  const now = clock();
  if (answer && (await applyQueryAnswer(o.db, attempt.id, answer, now))) return 'settled';
  if (attempt.expiresAt.getTime() <= now.getTime()) {
    const r = await settleAttempt(o.db, attempt.id, { kind: 'expired' }, now);
    if (r.changed) o.logger.info('payment expired', { attemptId: attempt.id, orderId: attempt.orderId });
    return 'expired';
  }
  const backoff = Math.min(o.queryDelayMs * 2 ** Math.max(0, attempt.checks - 1), o.maxBackoffMs ?? 60_000);
  const next = Math.min(attempt.expiresAt.getTime(), now.getTime() + backoff);
  await o.db
    .update(paymentAttempts)
    .set({ nextCheckAt: new Date(next) })
    .where(and(eq(paymentAttempts.id, attempt.id), inArray(paymentAttempts.status, [...OPEN_ATTEMPT])));
  return 'waiting';
}

/** Runs `reconcilePayments` every `intervalMs`, and again at once after a full batch. */
export function paymentReconcilerJob(o: ReconcilerOptions): Job {
  const batch = o.batch ?? 20;
  return periodic(
    'payment reconciler',
    async () => (await reconcilePayments({ ...o, batch })).claimed >= batch,
    {
      everyMs: o.intervalMs,
    },
  );
}
