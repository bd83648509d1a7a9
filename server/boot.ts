import { eq, sql } from 'drizzle-orm';
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { migrate, openDatabase, type Database, type Db } from './db/client';
import { users } from './db/schema';
import { seed } from './db/seed';
import { shouldSeed, type Env } from './env';
import { hashPassword } from './lib/auth/password';
import type { Logger } from './lib/logger';

/** Opens the configured database, applies migrations and loads the sample data when empty. */
export async function prepareDatabase(env: Env, logger: Logger): Promise<Database> {
  let database: Database;
  if (env.DATABASE_URL) {
    try {
      database = await openDatabase({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
    } catch (err) {
      throw new Error(
        `Cannot reach PostgreSQL at ${describeUrl(env.DATABASE_URL)}: ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    }
  } else {
    database = await openDataDir(path.resolve(env.DATA_DIR));
  }
  await migrate(database);
  logger.info('database ready', { kind: database.kind });
  if (shouldSeed(env)) {
    const sample = env.NODE_ENV !== 'production';
    const { seeded } = await seed(database.db, { demoAccounts: sample, sampleOrders: sample });
    if (seeded) logger.info('sample catalogue loaded');
  }
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await ensureAdmin(database.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    logger.info('admin account ensured', { email: env.ADMIN_EMAIL });
  }
  return database;
}

/**
 * The embedded database in `dir`, created when missing. A DATA_DIR that is a file, cannot be written
 * or holds something PGlite cannot open is a one-sentence error naming it and what to do.
 */
async function openDataDir(dir: string): Promise<Database> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? 'it is, or is inside, a file rather than a directory'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'the server may not write there'
          : (err as Error).message;
    throw new Error(
      `DATA_DIR ${dir} cannot hold the database: ${why}. Set DATA_DIR to a directory the server can write, or DATABASE_URL for PostgreSQL.`,
      { cause: err },
    );
  }
  try {
    return await openDatabase({ dataDir: dir });
  } catch (err) {
    throw new Error(
      `The database in DATA_DIR ${dir} cannot be opened (${(err as Error).message}): it is damaged or not a Sokoni database. Restore it from a backup, or move it away to start with an empty one.`,
      { cause: err },
    );
  }
}

/**
 * Creates the admin account, or makes an existing account with that email an admin with that password;
 * either way an owner (contract/roles.ts), who may do everything, managing the rest of the team included.
 */
export async function ensureAdmin(db: Db, email: string, password: string, name = 'Administrator') {
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (existing) {
    await db
      .update(users)
      .set({ type: 'admin', role: 'owner', passwordHash, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    return existing.id;
  }
  const [created] = await db
    .insert(users)
    .values({ email: email.toLowerCase(), name, type: 'admin', role: 'owner', passwordHash })
    .returning({ id: users.id });
  return created!.id;
}

/** The host, port and database of a URL, without its password. */
export function describeUrl(url: string) {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}
