import { max } from 'drizzle-orm';
import { bigint, pgSchema } from 'drizzle-orm/pg-core';
import type { Readiness } from '../../../contract/health';
import type { Database } from '../../db/client';
import journal from '../../db/migrations/meta/_journal.json';
import { within } from '../../lib/deadline';
import type { Runtime } from '../../lib/http';
import { searchIndexBuilt } from '../search';

type Check = Readiness['checks']['database'];

/** How long each database question of a readiness check may take before it counts as no answer. */
const CHECK_MS = 2_000;

const pass = (message: string): Check => ({ ok: true, message });
const fail = (message: string): Check => ({ ok: false, message });

/**
 * Drizzle's own record of the migrations it applied, each with its journal timestamp; it applies
 * those of the journal newer than the last it recorded, and the same comparison names the ones
 * still to apply. Declared here, not in the schema, so drizzle-kit never makes a migration of it.
 */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  createdAt: bigint('created_at', { mode: 'number' }),
});

async function migrationsCheck(database: Database): Promise<Check> {
  const [row] = await within(
    CHECK_MS,
    database.db.select({ last: max(appliedMigrations.createdAt) }).from(appliedMigrations),
  );
  const last = Number(row?.last ?? 0);
  const pending = journal.entries.filter((e) => e.when > last).map((e) => e.tag);
  if (!pending.length) return pass(`All ${journal.entries.length} migrations are applied.`);
  return fail(
    `${pending.length === 1 ? 'One migration is' : `${pending.length} migrations are`} not applied ` +
      `(${pending.join(', ')}); the server applies them when it starts.`,
  );
}

function jobsCheck(runtime: Runtime | undefined): Check {
  const jobs = runtime?.jobs;
  if (runtime?.shuttingDown) return fail('The server is shutting down: send new requests elsewhere.');
  if (!jobs) return fail('The background jobs have not started.');
  if (jobs.state !== 'running')
    return fail(`The background jobs are ${jobs.state}: the server is shutting down.`);
  if (jobs.notStarted.length)
    return fail(`These background jobs did not start: ${jobs.notStarted.join(', ')} (see the log).`);
  return pass('The background jobs run.');
}

/** Whether this instance can take traffic, each part checked and said in words. */
export async function readiness(database: Database, runtime: Runtime | undefined, version: string) {
  const databaseUp = await within(CHECK_MS, database.ping()).catch(() => false);
  const checks: Readiness['checks'] = {
    database: databaseUp
      ? pass('The database answers.')
      : fail(`The database does not answer (within ${CHECK_MS / 1000} s).`),
    migrations: databaseUp
      ? await migrationsCheck(database).catch((err: Error) =>
          fail(`Cannot tell which migrations are applied: ${err.message}.`),
        )
      : fail('Cannot tell which migrations are applied while the database does not answer.'),
    searchIndex: searchIndexBuilt(database)
      ? pass('The search index is built.')
      : fail('The search index is not built yet.'),
    jobs: jobsCheck(runtime),
  };
  const reasons = Object.values(checks)
    .filter((c) => !c.ok)
    .map((c) => c.message);
  const answer: Readiness = { status: reasons.length ? 'not_ready' : 'ready', reasons, checks, version };
  return answer;
}
