import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BackupError } from '../../server/db/backup';
import { EnvError, type Env } from '../../server/env';
import { DatabaseInUseError, refuseDataDirInUse } from './open-database';

// What `npm run backup` and `npm run restore` share: reading the command line, the data directory's
// checks, turning a refusal into its sentence and exit code 1, and running when node started the file.

export interface CommandDeps {
  log?: (line: string) => void;
  error?: (line: string) => void;
}

/**
 * The file names given (resolved from where npm was typed: npm runs scripts in the project's
 * folder), or the exit code when there is nothing to do (help) or the line is wrong.
 */
export function fileArguments(
  argv: string[],
  {
    usage,
    count,
    source,
    log,
    error,
  }: {
    usage: string;
    count: (n: number) => string | null;
    source: Record<string, string | undefined>;
    log: (l: string) => void;
    error: (l: string) => void;
  },
): string[] | number {
  try {
    const parsed = parseArgs({ args: argv, options: { help: { type: 'boolean' } }, allowPositionals: true });
    if (parsed.values.help) {
      log(usage);
      return 0;
    }
    const problem = count(parsed.positionals.length);
    if (problem) throw new Error(problem);
    return parsed.positionals.map((f) => path.resolve(source.INIT_CWD ?? '.', f));
  } catch (err) {
    error(`Error: ${(err as Error).message}.\n\n${usage}`);
    return 1;
  }
}

/** What the PGlite data directory holds (nothing when it does not exist); refuses one the server holds. */
export async function dataDirEntries(env: Env): Promise<string[]> {
  refuseDataDirInUse(env.DATA_DIR);
  return readdir(env.DATA_DIR).catch(() => []);
}

/** A refusal's sentence and exit code 1; anything else is thrown on. */
export function refusal(err: unknown, error: (line: string) => void): number {
  if (err instanceof BackupError || err instanceof EnvError || err instanceof DatabaseInUseError) {
    error(err.message);
    return 1;
  }
  throw err;
}

/** Runs `command` with the process's arguments when `moduleUrl` is the file node started. */
export function runWhenStarted(
  moduleUrl: string,
  command: (argv: string[]) => Promise<number>,
  failed: string,
) {
  if (!process.argv[1] || pathToFileURL(path.resolve(process.argv[1])).href !== moduleUrl) return;
  command(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(`${failed}: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}
