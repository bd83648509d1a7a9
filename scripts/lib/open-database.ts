import { existsSync } from 'node:fs';
import path from 'node:path';
import { prepareDatabase } from '../../server/boot';
import type { Database } from '../../server/db/client';
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

/** Opens and migrates the configured database, as the server does, without loading any data. */
export async function openConfiguredDatabase(env: Env): Promise<Database> {
  if (!env.DATABASE_URL) {
    // PGlite has no locking between processes: two writers would corrupt the directory.
    const pidFile = path.resolve(env.DATA_DIR, 'postmaster.pid');
    if (existsSync(pidFile)) {
      throw new DatabaseInUseError(
        `The database in ${path.resolve(env.DATA_DIR)} is open in another process (is the server running?). ` +
          `Stop it first. If nothing uses it (the server crashed), delete ${pidFile}.`,
      );
    }
  }
  return prepareDatabase(
    { ...env, SEED: false, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined },
    createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL),
  );
}
