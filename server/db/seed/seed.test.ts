import * as mdi from '@mdi/js';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../env';
import { verifyPassword } from '../../lib/auth/password';
import { freshDatabase } from '../../test/harness';
import type { Database } from '../client';
import { ATTRIBUTES, CATEGORIES, DISCOUNTS, PRODUCTS, type AttributeName } from './catalogue';
import { DEMO_ACCOUNTS } from '../../../contract/demo-accounts';
import { IMAGE_SIZES } from '../../lib/images';
import { DRAWINGS, twemojiFile } from './images';
import { seed } from './index';

const PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'];

describe('the sample catalogue data', () => {
  it('has at least 9 categories with real icons and palette names', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(9);
    expect(new Set(CATEGORIES.map((c) => c.slug)).size).toBe(CATEGORIES.length);
    for (const c of CATEGORIES) {
      expect(c.slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(typeof (mdi as Record<string, string>)[c.icon], c.icon).toBe('string');
      expect(PALETTES).toContain(c.color);
    }
  });

  it('has at least 45 products with unique pids and names, and prices in whole KSH', () => {
    expect(PRODUCTS.length).toBeGreaterThanOrEqual(45);
    expect(new Set(PRODUCTS.map((p) => p.pid)).size).toBe(PRODUCTS.length);
    expect(new Set(PRODUCTS.map((p) => p.name)).size).toBe(PRODUCTS.length);
    for (const p of PRODUCTS) {
      expect(p.pid).toMatch(/^SKN-1\d{4}$/);
      expect(p.description.length, p.pid).toBeGreaterThan(20);
      for (const v of p.variants) {
        expect(Number.isInteger(v.price) && v.price > 0, p.pid).toBe(true);
        expect(Number.isInteger(v.quantity) && v.quantity >= 0, p.pid).toBe(true);
        for (const [name, value] of Object.entries(v.attributes)) {
          expect(ATTRIBUTES[name as AttributeName] as readonly string[], `${p.pid} ${name}`).toContain(value);
        }
      }
      const names = p.variants.map((v) => JSON.stringify(v.attributes));
      expect(new Set(names).size, `${p.pid} has two variants alike`).toBe(names.length);
    }
  });

  it('writes recipe tips as small safe HTML', () => {
    for (const p of PRODUCTS) {
      const tags = [...p.recipeTips.matchAll(/<\/?([a-zA-Z0-9]+)[^>]*>/g)];
      expect(tags.length, p.pid).toBeGreaterThan(0);
      for (const [tag, name] of tags) {
        expect(['p', 'ul', 'li', 'strong'], `${p.pid}: ${tag}`).toContain(name);
        expect(tag, `${p.pid}: attributes are not allowed`).toMatch(/^<\/?[a-z]+>$/);
      }
    }
  });

  it('draws every product from an existing Twemoji or one of our drawings', () => {
    for (const p of PRODUCTS) {
      for (const name of [p.emoji, p.accent].filter((e): e is string => !!e)) {
        if (!DRAWINGS[name]) expect(existsSync(twemojiFile(name)), `${p.pid} ${name}`).toBe(true);
      }
    }
  });

  it('points discounts at real products, and fixed discounts never exceed a price', () => {
    const byPid = new Map(PRODUCTS.map((p) => [p.pid, p]));
    for (const d of DISCOUNTS) {
      for (const pid of d.products) {
        const p = byPid.get(pid);
        expect(p, `${d.name} → ${pid}`).toBeDefined();
        if (d.kind === 'fixed') for (const v of p!.variants) expect(v.price).toBeGreaterThan(d.value);
      }
      if (d.kind === 'percentage') expect(d.value).toBeLessThanOrEqual(100);
    }
  });

  it('uses the demo passwords production refuses', () => {
    for (const a of Object.values(DEMO_ACCOUNTS)) expect(DEMO_PASSWORDS.has(a.password)).toBe(true);
  });
});

