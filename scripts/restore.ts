// `npm run restore FILE`: brings a backup from `npm run backup` (of either engine) into the configured
// database (DATABASE_URL, else the PGlite DATA_DIR), which must be empty.
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BackupError, checkBackup, restoreBackup } from '../server/db/backup';
import { EnvError } from '../server/env';
import {
  databaseEnv,
  DatabaseInUseError,
  describeTarget,
  openAsIs,
  refuseDataDirInUse,
} from './lib/open-database';

const USAGE = `Usage: npm run restore FILE

Restores a backup made by \`npm run backup\` into the configured database, which must be empty: a new
PostgreSQL database (DATABASE_URL) or a new or empty data directory (DATA_DIR). The file is checked
whole (checksum, format, schema version) before anything is written.`;

interface Deps {
  log?: (line: string) => void;
  error?: (line: string) => void;
}

/** Runs the command; resolves to the process exit code (1 with a sentence saying why). */
export async function restoreCommand(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
  deps: Deps = {},
): Promise<number> {
  const log = deps.log ?? ((l) => console.log(l));
  const error = deps.error ?? ((l) => console.error(l));
  let file: string;
  try {
    const parsed = parseArgs({ args: argv, options: { help: { type: 'boolean' } }, allowPositionals: true });
    if (parsed.values.help) {
      log(USAGE);
      return 0;
    }
    if (parsed.positionals.length !== 1) throw new Error('give the backup file to restore');
    // npm runs scripts in the project's folder; a relative name is meant from where npm was typed.
    file = path.resolve(source.INIT_CWD ?? '.', parsed.positionals[0]!);
  } catch (err) {
    error(`Error: ${(err as Error).message}.\n\n${USAGE}`);
    return 1;
  }
  try {
    const env = databaseEnv(source);
    const target = describeTarget(env);
    if (!env.DATABASE_URL) {
      refuseDataDirInUse(env.DATA_DIR);
      const entries = await readdir(env.DATA_DIR).catch(() => []);
      if (entries.length > 0) {
        throw new BackupError(
          `${target} is not empty: restore only into a new or empty data directory, so nothing is overwritten.`,
        );
      }
    }
    const checked = await checkBackup(file);
    const database = await openAsIs(env);
    try {
      await restoreBackup(database, file, checked, { target });
    } catch (err) {
      await database.close();
      // The directory was empty before: leave it so (PostgreSQL rolled back by itself).
      if (!env.DATABASE_URL) {
        await rm(env.DATA_DIR, { recursive: true, force: true });
        await mkdir(env.DATA_DIR, { recursive: true });
      }
      throw err;
    }
    await database.close();
    const rows = Object.values(checked.rows).reduce((a, b) => a + b, 0);
    log(
      `Restored ${file} (taken ${checked.header.createdAt} from ${checked.header.engine}) into ${target}: ` +
        `${rows} rows in ${Object.keys(checked.rows).length} tables, ${checked.rows.images ?? 0} images. ` +
        'Start the server on it.',
    );
    return 0;
  } catch (err) {
    if (err instanceof BackupError || err instanceof EnvError || err instanceof DatabaseInUseError) {
      error(err.message);
      return 1;
    }
    throw err;
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  restoreCommand(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(`The restore failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}
