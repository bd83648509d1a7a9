// `npm run backup [-- FILE]`: writes the whole shop (database and images) of the configured database
// (DATABASE_URL, else the PGlite DATA_DIR) to one file that `npm run restore` reads.
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, writeBackup } from '../server/db/backup';
import { databaseEnv, describeTarget, openAsIs } from './lib/open-database';
import { dataDirEntries, fileArguments, refusal, runWhenStarted, type CommandDeps } from './lib/copy-command';

const USAGE = `Usage: npm run backup [-- FILE]

Writes the shop's database, images included, to FILE (default: sokoni-backup-<UTC time>Z.jsonl.gz here).
On PostgreSQL (DATABASE_URL) the server may keep running; the embedded database (DATA_DIR) must be
stopped first. Restore it with \`npm run restore FILE\`, into either engine.`;

/** Runs the command; resolves to the process exit code (1 with a sentence saying why). */
export async function backupCommand(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
  deps: CommandDeps & { now?: Date } = {},
): Promise<number> {
  const log = deps.log ?? ((l) => console.log(l));
  const error = deps.error ?? ((l) => console.error(l));
  const now = deps.now ?? new Date();
  const defaultName = `sokoni-backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.jsonl.gz`;
  const files = fileArguments(argv.length ? argv : [defaultName], {
    usage: USAGE,
    count: (n) => (n > 1 ? 'give one file name at most' : null),
    source,
    log,
    error,
  });
  if (typeof files === 'number') return files;
  const file = files[0]!;
  const partial = `${file}.partial`;
  try {
    const env = databaseEnv(source);
    if (!env.DATABASE_URL && (await dataDirEntries(env)).length === 0) {
      throw new BackupError(
        `There is no database in ${path.resolve(env.DATA_DIR)}: set DATA_DIR (or DATABASE_URL) to the shop's.`,
      );
    }
    const database = await openAsIs(env);
    let counts: Record<string, number>;
    try {
      // Written beside the file and renamed when whole, so a failed run never looks like a backup.
      counts = await writeBackup(database, createWriteStream(partial), { now });
    } finally {
      await database.close();
    }
    await rename(partial, file);
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    const megabytes = ((await stat(file)).size / 1e6).toFixed(1);
    log(
      `Backed up ${describeTarget(env)}: ${rows} rows in ${Object.keys(counts).length} tables, ` +
        `${counts.images ?? 0} images, to ${file} (${megabytes} MB).`,
    );
    return 0;
  } catch (err) {
    await rm(partial, { force: true });
    return refusal(err, error);
  }
}

runWhenStarted(import.meta.url, (argv) => backupCommand(argv), 'The backup failed');
