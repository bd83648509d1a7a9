// `npm run restore FILE`: brings a backup from `npm run backup` (of either engine) into the configured
// database (DATABASE_URL, else the PGlite DATA_DIR), which must be empty.
import { mkdir, rm } from 'node:fs/promises';
import { BackupError, checkBackup, restoreBackup } from '../server/db/backup';
import { databaseEnv, describeTarget, openAsIs } from './lib/open-database';
import { dataDirEntries, fileArguments, refusal, runWhenStarted, type CommandDeps } from './lib/copy-command';

const USAGE = `Usage: npm run restore FILE

Restores a backup made by \`npm run backup\` into the configured database, which must be empty: a new
PostgreSQL database (DATABASE_URL) or a new or empty data directory (DATA_DIR). The file is checked
whole (checksum, format, schema version) before anything is written.`;

/** Runs the command; resolves to the process exit code (1 with a sentence saying why). */
export async function restoreCommand(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
  deps: CommandDeps = {},
): Promise<number> {
  const log = deps.log ?? ((l) => console.log(l));
  const error = deps.error ?? ((l) => console.error(l));
  const files = fileArguments(argv, {
    usage: USAGE,
    count: (n) => (n !== 1 ? 'give the backup file to restore' : null),
    source,
    log,
    error,
  });
  if (typeof files === 'number') return files;
  const file = files[0]!;
  try {
    const env = databaseEnv(source);
    const target = describeTarget(env);
    if (!env.DATABASE_URL && (await dataDirEntries(env)).length > 0) {
      throw new BackupError(
        `${target} is not empty: restore only into a new or empty data directory, so nothing is overwritten.`,
      );
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
    return refusal(err, error);
  }
}

runWhenStarted(import.meta.url, (argv) => restoreCommand(argv), 'The restore failed');
