import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import * as schema from './schema';

type Schema = typeof schema;
/** The drizzle handle services take; the same type for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * A statement prepared once per database handle: drizzle builds its SQL once, and as a named
 * statement PostgreSQL parses and plans it once per connection instead of on every use. Inside a
 * transaction (a handle of its own) it is built once for that transaction, still named.
 */
export function preparedPerHandle<P>(prepare: (db: Db) => P): (db: Db) => P {
  const made = new WeakMap<Db, P>();
  return (db) => {
    let prepared = made.get(db);
    if (!prepared) made.set(db, (prepared = prepare(db)));
    return prepared;
  };
}

/**
 * Writes that need nothing from one another, sent as ONE statement (each a data-modifying WITH
 * query): one round trip instead of one per write, which is most of what a write costs the server.
 * They all run against the same snapshot, none sees the others' rows, and they commit or fail
 * together; so only writes that neither read nor change what another of them writes may go
 * together. Their RETURNING clauses are not read: give rows their ids up front when a later
 * statement needs them.
 */
export async function writeTogether(db: Db, writes: readonly (SQLWrapper | false | undefined)[]) {
  const parts = writes.filter((w): w is SQLWrapper => Boolean(w));
  if (parts.length === 0) return;
  if (parts.length === 1) {
    await db.execute(parts[0]!.getSQL());
    return;
  }
  const named = parts.map((w, i) => sql`${sql.identifier(`w${i}`)} as (${w.getSQL()})`);
  await db.execute(sql`with ${sql.join(named, sql`, `)} select 1`);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine, when that is what runs (for dumps in tests). */
  pglite?: PGlite;
  pool?: pg.Pool;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** `postgres://…`; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  /** A PGlite dump (from `dumpDataDir`) to start from instead of running initdb. */
  loadDataDir?: Blob;
  /**
   * For a `dataDir` not created yet: the dump of an empty database to create it from, when that
   * file exists (by default the build's, `EMPTY_DATABASE`).
   */
  emptyDatabase?: string;
  poolSize?: number;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The embedded PostgreSQL's settings beyond PGlite's own. Its shared buffers live in the process's
 * WebAssembly memory, which never shrinks: PostgreSQL's default of 128 MB held 120 MB of the server's
 * resident memory once touched (bench/results/memory.md), while the shop's tables fit in a few
 * megabytes and the files under them stay in the system's page cache.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * An empty embedded database, written by the build beside the server (scripts/build-server.mjs); not
 * there when the server runs from its sources. A new data directory is created from it rather than
 * by initdb, which PGlite runs in a second WebAssembly instance: a first start peaked at 830–940 MB
 * resident with initdb, ~340 MB from the dump (bench/results/memory.md).
 */
const EMPTY_DATABASE = fileURLToPath(new URL('./pglite-empty.tar.gz', import.meta.url));

/** The empty database to create `dataDir` from, when it is a directory not created yet. */
async function emptyDatabaseFor(dataDir: string, file = EMPTY_DATABASE): Promise<Blob | undefined> {
  if (dataDir.includes('://') || existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  try {
    return new Blob([await readFile(file)]);
  } catch {
    return undefined; // no build beside: initdb
  }
}

/** This code's migrations in order, as drizzle's migrator reads them (statements, hash, time). */
export const codeMigrations = () => readMigrationFiles({ migrationsFolder });

/** How long closing the PostgreSQL pool waits for connections still in use. */
const CLOSE_WAIT_MS = 5_000;

/** Opens PGlite or a PostgreSQL pool, as configured. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client losing its server (restart, failover) must not crash the process.
    pool.on('error', () => undefined);
    // The same loss while a request holds the connection (between two statements of a transaction)
    // is an 'error' event on the checked-out client, which the pool does not listen to then: unheard,
    // it would end the process. Heard here, the client's next statement fails instead (a 503
    // database_unavailable) and the pool discards the client when it is released with that error.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const database: Database = {
      db,
      kind: 'postgres',
      pool,
      ping: () => ping(db),
      // A connection a request still holds after the database went away may never be given back:
      // closing waits for the others, and at most CLOSE_WAIT_MS for that one.
      close: () =>
        Promise.race([
          pool.end(),
          new Promise<void>((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref()),
        ]),
    };
    await db.execute(sql`select 1`);
    return database;
  }
  const dataDir = options.dataDir ?? 'memory://';
  const pglite = new PGlite({
    dataDir,
    loadDataDir: options.loadDataDir ?? (await emptyDatabaseFor(dataDir, options.emptyDatabase)),
    relaxedDurability: true,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    ping: () => ping(db),
    close: () => pglite.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Applies the versioned migrations in `server/db/migrations` (idempotent). */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(database.db as any, { migrationsFolder });
  } else {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePg(database.db as any, { migrationsFolder });
  }
}
