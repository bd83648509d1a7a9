// `npm run backup [-- FILE]`: writes the whole shop (database and images) of the configured database
// (DATABASE_URL, else the PGlite DATA_DIR) to one file that `npm run restore` reads.
import { createWriteStream } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BackupError, writeBackup } from '../server/db/backup';
import { EnvError } from '../server/env';
import {
  databaseEnv,
  DatabaseInUseError,
  describeTarget,
  openAsIs,
  refuseDataDirInUse,
} from './lib/open-database';

const USAGE = `Usage: npm run backup [-- FILE]

Writes the shop's database, images included, to FILE (default: sokoni-backup-<UTC time>.jsonl.gz here).
On PostgreSQL (DATABASE_URL) the server may keep running; the embedded database (DATA_DIR) must be
stopped first. Restore it with \`npm run restore FILE\`, into either engine.`;

interface Deps {
  log?: (line: string) => void;
  error?: (line: string) => void;
  now?: Date;
}

/** Runs the command; resolves to the process exit code (1 with a sentence saying why). */
export async function backupCommand(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
  deps: Deps = {},
): Promise<number> {
  const log = deps.log ?? ((l) => console.log(l));
  const error = deps.error ?? ((l) => console.error(l));
  const now = deps.now ?? new Date();
  let positionals: string[];
  try {
    const parsed = parseArgs({ args: argv, options: { help: { type: 'boolean' } }, allowPositionals: true });
    if (parsed.values.help) {
      log(USAGE);
      return 0;
    }
    positionals = parsed.positionals;
    if (positionals.length > 1) throw new Error('give one file name at most');
  } catch (err) {
    error(`Error: ${(err as Error).message}.\n\n${USAGE}`);
    return 1;
  }
  // npm runs scripts in the project's folder; a relative name is meant from where npm was typed.
  const file = path.resolve(
    source.INIT_CWD ?? '.',
    positionals[0] ?? `sokoni-backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.jsonl.gz`,
  );
  const partial = `${file}.partial`;
  try {
    const env = databaseEnv(source);
    if (!env.DATABASE_URL) {
      refuseDataDirInUse(env.DATA_DIR);
      const entries = await readdir(env.DATA_DIR).catch(() => []);
      if (entries.length === 0) {
        throw new BackupError(
          `There is no database in ${path.resolve(env.DATA_DIR)}: set DATA_DIR (or DATABASE_URL) to the shop's.`,
        );
      }
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
    if (err instanceof BackupError || err instanceof EnvError || err instanceof DatabaseInUseError) {
      error(err.message);
      return 1;
    }
    throw err;
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  backupCommand(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(`The backup failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}
