// `npm run admin:create -- --email a@b.co --password '…' [--name 'Jane Doe']`: creates an admin
// account in the configured database, or makes an existing account an admin with that password.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ensureAdmin } from '../server/boot';
import type { Database } from '../server/db/client';
import { DEMO_PASSWORDS, EnvError, type Env } from '../server/env';
import { PASSWORD_MAX, PASSWORD_MIN } from '../server/lib/auth/password';
import { passwordWeakness } from '../server/lib/auth/password-strength';
import { databaseEnv, DatabaseInUseError, openConfiguredDatabase } from './lib/open-database';

export const USAGE = `Usage: npm run admin:create -- --email <email> --password <password> [--name <name>]

Creates the admin account, or makes an existing account with that email an admin with that password.
Passwords are ${PASSWORD_MIN}–${PASSWORD_MAX} characters, not common, and not built on the shop's,
a place's or your own name; production refuses the demo passwords.`;

export interface AdminInput {
  email: string;
  password: string;
  name: string;
}

/** Reads the command line; returns the input or the problems found, in words for people. */
export function parseAdminArgs(
  argv: string[],
  nodeEnv: string | undefined,
): { input?: AdminInput; problems: string[] } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return { problems: [(err as Error).message] };
  }
  if (values.help) return { problems: [] };
  const email = values.email?.trim() ?? '';
  const password = values.password ?? '';
  const name = values.name?.trim() || 'Administrator';
  const problems: string[] = [];
  if (!email) problems.push('--email is required.');
  else if (!z.email().safeParse(email).success)
    problems.push(`--email "${email}" is not a valid email address.`);
  if (!values.password) problems.push('--password is required.');
  else if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    problems.push(
      `--password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters (got ${password.length}).`,
    );
  } else if (nodeEnv === 'production' && DEMO_PASSWORDS.has(password)) {
    problems.push('--password is a demo password, which production refuses; choose another.');
  } else {
    const weakness = passwordWeakness(password, { email, name });
    if (weakness) problems.push(`--password ${weakness}.`);
  }
  if (name.length > 200) problems.push('--name must be at most 200 characters.');
  return problems.length ? { problems } : { input: { email: email.toLowerCase(), password, name }, problems };
}

export interface AdminCreateDeps {
  /** Opens and migrates the database (tests pass their own, and close it themselves). */
  open?: (env: Env) => Promise<Database>;
  log?: (line: string) => void;
  error?: (line: string) => void;
}

/** Runs the command; resolves to the process exit code (1 on bad input). */
export async function adminCreate(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
  deps: AdminCreateDeps = {},
): Promise<number> {
  const log = deps.log ?? ((l) => console.log(l));
  const error = deps.error ?? ((l) => console.error(l));
  const { input, problems } = parseAdminArgs(argv, source.NODE_ENV);
  if (!input) {
    for (const p of problems) error(`Error: ${p}`);
    error(`${problems.length ? '\n' : ''}${USAGE}`);
    return problems.length ? 1 : 0;
  }
  let database: Database;
  try {
    const env = databaseEnv(source);
    database = await (deps.open ?? openConfiguredDatabase)(env);
  } catch (err) {
    if (err instanceof EnvError || err instanceof DatabaseInUseError) {
      error(err.message);
      return 1;
    }
    throw err;
  }
  try {
    const id = await ensureAdmin(database.db, input.email, input.password, input.name);
    log(`Admin account ready: ${input.email} (${id}).`);
    return 0;
  } finally {
    if (!deps.open) await database.close();
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  adminCreate(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
