import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { shopper } from '../test/shop';

// Issue 13, faults: the PostgreSQL connections dropped under load (a failover, a restart, an admin's
// pg_terminate_backend). The pool must recover by itself: no request hangs, and once the database
// answers again no request fails. PostgreSQL only (the server-pg project).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HANG_MS = 5_000;

describe('the connection pool', () => {
  it('recovers from every connection being dropped under load: nothing hangs, nothing fails after', async () => {
    const { token } = await shopper(ctx);
    const results: { at: number; status: number | 'hung'; ms: number }[] = [];
    const started = performance.now();
    let dropAt = Infinity;
    let stop = false;
    // Eight shoppers' worth of requests that each need the database (a cart is never cached).
    const worker = async () => {
      while (!stop) {
        const t0 = performance.now();
        const status = await Promise.race([
          ctx
            .request('/api/v1/cart', { headers: { Authorization: `Bearer ${token}` } })
            .then((r) => r.status),
          new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), HANG_MS)),
        ]);
        results.push({ at: t0 - started, status, ms: performance.now() - t0 });
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await new Promise((r) => setTimeout(r, 1_000));
    // Every server-side connection of this database but the one doing it, as a failover would.
    const admin = new pg.Client({ connectionString: ctx.database.pool!.options.connectionString });
    await admin.connect();
    dropAt = performance.now() - started;
    const { rows } = await admin.query(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await admin.end();
    await new Promise((r) => setTimeout(r, 2_000));
    stop = true;
    await Promise.all(workers);

    expect(rows.length).toBeGreaterThan(0);
    // A request in flight at the drop may fail (its connection is gone); none may hang.
    expect(results.filter((r) => r.status === 'hung')).toEqual([]);
    const before = results.filter((r) => r.at + r.ms < dropAt);
    const after = results.filter((r) => r.at > dropAt + 500);
    expect(before.length).toBeGreaterThan(20);
    expect([...new Set(before.map((r) => r.status))]).toEqual([200]);
    expect(after.length).toBeGreaterThan(20);
    expect(after.filter((r) => r.status !== 200)).toEqual([]);
  }, 30_000);
});