describe('the seeded database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const count = async (table: string) =>
    Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
  });
  afterAll(() => drop());

  it('holds the whole catalogue', async () => {
    expect(await count('products')).toBe(PRODUCTS.length);
    expect(await count('categories')).toBe(CATEGORIES.length);
    expect(await count('products')).toBeGreaterThanOrEqual(45);
    expect(await count('categories')).toBeGreaterThanOrEqual(9);
    expect(await count('attributes')).toBe(Object.keys(ATTRIBUTES).length);
  });

  it('gives every product a category, a variant with a positive whole price, and an image named after it', async () => {
    const problems = await rows<{ pid: string }>(sql`
      select p.pid from products p
      where not exists (select 1 from product_categories pc where pc.product_id = p.id)
         or not exists (select 1 from variants v where v.product_id = p.id)
         or exists (select 1 from variants v where v.product_id = p.id and v.price <= 0)
         or not exists (select 1 from product_images pi join images i on i.id = pi.image_id
                        where pi.product_id = p.id and i.alt_text = p.name)`);
    expect(problems).toEqual([]);
    const attrless = await rows(sql`
      select v.id from variants v
      where not exists (select 1 from variant_attribute_values vav where vav.variant_id = v.id)`);
    expect(attrless).toEqual([]);
  });

  it('has products out of stock, and products with one variant out of stock', async () => {
    const [stock] = await rows<{ sold_out: number; partly: number }>(sql`
      select count(*) filter (where total = 0)::int as sold_out,
             count(*) filter (where total > 0 and empty > 0)::int as partly
      from (select product_id, sum(quantity) as total, count(*) filter (where quantity = 0) as empty
            from variants group by product_id) s`);
    expect(stock!.sold_out).toBeGreaterThanOrEqual(4);
    expect(stock!.partly).toBeGreaterThanOrEqual(3);
  });

  it('stores three WebP renditions of every image that decode to their stated size', async () => {
    const files = await rows<{
      image_id: string;
      size: keyof typeof IMAGE_SIZES;
      content_type: string;
      width: number;
      height: number;
      bytes: Uint8Array;
      etag: string;
    }>(sql`select image_id, size, content_type, width, height, bytes, etag from image_files`);
    expect(files.length).toBe((await count('images')) * 3);
    const sizes = new Map<string, string[]>();
    for (const f of files) sizes.set(f.image_id, [...(sizes.get(f.image_id) ?? []), f.size]);
    for (const s of sizes.values()) expect(s.sort()).toEqual(['card', 'detail', 'thumb']);
    for (const f of files) {
      const bytes = Buffer.from(f.bytes);
      expect(f.content_type).toBe('image/webp');
      expect(f.width).toBe(IMAGE_SIZES[f.size]);
      expect(f.etag).toBe(`"${createHash('sha1').update(bytes).digest('hex')}"`);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', f.width, f.height]);
    }
    // Decode pixels, not just headers: a real picture has more than one colour.
    const detail = files.find((f) => f.size === 'detail')!;
    const stats = await sharp(Buffer.from(detail.bytes)).stats();
    expect(stats.channels[0]!.max - stats.channels[0]!.min).toBeGreaterThan(100);
  });

  it('has current, expired, future and switched-off discounts, with at least 6 products on sale now', async () => {
    const [d] = await rows<{
      current: number;
      expired: number;
      future: number;
      off: number;
      fixed: number;
      on_sale: number;
    }>(sql`
      select
        count(*) filter (where active and starts_at <= now() and (ends_at is null or ends_at > now()))::int as current,
        count(*) filter (where ends_at <= now())::int as expired,
        count(*) filter (where starts_at > now())::int as future,
        count(*) filter (where not active)::int as off,
        count(*) filter (where kind = 'fixed' and active and starts_at <= now() and (ends_at is null or ends_at > now()))::int as fixed,
        (select count(distinct dp.product_id) from discount_products dp join discounts x on x.id = dp.discount_id
          where x.active and x.starts_at <= now() and (x.ends_at is null or x.ends_at > now()))::int as on_sale
      from discounts`);
    expect(d).toMatchObject({ expired: 1, future: 1, off: 1, fixed: 1 });
    expect(d!.current).toBeGreaterThanOrEqual(2);
    expect(d!.on_sale).toBeGreaterThanOrEqual(6);
    const fish = await rows<{ n: number }>(sql`
      select count(*)::int as n from discounts d join discount_products dp on dp.discount_id = d.id
      where d.name = 'Fish Friday' and d.kind = 'percentage' and d.value = 15`);
    expect(fish[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('creates the demo accounts with argon2id hashes', async () => {
    for (const a of Object.values(DEMO_ACCOUNTS)) {
      const [user] = await rows<{
        type: string;
        name: string;
        phone: string | null;
        country: string | null;
        password_hash: string;
      }>(sql`select type, name, phone, country, password_hash from users where email = ${a.email}`);
      expect(user).toMatchObject({ type: a.type, name: a.name, phone: a.phone, country: a.country });
      expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,(t=2,p=1|p=1,t=2)\$/);
      expect(user!.password_hash).not.toContain(a.password);
      expect(await verifyPassword(user!.password_hash, a.password)).toBe(true);
    }
  });

  it('does nothing when products exist', async () => {
    const before = await count('products');
    expect(await seed(database.db, { demoAccounts: true })).toEqual({ seeded: false });
    expect(await count('products')).toBe(before);
    expect(await count('users')).toBe(Object.keys(DEMO_ACCOUNTS).length);
  });

  it('loads the products again after all were deleted, keeping categories, discounts and users', async () => {
    const kept = sql`select (select string_agg(id::text, ',' order by slug) from categories) as categories,
                            (select string_agg(id::text, ',' order by name) from discounts) as discounts`;
    const before = await rows(kept);
    await database.db.execute(sql`delete from products`);
    expect(await seed(database.db, { demoAccounts: true })).toEqual({ seeded: true });
    expect(await count('products')).toBe(PRODUCTS.length);
    expect(await rows(kept)).toEqual(before);
    expect(await count('discount_products')).toBe(DISCOUNTS.reduce((n, d) => n + d.products.length, 0));
    expect(await count('users')).toBe(Object.keys(DEMO_ACCOUNTS).length);
  });

  it('seeds an empty database once when two instances start together', async () => {
    await database.db.execute(
      sql`truncate products, categories, attributes, images, discounts, users cascade`,
    );
    const results = await Promise.all([
      seed(database.db, { demoAccounts: false }),
      seed(database.db, { demoAccounts: false }),
    ]);
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    expect(await count('products')).toBe(PRODUCTS.length);
    expect(await count('image_files')).toBe(PRODUCTS.length * 3);
    expect(await count('users')).toBe(0);
  });
});
