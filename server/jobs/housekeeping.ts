import type { Db } from '../db/client';
import { purgeSessions } from '../lib/auth/session';
import { purgeMail } from '../lib/mail/outbox';
import { purgeRateLimits } from '../lib/rate-limit';
import { purgeSms } from '../lib/sms/outbox';
import { purgeChallenges, purgeLoginFailures } from '../modules/auth';
import { purgeCartWriteKeys } from '../modules/cart';
import { purgeImports } from '../modules/products-admin';
import { purgeOrphanImages } from '../modules/uploads';
import { periodic, type Job } from './runner';

/**
 * Deletes rows that can no longer matter: passed rate-limit windows, failed sign-ins a day old, old sessions and challenges,
 * mail and SMS sent, delivered or given up more than a week ago, uploaded images no product took within a day, catalogue imports
 * and cart write Idempotency-Keys a day old.
 */
export async function purgeOldRows(db: Db, now = new Date()) {
  await purgeRateLimits(db, now);
  await purgeLoginFailures(db, now);
  await purgeSessions(db, now);
  await purgeChallenges(db, now);
  await purgeMail(db, now);
  await purgeSms(db, now);
  await purgeOrphanImages(db, now);
  await purgeImports(db, now);
  await purgeCartWriteKeys(db, now);
}

/** Runs `purgeOldRows` at start and every `intervalMs` (any instance may: the deletes are idempotent). */
export function housekeepingJob(db: Db, intervalMs = 15 * 60_000): Job {
  return periodic('housekeeping', () => purgeOldRows(db), { everyMs: intervalMs, atStart: true });
}
