import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createLogger } from './logger';
import { eventually, freshDatabase } from '../test/harness';
import { subscribeToCatalogueChanges } from './catalogue-changes';

// PostgreSQL only (the server-pg project): the hub's listening connection is a connection of its
// own, which PGlite (one embedded engine, one connection) does not have.

const logger = createLogger('silent');
const noop = { onNotify: () => undefined, onResync: () => undefined };

let base: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database: base, drop } = await freshDatabase());
});
afterAll(() => drop?.());

/** How many connections of this database are listening for catalogue changes now. */
async function listeners(pid?: number | null): Promise<number> {
  const { rows } = (await base.pool!.query(
    pid === undefined
      ? `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and query = 'LISTEN catalogue_changed'`
      : 'select count(*)::int as n from pg_stat_activity where pid = $1',
    pid === undefined ? [] : [pid],
  )) as { rows: { n: number }[] };
  return rows[0]!.n;
}

describe('the listening connection on PostgreSQL', () => {
  it('is one connection, however many subscribe', async () => {
    const first = subscribeToCatalogueChanges(base, logger, noop);
    const second = subscribeToCatalogueChanges(base, logger, noop);
    try {
      await eventually(() => first.listening && second.listening, 5_000);
      expect(second.backendPid).toBe(first.backendPid);
      expect(await listeners()).toBe(1);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('stops when the database handle closes', async () => {
    const extra = await openDatabase({ url: base.pool!.options.connectionString, poolSize: 1 });
    const sub = subscribeToCatalogueChanges(extra, logger, noop);
    await eventually(() => sub.listening, 5_000);
    const pid = sub.backendPid;
    await extra.close();
    expect(sub.listening).toBe(false);
    await eventually(async () => (await listeners(pid)) === 0, 2_000);
  });
});
