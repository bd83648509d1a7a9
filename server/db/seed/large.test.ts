import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSeedLargeArgs, UsageError } from '../../../scripts/seed-large';
import { freshDatabase } from '../../test/harness';
import type { Database } from '../client';
import { PRODUCTS } from './catalogue';
import { seedLarge } from './large';

describe('seed:large', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const count = async (table: string) =>
    Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
  });
  afterAll(() => drop());

  it('adds N products quickly, borrowing the sample images instead of drawing new ones', async () => {
    const images = await count('images');
    const files = await count('image_files');
    const started = performance.now();
    const result = await seedLarge(database.db, { products: 200, batchSize: 64 });
    const elapsed = performance.now() - started;

    expect(result).toMatchObject({ inserted: 200, firstPid: 'SKN-20001', lastPid: 'SKN-20200' });
    expect(elapsed).toBeLessThan(15_000);
    expect(await count('products')).toBe(PRODUCTS.length + 200);
    expect(await count('images')).toBe(images);
    expect(await count('image_files')).toBe(files);

    const problems = await rows<{ pid: string }>(sql`
      select p.pid from products p
      where p.pid >= 'SKN-20001'
        and (not exists (select 1 from product_categories pc where pc.product_id = p.id)
          or not exists (select 1 from product_images pi where pi.product_id = p.id)
          or (select count(*) from variants v where v.product_id = p.id) not between 1 and 3
          or exists (select 1 from variants v where v.product_id = p.id
                     and not exists (select 1 from variant_attribute_values a where a.variant_id = v.id)))`);
    expect(problems).toEqual([]);
    expect(
      await count("variants where product_id in (select id from products where pid >= 'SKN-20001')"),
    ).toBe(result.variants);
  });

  it('puts some products on sale with current discounts and leaves some out of stock', async () => {
    const [r] = await rows<{ sold_out: number; on_sale: number; bad_fixed: number; not_current: number }>(sql`
      with generated as (select id from products where pid >= 'SKN-20001')
      select
        (select count(*) from generated g
          where not exists (select 1 from variants v where v.product_id = g.id and v.quantity > 0))::int as sold_out,
        (select count(distinct dp.product_id) from discount_products dp join generated g on g.id = dp.product_id)::int as on_sale,
        (select count(*) from discount_products dp join generated g on g.id = dp.product_id
           join discounts d on d.id = dp.discount_id join variants v on v.product_id = g.id
           where d.kind = 'fixed' and v.price <= d.value)::int as bad_fixed,
        (select count(*) from discount_products dp join generated g on g.id = dp.product_id
           join discounts d on d.id = dp.discount_id
           where not (d.active and d.starts_at <= now() and (d.ends_at is null or d.ends_at > now())))::int as not_current`);
    expect(r!.sold_out).toBeGreaterThan(0);
    expect(r!.on_sale).toBeGreaterThan(5);
    expect(r!.on_sale).toBeLessThan(50);
    expect(r!.bad_fixed).toBe(0);
    expect(r!.not_current).toBe(0);
  });

  it('keeps the curated catalogue first in newest-first lists', async () => {
    const newest = await rows<{ pid: string }>(
      sql`select pid from products order by created_at desc, id limit 3`,
    );
    expect(newest.map((r) => r.pid)).toEqual(PRODUCTS.slice(0, 3).map((p) => p.pid));
  });

  it('continues the pid sequence on a second run', async () => {
    const result = await seedLarge(database.db, { products: 5 });
    expect(result).toMatchObject({ firstPid: 'SKN-20201', lastPid: 'SKN-20205' });
  });

  it('refuses a count outside 1…1,000,000', async () => {
    for (const products of [0, -1, 1.5, 1_000_001, Number.NaN]) {
      await expect(seedLarge(database.db, { products })).rejects.toThrow(RangeError);
    }
  });
});

describe('the seed:large command line', () => {
  it('reads --products', () => {
    expect(parseSeedLargeArgs(['--products', '10000'])).toEqual({ products: 10000, randomSeed: undefined });
    expect(parseSeedLargeArgs(['--products=1_000_000', '--random-seed', '7'])).toEqual({
      products: 1_000_000,
      randomSeed: 7,
    });
  });

  it.each([
    [[], /--products is required/],
    [['--products', 'abc'], /whole number from 1 to 1,000,000 \(got "abc"\)/],
    [['--products', '0'], /whole number from 1 to 1,000,000/],
    [['--products', '-5'], /--products/],
    [['--products', '2.5'], /whole number/],
    [['--products', '1000001'], /whole number from 1 to 1,000,000/],
    [['--products', '10', '--colour', 'red'], /Unknown option '--colour'/],
    [['--products', '10', 'extra'], /positional/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseSeedLargeArgs(argv)).toThrow(UsageError);
    expect(() => parseSeedLargeArgs(argv)).toThrow(message);
  });
});
