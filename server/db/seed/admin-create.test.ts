import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminCreate, parseAdminArgs } from '../../../scripts/admin-create';
import { databaseEnv } from '../../../scripts/lib/open-database';
import { EnvError } from '../../env';
import { verifyPassword } from '../../lib/auth/password';
import { PRODUCTION_TEST_JWT_SECRET } from '../../test/env';
import { freshDatabase } from '../../test/harness';
import type { Database } from '../client';
import { DEMO_ACCOUNTS } from '../../../contract/demo-accounts';

const ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };

describe('admin:create input', () => {
  it('accepts an email and a password, lower-casing the email', () => {
    expect(
      parseAdminArgs(['--email', ' Boss@Sokoni.co.ke ', '--password', 'correct horse'], 'development'),
    ).toEqual({
      input: { email: 'boss@sokoni.co.ke', password: 'correct horse', name: 'Administrator' },
      problems: [],
    });
  });

  it.each([
    [['--password', 'long-enough-1'], /--email is required/],
    [['--email', 'not-an-email', '--password', 'long-enough-1'], /"not-an-email" is not a valid email/],
    [['--email', 'a@b.co'], /--password is required/],
    [['--email', 'a@b.co', '--password', 'short'], /8 to 128 characters \(got 5\)/],
    [['--email', 'a@b.co', '--password', 'x'.repeat(129)], /8 to 128 characters \(got 129\)/],
    [['--email', 'a@b.co', '--password', 'long-enough-1', '--role', 'x'], /Unknown option '--role'/],
  ])('explains what is wrong with %j', (argv, message) => {
    const { input, problems } = parseAdminArgs(argv, 'development');
    expect(input).toBeUndefined();
    expect(problems.join('\n')).toMatch(message);
  });

  it('refuses a demo password in production only', () => {
    const argv = ['--email', 'a@b.co', '--password', DEMO_ACCOUNTS.admin.password];
    expect(parseAdminArgs(argv, 'production').problems.join()).toMatch(/demo password/);
    expect(parseAdminArgs(argv, 'development').input).toBeDefined();
  });
});

describe('admin:create', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const output: string[] = [];
  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const deps = () => ({
    open: async () => database,
    log: (l: string) => output.push(l),
    error: (l: string) => output.push(l),
  });

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
  });
  afterAll(() => drop());

  it('exits 1 with the reasons and the usage on bad input, without opening the database', async () => {
    output.length = 0;
    let opened = false;
    const code = await adminCreate(['--email', 'nope', '--password', 'short'], ENV, {
      ...deps(),
      open: async () => ((opened = true), database),
    });
    expect(code).toBe(1);
    expect(opened).toBe(false);
    expect(output.join('\n')).toMatch(/Error: --email "nope" is not a valid email address/);
    expect(output.join('\n')).toMatch(/Error: --password must be 8 to 128 characters/);
    expect(output.join('\n')).toMatch(/Usage: npm run admin:create/);
  });

  it('exits 1 on a demo password in production', async () => {
    output.length = 0;
    const code = await adminCreate(
      ['--email', 'boss@sokoni.co.ke', '--password', DEMO_ACCOUNTS.shopper.password],
      { ...ENV, NODE_ENV: 'production', JWT_SECRET: PRODUCTION_TEST_JWT_SECRET },
      deps(),
    );
    expect(code).toBe(1);
    expect(output.join('\n')).toMatch(/demo password/);
  });

  it('exits 1 when another process has the PGlite directory open', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sokoni-admin-'));
    await writeFile(path.join(dir, 'postmaster.pid'), '-42\n');
    output.length = 0;
    const code = await adminCreate(
      ['--email', 'a@b.co', '--password', 'long-enough-1'],
      { ...ENV, DATA_DIR: dir },
      {
        log: (l) => output.push(l),
        error: (l) => output.push(l),
      },
    );
    expect(code).toBe(1);
    expect(output.join('\n')).toMatch(/open in another process/);
    await rm(dir, { recursive: true });
  });

  it('needs only the database settings, even in production', () => {
    expect(() => databaseEnv({ NODE_ENV: 'production', DATA_DIR: '/srv/sokoni' })).not.toThrow();
    expect(() => databaseEnv({ DATABASE_URL: 'mysql://nope' })).toThrow(EnvError);
  });

  it('creates an admin with an argon2id hash', async () => {
    output.length = 0;
    const code = await adminCreate(
      ['--email', 'Boss@Sokoni.co.ke', '--password', 'a-long-secret-9', '--name', 'Otieno Boss'],
      ENV,
      deps(),
    );
    expect(code).toBe(0);
    expect(output.join('\n')).toMatch(/Admin account ready: boss@sokoni.co.ke/);
    const [user] = await rows<{ type: string; name: string; password_hash: string }>(
      sql`select type, name, password_hash from users where email = 'boss@sokoni.co.ke'`,
    );
    expect(user).toMatchObject({ type: 'admin', name: 'Otieno Boss' });
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user!.password_hash, 'a-long-secret-9')).toBe(true);
  });

  it('makes an existing shopper an admin with the new password', async () => {
    const code = await adminCreate(
      ['--email', DEMO_ACCOUNTS.shopper.email, '--password', 'promoted-secret-1'],
      ENV,
      deps(),
    );
    expect(code).toBe(0);
    const users = await rows<{ type: string; password_hash: string }>(
      sql`select type, password_hash from users where email = ${DEMO_ACCOUNTS.shopper.email}`,
    );
    expect(users).toHaveLength(1);
    const user = users[0]!;
    expect(user.type).toBe('admin');
    expect(await verifyPassword(user.password_hash, 'promoted-secret-1')).toBe(true);
  });
});
