import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../app';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { openDatabase, type Database, type Db } from '../db/client';
import * as schema from '../db/schema';
import { parseEnv, type Env } from '../env';
import { createLogger, type Logger } from '../lib/logger';
import type { Runtime } from '../lib/http';
import { withDatabase } from './global-setup';

export interface TestContext {
  database: Database;
  env: Env;
  app: ReturnType<typeof createApp>;
  /** Sends a request to the app in memory; JSON bodies are encoded for you. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** The database engine this test project runs on (`pglite` or `postgres`). */
export const dbKind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';

/**
 * What a race or fault test (`*.race.test.ts`, `*.fault.test.ts`) proves on this engine, for its
 * name: PostgreSQL runs the requests at once; PGlite has one connection and runs them one after
 * another, so there the test proves only that the sequential outcome is the same.
 */
export const raceEngine =
  dbKind === 'postgres' ? 'PostgreSQL: really concurrent' : 'PGlite: serialised, sequential outcome only';

/**
 * Queries sent to one pg client while it is still busy (a `Promise.all` over a transaction's handle):
 * pg queues them today, warns that pg 9 will refuse them, and they share no snapshot guarantees the
 * code could rely on anyway. Each is counted here, and a test file that made any fails on close.
 */
const overlapping: string[] = [];
type PgClientInternals = pg.Client & { _activeQuery: unknown; _queryQueue: unknown[] };
function watchOverlappingQueries() {
  const proto = pg.Client.prototype as unknown as PgClientInternals & { __watched?: boolean };
  if (proto.__watched) return;
  proto.__watched = true;
  const query = proto.query as (...args: unknown[]) => unknown;
  proto.query = function (this: PgClientInternals, ...args: unknown[]) {
    if (this._activeQuery || this._queryQueue.length > 0) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      overlapping.push(String(text ?? '').slice(0, 160));
    }
    return query.apply(this, args);
  } as typeof proto.query;
}

/** A fresh database cloned from the migrated, seeded template (on PostgreSQL, with its URL). */
export async function freshDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (dbKind === 'postgres') {
    watchOverlappingQueries();
    const url = process.env.TEST_DATABASE_URL!;
    const template = inject('pgTemplate');
    const name = `${template}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 20 });
    return {
      database,
      url: withDatabase(url, name),
      drop: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
        const seen = overlapping.splice(0);
        if (seen.length) {
          throw new Error(
            `${seen.length} queries were sent to a pg client that was still busy (run them one after another):\n${seen.join('\n')}`,
          );
        }
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) });
  return { database, drop: () => database.close() };
}

/**
 * Builds the app over a fresh database, as a test file needs it (silent unless given a logger). On
 * PostgreSQL, `through` may route the app's connections elsewhere (a proxy a fault test cuts);
 * `runtime` is what a server would say runs beside the app (without it the app is never ready).
 */
export async function createTestContext(
  overrides: Record<string, string> = {},
  {
    logger = createLogger('silent'),
    through,
    runtime,
  }: { logger?: Logger; through?: (url: string) => string; runtime?: Runtime } = {},
): Promise<TestContext> {
  const fresh = await freshDatabase();
  const database =
    through && fresh.url ? await openDatabase({ url: through(fresh.url), poolSize: 10 }) : fresh.database;
  const drop = async () => {
    if (database !== fresh.database) await database.close();
    await fresh.drop();
  };
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: '.tmp/no-spa', ...overrides });
  const app = createApp({ env, database, logger, runtime });
  return {
    database,
    env,
    app,
    request: (path, init = {}) => {
      const { json, headers, ...rest } = init;
      const h = new Headers(headers);
      if (json !== undefined) h.set('Content-Type', 'application/json');
      return Promise.resolve(
        app.request(path, {
          ...rest,
          headers: h,
          body: json !== undefined ? JSON.stringify(json) : rest.body,
        }),
      );
    },
    close: drop,
  };
}

/** Polls until `check` holds; answers how long that took. Fails after `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 1_000,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Whether a statement on this PostgreSQL database is waiting for a lock another transaction holds. */
export async function someoneWaitsForALock(db: Db): Promise<boolean> {
  const waiting = (await db.execute(
    sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: unknown[] };
  return waiting.rows.length > 0;
}

/**
 * A drizzle handle over `database` that records the statements it sends, in order: what a test of
 * round trips counts. On PostgreSQL a transaction's `begin` and `commit` are among them; PGlite opens
 * and ends its transactions itself, unrecorded.
 */
export function recordingDb(database: Database): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const db = (database.kind === 'pglite'
    ? drizzlePglite(database.pglite!, { schema, logger })
    : drizzlePg(database.pool!, { schema, logger })) as unknown as Db;
  return { db, statements };
}
