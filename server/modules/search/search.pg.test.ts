import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import * as schema from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { eventually, freshDatabase } from '../../test/harness';
import { addProduct, emptyCatalogue, searchInstance, type SearchInstance } from '../../test/search';
import { searchIndexFor } from './service';

// PostgreSQL only (the server-pg project): several instances over one server, each with its own
// listening connection. PGlite is one embedded process with one connection: no second instance to
// notify, no connection to lose.

const logger = createLogger('silent');

describe('several API instances on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let a: SearchInstance;
  let b: SearchInstance;
  let second: Database;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    await emptyCatalogue(fresh.database.db);
    second = await openDatabase({ url: fresh.database.pool!.options.connectionString, poolSize: 4 });
    a = searchInstance(fresh.database);
    b = searchInstance(second);
    await Promise.all([a.index.ready, b.index.ready]);
    await eventually(async () => a.index.stats().listening && b.index.stats().listening, 5_000);
  });
  afterAll(async () => {
    await second?.close();
    await drop?.();
  });

  it('makes a product written through one instance findable on the other within a second', async () => {
    const { id } = await addProduct(a.database.db, {
      name: 'Kachumbari Kit',
      description: 'Tomatoes, onions, dhania.',
    });
    const ms = await eventually(async () => (await b.names('kachumbari'))[0] === 'Kachumbari Kit', 1_000);
    expect(ms).toBeLessThan(1_000);
    // And the change the other way round, an update through the second instance's connection.
    await b.database.db
      .update(schema.products)
      .set({ name: 'Kachumbari Salad Kit' })
      .where(eq(schema.products.id, id));
    await eventually(async () => (await a.names('salad'))[0] === 'Kachumbari Salad Kit', 1_000);
  });

  it('reconnects after losing its listening connection and rebuilds to catch up', async () => {
    const pid = b.index.stats().listenerPid;
    expect(pid).toBeTypeOf('number');
    const builtBefore = b.index.stats().builtAt!.getTime();
    await a.database.db.execute(sql`select pg_terminate_backend(${pid})`);
    // Written while the second instance may not be listening: only the rebuild can bring it in.
    await addProduct(a.database.db, { name: 'Mukimo Mash' });
    await eventually(async () => (await b.names('mukimo'))[0] === 'Mukimo Mash', 10_000);
    await eventually(async () => b.index.stats().listening && b.index.stats().listenerPid !== pid, 10_000);
    await eventually(async () => b.index.stats().builtAt!.getTime() > builtBefore, 10_000);
    // Listening again: the next change arrives by notification.
    await addProduct(a.database.db, { name: 'Matoke Bunch' });
    await eventually(async () => (await b.names('matoke'))[0] === 'Matoke Bunch', 1_000);
  });

  it('stops listening when the database handle closes', async () => {
    const extra = await openDatabase({ url: a.database.pool!.options.connectionString, poolSize: 1 });
    const index = searchIndexFor({ database: extra, logger });
    await index.ready;
    await eventually(async () => index.stats().listening, 5_000);
    const pid = index.stats().listenerPid;
    await extra.close();
    expect(index.stats().listening).toBe(false);
    await eventually(async () => {
      const { rows } = await a.database.pool!.query(
        'select count(*)::int as n from pg_stat_activity where pid = $1',
        [pid],
      );
      return rows[0].n === 0;
    }, 2_000);
  });
});
