// `npm run migrate`: applies the database migrations that are missing and changes nothing else. Run
// once before a new version takes traffic (docs/deploy.md, Upgrading); the server does the same at
// start, so a single instance needs no separate step.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EnvError } from '../server/env';
import { databaseEnv, DatabaseInUseError, openConfiguredDatabase } from './lib/open-database';

/** Migrates the configured database; resolves with the exit code. */
export async function migrateCommand(
  source: Record<string, string | undefined>,
  log = console.log,
  error = console.error,
): Promise<number> {
  let database;
  try {
    database = await openConfiguredDatabase(databaseEnv(source));
  } catch (err) {
    if (err instanceof EnvError || err instanceof DatabaseInUseError) {
      error(err.message);
      return 1;
    }
    throw err;
  }
  await database.close();
  log(`The ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database is up to date.`);
  return 0;
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  migrateCommand(process.env).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
