import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopFingerprint, type ShopFingerprint } from '../test/backup';
import { withDatabase } from '../test/global-setup';
import { freshDatabase } from '../test/harness';
import { checkBackup, restoreBackup, writeBackup } from './backup';
import { openDatabase, type Database } from './client';
import { seedSampleOrders } from './seed/sample-orders';

const NOW = new Date('2030-03-10T09:00:00Z');
const url = process.env.TEST_DATABASE_URL!;

describe('backing up a PostgreSQL shop and restoring it into either engine', () => {
  let source: Awaited<ReturnType<typeof freshDatabase>>;
  let before: ShopFingerprint;
  let dir: string;
  const admin = new pg.Client({ connectionString: url });
  const opened: Database[] = [];
  const created: string[] = [];

  /** A new, empty PostgreSQL database, as an operator makes with `createdb`. */
  const emptyPostgres = async () => {
    const name = `sokoni_backup_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    created.push(name);
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 2 });
    opened.push(database);
    return database;
  };
  const emptyPglite = async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    opened.push(database);
    return database;
  };
  const backUp = async (database: Database, name: string) => {
    const file = path.join(dir, name);
    await writeBackup(database, createWriteStream(file), { now: NOW });
    return file;
  };
  const restore = async (database: Database, file: string) =>
    restoreBackup(database, file, await checkBackup(file), { target: 'the new database' });

  beforeAll(async () => {
    await admin.connect();
    source = await freshDatabase();
    await seedSampleOrders(source.database.db, { now: NOW, randomSeed: 7 });
    before = await shopFingerprint(source.database);
    dir = await mkdtemp(path.join(tmpdir(), 'sokoni-backup-'));
  });
  afterAll(async () => {
    for (const d of opened) await d.close();
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await source.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('takes one consistent snapshot while the shop keeps receiving stock, and restores it whole', async () => {
    // Goods arrive for one variant again and again while the backup runs, each time in one
    // transaction: its quantity and a stock movement saying what the quantity became. Variants are
    // read before stock movements, so only a snapshot keeps the two in step.
    const pool = source.database.pool!;
    const {
      rows: [variant],
    } = await pool.query<{ id: string }>('SELECT id FROM variants ORDER BY id LIMIT 1');
    let done = false;
    let deliveries = 0;
    const receiving = (async () => {
      while (!done) {
        await pool.query(
          `WITH v AS (UPDATE variants SET quantity = quantity + 1 WHERE id = $1 RETURNING id, quantity)
           INSERT INTO stock_movements (variant_id, kind, reason, change, level_after)
           SELECT id, 'adjustment', 'goods_received', 1, quantity FROM v`,
          [variant!.id],
        );
        deliveries += 1;
      }
    })();
    const file = path.join(dir, 'busy.jsonl.gz');
    await writeBackup(source.database, createWriteStream(file), { now: NOW });
    done = true;
    await receiving;
    expect(deliveries).toBeGreaterThan(1);

    const target = await emptyPostgres();
    await restore(target, file);
    const {
      rows: [inStep],
    } = await target.pool!.query<{ quantity: number; last: number }>(
      `SELECT v.quantity, (SELECT max(level_after) FROM stock_movements m WHERE m.variant_id = v.id) AS last
         FROM variants v WHERE v.id = $1`,
      [variant!.id],
    );
    expect(inStep!.last).toBe(inStep!.quantity);
    const restored = await shopFingerprint(target);
    expect(restored.images).toEqual(before.images);
    expect(restored.tables.orders).toEqual(before.tables.orders);
  });

  it('moves a shop from PostgreSQL to PGlite and back without losing a row or an image', async () => {
    const now = await shopFingerprint(source.database);
    const toPglite = await emptyPglite();
    await restore(toPglite, await backUp(source.database, 'postgres.jsonl.gz'));
    expect(await shopFingerprint(toPglite)).toEqual(now);

    const backToPostgres = await emptyPostgres();
    await restore(backToPostgres, await backUp(toPglite, 'pglite.jsonl.gz'));
    expect(await shopFingerprint(backToPostgres)).toEqual(now);
  });

  it('refuses a PostgreSQL database that is not empty and leaves it as it was', async () => {
    const now = await shopFingerprint(source.database);
    const file = await backUp(source.database, 'again.jsonl.gz');
    await expect(restore(source.database, file)).rejects.toThrow(/^the new database is not empty/);
    expect(await shopFingerprint(source.database)).toEqual(now);
  });
});
