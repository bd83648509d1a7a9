import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { freshDatabase, recordingDb } from '../test/harness';
import { openDatabase, writeTogether, type Database } from './client';

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

it('sends writes together as one statement, all of them or none', async () => {
  const { database, drop } = await freshDatabase();
  try {
    const { db } = database;
    await db.execute(sql`create table notes (id int primary key, body text not null)`);
    const notes = pgTable('notes', { id: integer('id').primaryKey(), body: text('body').notNull() });
    const { db: recorded, statements } = recordingDb(database);

    await writeTogether(recorded, [
      recorded.insert(notes).values({ id: 1, body: 'one' }),
      false,
      recorded.insert(notes).values([
        { id: 2, body: 'two' },
        { id: 3, body: 'three' },
      ]),
    ]);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^with "w0" as \(insert into "notes" .*\), "w1" as \(insert into "notes" /);
    expect(await db.select().from(notes).orderBy(notes.id)).toEqual([
      { id: 1, body: 'one' },
      { id: 2, body: 'two' },
      { id: 3, body: 'three' },
    ]);

    // One write failing (a duplicate key) takes the others with it.
    await expect(
      writeTogether(recorded, [
        recorded.delete(notes).where(eq(notes.id, 1)),
        recorded.insert(notes).values({ id: 2, body: 'again' }),
      ]),
    ).rejects.toThrow();
    expect(await db.select({ id: notes.id }).from(notes).orderBy(notes.id)).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
    ]);

    // One write is sent as it is; none sends nothing.
    await writeTogether(recorded, [recorded.update(notes).set({ body: 'uno' }).where(eq(notes.id, 1))]);
    await writeTogether(recorded, [undefined]);
    expect(statements.slice(2)).toEqual([expect.stringMatching(/^update "notes" set "body"/)]);
  } finally {
    await drop();
  }
});
