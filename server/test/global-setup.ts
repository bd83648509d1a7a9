import type { TestProject } from 'vitest/node';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { migrate, openDatabase } from '../db/client';
import { seed } from '../db/seed';

/**
 * Migrates and seeds one template per run: a PGlite dump (each test file loads it in well under a
 * second instead of running initdb) or, with TEST_DATABASE_URL, a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? 'pglite';
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is needed for the PostgreSQL test project');
    const template = `sokoni_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: withDatabase(url, template), poolSize: 2 });
    await migrate(database);
    await seed(database.db, { demoAccounts: true });
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      // Test files drop their own databases; drop any a crashed worker left behind.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`${template}_%`, template],
      );
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await emptyDatabase() });
  await migrate(database);
  await seed(database.db, { demoAccounts: true });
  const dump = await database.pglite!.dumpDataDir('gzip');
  await database.close();
  const dir = path.resolve('.tmp');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar.gz`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}

/**
 * The empty PGlite database that the server's build caches for this PGlite version
 * (scripts/build-server.mjs, `emptyDatabase`), which `npm test` has just made: loading it takes about
 * a second, where initdb (without it) takes some three, before any test file may start.
 */
async function emptyDatabase(): Promise<Blob | undefined> {
  try {
    const { version } = JSON.parse(
      await readFile(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8'),
    ) as { version: string };
    return new Blob([
      await readFile(path.resolve(`node_modules/.cache/sokoni/pglite-empty-${version}.tar.gz`)),
    ]);
  } catch {
    return undefined; // no build yet: initdb
  }
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}
