import type { Db } from '../../db/client';
import { purgeSessions } from '../../lib/auth/session';
import type { Logger } from '../../lib/logger';
import { purgeRateLimits } from '../../lib/rate-limit';
import { purgeChallenges } from './otp';

/** Deletes auth rows that can no longer matter: passed rate-limit windows, old sessions and challenges. */
export async function purgeAuthData(db: Db, now = new Date()) {
  await purgeRateLimits(db, now);
  await purgeSessions(db, now);
  await purgeChallenges(db, now);
}

/** Runs `purgeAuthData` every `intervalMs` (any instance may; the deletes are idempotent). */
export function startAuthHousekeeping(db: Db, logger: Logger, intervalMs = 15 * 60_000) {
  const timer = setInterval(() => {
    purgeAuthData(db).catch((err: unknown) =>
      logger.warn('auth housekeeping failed', { error: err instanceof Error ? err.message : String(err) }),
    );
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
