import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import journal from '../../db/migrations/meta/_journal.json';
import { createApp } from '../../app';
import type { Database } from '../../db/client';
import { parseEnv } from '../../env';
import { periodic, startJobs, type RunningJobs } from '../../jobs/runner';
import type { Runtime } from '../../lib/http';
import { createLogger } from '../../lib/logger';
import { eventually, freshDatabase } from '../../test/harness';

const logger = createLogger('silent');
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: '.tmp/no-spa' });

/** An app over `database` whose background jobs (one idle job) run, as server/index.ts starts them. */
function shopWithJobs(database: Database) {
  const runtime: Runtime = {};
  const app = createApp({ env, database, logger, runtime });
  const jobs: RunningJobs = startJobs([periodic('idle', async () => undefined, { everyMs: 60_000 })], logger);
  runtime.jobs = jobs;
  const ready = async () => {
    const res = await app.request('/api/health/ready');
    return { status: res.status, cache: res.headers.get('cache-control'), body: await res.json() };
  };
  return { app, jobs, ready, runtime };
}

let database: Database;
let drop: () => Promise<void>;
let shop: ReturnType<typeof shopWithJobs>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  shop = shopWithJobs(database);
  await eventually(async () => (await shop.ready()).status === 200, 10_000);
});
afterAll(async () => {
  await shop.jobs.stop();
  await drop();
});

describe('liveness and readiness', () => {
  it('says the process is alive without asking the database, and never lets a cache keep it', async () => {
    const res = await shop.app.request('/api/health/live');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()).data).toMatchObject({ status: 'ok', version: expect.any(String) });
  });

  it('is ready once the database answers, every migration is applied, search is built and the jobs run', async () => {
    const { status, cache, body } = await shop.ready();
    expect(status).toBe(200);
    expect(cache).toBe('no-store');
    expect(body.data).toMatchObject({ status: 'ready', reasons: [] });
    expect(body.data.checks.migrations.message).toBe(`All ${journal.entries.length} migrations are applied.`);
  });

  it('is not ready while a migration of this version is missing from the database, and names it', async () => {
    const last = journal.entries.at(-1)!;
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when}`);
    try {
      const { status, body } = await shop.ready();
      expect(status).toBe(503);
      expect(body.data.status).toBe('not_ready');
      expect(body.data.reasons).toEqual([
        `One migration is not applied (${last.tag}); the server applies them when it starts.`,
      ]);
    } finally {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${last.when})`,
      );
    }
    expect((await shop.ready()).status).toBe(200);
  });

  it('is not ready once the background jobs stop (the server is shutting down)', async () => {
    // A second instance over the same database, whose jobs stop.
    const stopping = shopWithJobs(database);
    expect((await stopping.ready()).status).toBe(200);
    await stopping.jobs.stop();
    const { status, body } = await stopping.ready();
    expect(status).toBe(503);
    expect(body.data.reasons).toEqual(['The background jobs are stopped: the server is shutting down.']);
    // The other instance is still ready.
    expect((await shop.ready()).status).toBe(200);
  });

  it('is not ready as soon as a shutdown begins, while requests in flight still finish', async () => {
    const stopping = shopWithJobs(database);
    expect((await stopping.ready()).status).toBe(200);
    // What server/index.ts does when SIGTERM arrives, before it drains and stops the jobs.
    stopping.runtime.shuttingDown = true;
    const { status, body } = await stopping.ready();
    expect(status).toBe(503);
    expect(body.data.reasons).toEqual(['The server is shutting down: send new requests elsewhere.']);
    expect((await stopping.app.request('/api/health/live')).status).toBe(200);
    await stopping.jobs.stop();
  });

  it('is not ready before the jobs start, nor while the search index cannot be built', async () => {
    const other = await freshDatabase();
    // The index's first build reads the products; without the table it fails and is retried.
    await other.database.db.execute(sql`alter table products rename to products_away`);
    const app = createApp({ env, database: other.database, logger, runtime: {} });
    try {
      const res = await app.request('/api/health/ready');
      expect(res.status).toBe(503);
      expect((await res.json()).data.reasons).toEqual([
        'The search index is not built yet.',
        'The background jobs have not started.',
      ]);
      // The table back, the next try builds it (retried after a second).
      await other.database.db.execute(sql`alter table products_away rename to products`);
      await eventually(async () => {
        const again = await (await app.request('/api/health/ready')).json();
        return again.data.checks.searchIndex.ok === true;
      }, 10_000);
    } finally {
      await other.drop();
    }
  });

  it('is not ready when the database does not answer, and says so in words', async () => {
    const other = await freshDatabase();
    const down = shopWithJobs(other.database);
    await eventually(async () => (await down.ready()).status === 200, 10_000);
    await down.jobs.stop();
    await other.drop();
    const { status, body } = await down.ready();
    expect(status).toBe(503);
    expect(body.data.checks.database).toEqual({
      ok: false,
      message: 'The database does not answer (within 2 s).',
    });
    expect(body.data.reasons).toContain(
      'Cannot tell which migrations are applied while the database does not answer.',
    );
    // Liveness asks nothing of the database: the process still answers.
    expect((await down.app.request('/api/health/live')).status).toBe(200);
  });
});
