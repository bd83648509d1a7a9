import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Migration 0015 gives the orders delivered before it their delivery time: the move to delivered in
// the activity log, or updated_at where the log has none. Run on a database migrated up to 0014.

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const dir = mkdtempSync(path.join(tmpdir(), 'sokoni-0015-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0015, delivered_at', () => {
  it('takes the time of the move to delivered, else updated_at, and leaves other orders without one', async () => {
    cpSync(MIGRATIONS, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    // 0015 and every later one: the migrator applies only what is newer than the last it applied.
    const before = { ...journal, entries: journal.entries.filter((e) => e.tag < '0015_delivered_at') };
    writeFileSync(journalFile, JSON.stringify(before));
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: dir });

    const [{ id: userId }] = (
      await client.query<{ id: string }>(
        `insert into users (email, name, type) values ('backfill@example.com', 'Backfill', 'customer') returning id`,
      )
    ).rows as [{ id: string }];
    const order = async (status: string, updatedAt: string) =>
      (
        await client.query<{ id: string }>(
          `insert into orders (user_id, idempotency_key, request_hash, status, payment_status, stock_reserved,
             subtotal, shipping_rate, total, phone, delivery_area_id, delivery_area_name, address, lat, lng,
             created_at, updated_at)
           values ($1, gen_random_uuid()::text, 'seeded', $2, 'paid', true, 100, 50, 150, '254712345678',
             'westlands', 'Westlands', 'Mpaka Road', -1.2676, 36.8108, '2026-03-01T08:00:00Z', $3)
           returning id`,
          [userId, status, updatedAt],
        )
      ).rows[0]!.id;
    // Delivered on the 2nd, refunded on the 5th: the log knows when it was delivered.
    const logged = await order('delivered', '2026-03-05T10:00:00Z');
    await client.query(
      `insert into activity_log (entity, entity_id, action, actor_name, summary, created_at) values
         ('order', $1, 'status_changed', 'Amina', 'Moved from processing to out for delivery.', '2026-03-02T08:00:00Z'),
         ('order', $1, 'status_changed', 'Amina', 'Moved from out for delivery to delivered.', '2026-03-02T09:00:00Z')`,
      [logged],
    );
    const unlogged = await order('delivered', '2026-03-04T10:00:00Z');
    const packing = await order('processing', '2026-03-04T10:00:00Z');

    writeFileSync(journalFile, JSON.stringify(journal));
    await migrate(db, { migrationsFolder: dir });
    const rows = (
      await client.query<{ id: string; delivered_at: Date | null }>(`select id, delivered_at from orders`)
    ).rows;
    const deliveredAt = (id: string) => rows.find((r) => r.id === id)!.delivered_at?.toISOString() ?? null;
    expect([deliveredAt(logged), deliveredAt(unlogged), deliveredAt(packing)]).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-04T10:00:00.000Z',
      null,
    ]);
    await client.close();
  });
});
