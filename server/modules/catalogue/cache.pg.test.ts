import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { cacheInstance, changed, detail, list, type CacheInstance } from '../../test/catalogue-cache';
import { eventually, freshDatabase } from '../../test/harness';

// PostgreSQL only (the server-pg project): the cache hears about writes made on other connections
// through its own listening connection, which can be lost. What notifies, and how the cache
// answers, is cache.test.ts (on PGlite).

let base: Database;
let drop: () => Promise<void>;
const instances: CacheInstance[] = [];
beforeAll(async () => {
  ({ database: base, drop } = await freshDatabase());
});
afterAll(async () => {
  for (const i of instances) await i.close();
  await drop?.();
});

async function instance(options: Parameters<typeof cacheInstance>[1] = {}) {
  const created = await cacheInstance(base, options);
  instances.push(created);
  return created;
}

describe('the cache over PostgreSQL connections', () => {
  it('drops an answer within a second of a write on another connection', async () => {
    const a = await instance();
    const productId = (await list(a)).data[0]!.productId;
    await detail(a, productId);
    expect(await a.queriesDuring(() => detail(a, productId))).toBe(0);
    const ms = await changed(a, () =>
      base.db
        .update(schema.products)
        .set({ name: 'Notified Tilapia' })
        .where(eq(schema.products.id, productId)),
    );
    expect(ms).toBeLessThan(1_000);
    expect((await detail(a, productId)).name).toBe('Notified Tilapia');
  });

  it('bypasses the cache while its listening connection is lost, then starts afresh', async () => {
    const a = await instance({ listen: { minBackoffMs: 200, maxBackoffMs: 400 } });
    await list(a);
    expect(await a.queriesDuring(() => list(a))).toBe(0);
    await base.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN catalogue_changed' and pid <> pg_backend_pid()`,
    );
    await eventually(async () => !a.cache.listening, 2_000);
    // Changes now would go unnoticed: every read goes to the database.
    expect(await a.queriesDuring(() => list(a))).toBeGreaterThan(0);
    expect(await a.queriesDuring(() => list(a))).toBeGreaterThan(0);
    await eventually(async () => a.cache.listening, 5_000);
    await list(a);
    expect(await a.queriesDuring(() => list(a))).toBe(0);
  });
});
