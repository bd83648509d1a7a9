import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCommand } from '../../scripts/backup';
import { restoreCommand } from '../../scripts/restore';
import { editBackup, shopFingerprint, type ShopFingerprint } from '../test/backup';
import { freshDatabase } from '../test/harness';
import { BackupError, checkBackup, restoreBackup, writeBackup } from './backup';
import { openDatabase, type Database } from './client';
import { seedSampleOrders } from './seed/sample-orders';

const NOW = new Date('2030-03-10T09:00:00Z');

describe('backing up the shop and restoring it into a new place (PGlite)', () => {
  let source: Awaited<ReturnType<typeof freshDatabase>>;
  let before: ShopFingerprint;
  let dir: string;
  let file: string;
  const empty: Database[] = [];
  // A restore needs a database that is really empty, not a clone of the seeded template: a new
  // PGlite runs initdb (about 3.5 s on an idle machine), which is most of this file's time.
  const emptyDatabase = async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    empty.push(database);
    return database;
  };

  beforeAll(async () => {
    source = await freshDatabase();
    await seedSampleOrders(source.database.db, { now: NOW, randomSeed: 7 });
    before = await shopFingerprint(source.database);
    dir = await mkdtemp(path.join(tmpdir(), 'sokoni-backup-'));
    file = path.join(dir, 'shop.jsonl.gz');
    await writeBackup(source.database, createWriteStream(file), { now: NOW });
  });
  afterAll(async () => {
    for (const d of empty) await d.close();
    await source.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const copy = async (name: string) => {
    const other = path.join(dir, name);
    await writeFile(other, await readFile(file));
    return other;
  };

  it('brings back every table, row and image, and order numbers go on from where they were', async () => {
    expect(before.tables.orders!.rows).toBeGreaterThan(10);
    expect(before.images.length).toBeGreaterThan(10);
    const checked = await checkBackup(file);
    expect(checked.rows.orders).toBe(before.tables.orders!.rows);
    expect(checked.header.createdAt).toBe(NOW.toISOString());

    const target = await emptyDatabase();
    await restoreBackup(target, file, checked, { target: 'the new database' });

    expect(await shopFingerprint(target)).toEqual(before);
    const nextNumber = (d: Database) =>
      d
        .pglite!.query<{ n: number }>(`SELECT nextval('orders_number_seq')::int AS n`)
        .then((r) => r.rows[0]!.n);
    expect(await nextNumber(target)).toBe(await nextNumber(source.database));
  });

  it('refuses a database that is not empty and leaves it as it was', async () => {
    const checked = await checkBackup(file);
    await expect(
      restoreBackup(source.database, file, checked, { target: 'the shop database' }),
    ).rejects.toThrow(/^the shop database is not empty \(it already holds \d+ tables, views or sequences\)/);
    // The order number taken by the previous test is the only difference ever made to it.
    const after = await shopFingerprint(source.database);
    expect(after.tables.orders).toEqual(before.tables.orders);
    expect(after.images).toEqual(before.images);
  });

  it('refuses a cut file, a changed byte and a file that is not a backup, before touching anything', async () => {
    const cut = await copy('cut.jsonl.gz');
    const bytes = await readFile(cut);
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(checkBackup(cut)).rejects.toThrow(
      `${cut} is damaged or incomplete (unexpected end of file)`,
    );

    const changed = await copy('changed.jsonl.gz');
    // Someone "fixes" a price in the file by hand.
    const price = /"price":(\d)/;
    await editBackup(changed, (lines) => lines.map((l) => l.replace(price, '"price":9$1')), {
      fixChecksum: false,
    });
    await expect(checkBackup(changed)).rejects.toThrow(
      `${changed} is damaged or incomplete (its checksum does not match its content)`,
    );

    const stranger = path.join(dir, 'notes.gz');
    await writeFile(stranger, (await import('node:zlib')).gzipSync('{"hello":"world"}\n'));
    await expect(checkBackup(stranger)).rejects.toThrow(`${stranger} is not a Sokoni backup.`);
  });

  it('refuses a backup from a newer version of the schema', async () => {
    const newer = await copy('newer.jsonl.gz');
    await editBackup(newer, ([header, ...rest]) => {
      const h = JSON.parse(header!) as { migrations: { hash: string; createdAt: number }[] };
      h.migrations.push({ hash: 'f'.repeat(64), createdAt: h.migrations.at(-1)!.createdAt + 1 });
      return [JSON.stringify(h), ...rest];
    });
    const error = await checkBackup(newer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/comes from a newer or different version of Sokoni/);
  });

  it('as commands: restore refuses a data directory that is not empty, backup one the server holds', async () => {
    const used = path.join(dir, 'used');
    await mkdir(used);
    await writeFile(path.join(used, 'PG_VERSION'), '17');
    const errors: string[] = [];
    const error = (l: string) => errors.push(l);
    expect(await restoreCommand([file], { DATA_DIR: used }, { error })).toBe(1);
    expect(errors).toEqual([
      `the data directory ${used} is not empty: restore only into a new or empty data directory, so nothing is overwritten.`,
    ]);
    expect(await readFile(path.join(used, 'PG_VERSION'), 'utf8')).toBe('17');

    await writeFile(path.join(used, 'postmaster.pid'), '-42');
    expect(await backupCommand([path.join(dir, 'x.gz')], { DATA_DIR: used }, { error })).toBe(1);
    expect(errors[1]).toMatch(/is open in another process \(is the server running\?\)\. Stop it first\./);

    expect(await restoreCommand([], {}, { error })).toBe(1);
    expect(errors[2]).toMatch(/^Error: give the backup file to restore\./);
  });
});
