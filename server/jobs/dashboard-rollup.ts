import type { Db } from '../db/client';
import { COMPACT_BATCH, compactDashboard } from '../modules/dashboard';
import { periodic, type Job } from './runner';

/**
 * Compacts the dashboard's deltas into its rollup every `intervalMs`, and again at once while a pass
 * moved a full batch. Between passes the dashboard reads the deltas too, so the interval trades only
 * its reading time. One instance compacts at a time (compactDashboard's advisory lock).
 */
export function dashboardRollupJob(db: Db, intervalMs = 60_000): Job {
  return periodic('dashboard-rollup', async () => (await compactDashboard(db)) === COMPACT_BATCH, {
    everyMs: intervalMs,
    atStart: true,
  });
}
