import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeUrl, prepareDatabase } from '../../server/boot';
import { BackupError } from '../../server/db/backup';
import { openDatabase, type Database } from '../../server/db/client';
import { parseEnv, type Env } from '../../server/env';
import { createLogger } from '../../server/lib/logger';

/**
 * The settings that say which database to open (DATABASE_URL, else DATA_DIR), checked by the
 * server's own rules. The server's other settings (secrets, mail) are not needed by a command.
 */
export function databaseEnv(source: Record<string, string | undefined>): Env {
  const { DATABASE_URL, DATA_DIR, DATABASE_POOL_SIZE, LOG_LEVEL } = source;
  return parseEnv({ DATABASE_URL, DATA_DIR, DATABASE_POOL_SIZE, LOG_LEVEL });
}

export class DatabaseInUseError extends Error {}

/**
 * Refuses a PGlite data directory another process holds: PGlite has no locking between processes,
 * so two of them would corrupt it.
 */
export function refuseDataDirInUse(dataDir: string): void {
  const pidFile = path.resolve(dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    throw new DatabaseInUseError(
      `The database in ${path.resolve(dataDir)} is open in another process (is the server running?). ` +
        `Stop it first. If nothing uses it (the server crashed), delete ${pidFile}.`,
    );
  }
}

/** Opens and migrates the configured database, as the server does, without loading any data. */
export async function openConfiguredDatabase(env: Env): Promise<Database> {
  if (!env.DATABASE_URL) refuseDataDirInUse(env.DATA_DIR);
  return prepareDatabase(
    { ...env, SEED: false, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined },
    createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL),
  );
}

/** The configured database in words: `PostgreSQL host:5432/name` or `the data directory /abs/dir`. */
export const describeTarget = (env: Env) =>
  env.DATABASE_URL
    ? `PostgreSQL ${describeUrl(env.DATABASE_URL)}`
    : `the data directory ${path.resolve(env.DATA_DIR)}`;

/**
 * Opens the configured database as it is, without migrating it (backup and restore): a PostgreSQL
 * that cannot be reached is a BackupError with the driver's reason ("database … does not exist").
 */
export async function openAsIs(env: Env): Promise<Database> {
  if (!env.DATABASE_URL) return openDatabase({ dataDir: env.DATA_DIR });
  try {
    return await openDatabase({ url: env.DATABASE_URL, poolSize: 1 });
  } catch (err) {
    const reason = ((err as Error).cause as Error | undefined)?.message ?? (err as Error).message;
    throw new BackupError(`Cannot reach ${describeTarget(env)}: ${reason}.`);
  }
}
