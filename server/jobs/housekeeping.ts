import type { Db } from '../db/client';
import { purgeSessions } from '../lib/auth/session';
import { purgeMail } from '../lib/mail/outbox';
import { purgeRateLimits } from '../lib/rate-limit';
import { purgeChallenges } from '../modules/auth/otp';
import { periodic, type Job } from './runner';

/**
 * Deletes rows that can no longer matter: passed rate-limit windows, old sessions and challenges,
 * and mail sent or given up more than a week ago.
 */
export async function purgeOldRows(db: Db, now = new Date()) {
  await purgeRateLimits(db, now);
  await purgeSessions(db, now);
  await purgeChallenges(db, now);
  await purgeMail(db, now);
}

/** Runs `purgeOldRows` at start and every `intervalMs` (any instance may: the deletes are idempotent). */
export function housekeepingJob(db: Db, intervalMs = 15 * 60_000): Job {
  return periodic('housekeeping', () => purgeOldRows(db), { everyMs: intervalMs, atStart: true });
}
