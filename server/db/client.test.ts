import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { freshDatabase } from '../test/harness';
import { openDatabase, type Database } from './client';

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

it('opens the embedded database with small shared buffers, as its memory never shrinks', async () => {
  const { database, drop } = await freshDatabase();
  try {
    expect(database.kind).toBe('pglite');
    expect(await rows(database, sql`show shared_buffers`)).toEqual([{ shared_buffers: '16MB' }]);
  } finally {
    await drop();
  }
});

const dir = mkdtempSync(path.join(os.tmpdir(), 'sokoni-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The build ships an empty database; here the tests' migrated one stands in for it, which shows
// whether the new directory was made from the dump (its tables are there before any migration).
// Without a dump PGlite runs initdb, as server/process.test.ts's server from the sources does.
it('creates a new data directory from the dump it is given, and opens an existing one as it is', async () => {
  const dataDir = path.join(dir, 'data');
  const first = await openDatabase({ dataDir, emptyDatabase: inject('pgliteTemplate') });
  try {
    expect(await rows(first, sql`select to_regclass('products') is not null as made`)).toEqual([
      { made: true },
    ]);
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
  } finally {
    await first.close();
  }
  const again = await openDatabase({ dataDir, emptyDatabase: path.join(dir, 'no-such-dump.tar.gz') });
  try {
    expect(await rows(again, sql`select note from kept`)).toEqual([{ note: 'still here' }]);
  } finally {
    await again.close();
  }
}, 30_000);
