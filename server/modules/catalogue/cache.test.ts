import { eq, sql } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Category, ProductList } from '../../../contract/catalogue';
import { countRows, envelope } from '../../../contract/common';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { parseEnv } from '../../env';
import { mount, newRouter } from '../../lib/http';
import { createLogger } from '../../lib/logger';
import { cacheInstance, changed, detail, list, type CacheInstance } from '../../test/catalogue-cache';
import { dbKind, eventually, freshDatabase } from '../../test/harness';
import { invalidateCatalogue, type CatalogueCacheOptions } from './cache';
import { catalogueModule } from './handlers';

/*
 * The catalogue answer cache over the seeded catalogue of a database clone. Every instance here
 * reads through a drizzle handle that counts its statements, so "served from the cache" means "no
 * query at all". Changes are written straight to the database, as another instance or an admin
 * tool would: they must reach the cache through the catalogue notifications. Over PostgreSQL's
 * separate connections, and losing the listening one: cache.pg.test.ts.
 */

const logger = createLogger('silent');
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: '.tmp/no-spa' });
const HOUR = 3_600_000;

let base: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database: base, drop } = await freshDatabase());
});
afterAll(() => drop?.());

const instances: CacheInstance[] = [];
afterAll(async () => {
  for (const i of instances) await i.close();
});

/** A catalogue module with its own cache over the clone, closed after the file. */
async function instance(options: CatalogueCacheOptions = {}) {
  const created = await cacheInstance(base, options);
  instances.push(created);
  return created;
}

/** The sample's Fish Friday discount and one product it covers. */
async function fishFriday() {
  const [fish] = await base.db
    .select({
      id: schema.discounts.id,
      value: schema.discounts.value,
      redemptions: schema.discounts.redemptions,
    })
    .from(schema.discounts)
    .where(eq(schema.discounts.name, 'Fish Friday'));
  const [link] = await base.db
    .select({ productId: schema.discountProducts.productId })
    .from(schema.discountProducts)
    .where(eq(schema.discountProducts.discountId, fish!.id))
    .limit(1);
  return { fish: fish!, link: link! };
}

describe('serving from the cache', () => {
  let a: CacheInstance;
  beforeAll(async () => {
    a = await instance();
  });
  beforeEach(() => a.cache.invalidate('test'));

  it('answers a repeated list, product or category read without a query', async () => {
    const first = await a.request('/v2/products?limit=24&sort=price_asc');
    const body = await first.text();
    expect(a.counter.queries).toBeGreaterThan(0);
    const productId = ProductList.parse(JSON.parse(body)).data[0]!.productId;
    await a.request(`/v1/products/${productId}`);
    await a.request('/v1/categories');

    expect(
      await a.queriesDuring(async () => {
        // The same query spelt differently is the same entry.
        const again = await a.request('/v2/products?sort=price_asc&offset=0&limit=24');
        expect(again.status).toBe(200);
        expect(await again.text()).toBe(body);
        expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
        expect(again.headers.get('content-type')).toBe('application/json');
        expect(again.headers.get('cache-control')).toBe('no-cache');
        expect((await detail(a, productId)).productId).toBe(productId);
        expect((await a.request('/v1/categories')).status).toBe(200);
      }),
    ).toBe(0);
    expect(a.cache.stats()).toMatchObject({ entries: 3, hits: expect.any(Number) });
  });

  it('answers If-None-Match with 304 from the cache, and gzip once per entry', async () => {
    const first = await a.request('/v2/products?limit=12');
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[0-9a-f]{40}"$/);
    const json = await first.text();
    expect(
      await a.queriesDuring(async () => {
        for (const inm of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
          const res = await a.request('/v2/products?limit=12', { 'If-None-Match': inm });
          expect(res.status).toBe(304);
          expect(await res.text()).toBe('');
          expect(res.headers.get('etag')).toBe(tag);
          expect(res.headers.get('cache-control')).toBe('no-cache');
        }
        const stale = await a.request('/v2/products?limit=12', { 'If-None-Match': '"nope"' });
        expect(stale.status).toBe(200);
        const gz = await a.request('/v2/products?limit=12', { 'Accept-Encoding': 'gzip, deflate, br' });
        expect(gz.headers.get('content-encoding')).toBe('gzip');
        expect(gz.headers.get('etag')).toBe(`${tag.slice(0, -1)}-gzip"`);
        expect(gz.headers.get('vary')).toBe('Accept-Encoding');
        expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(json);
        const refused = await a.request('/v2/products?limit=12', { 'Accept-Encoding': 'gzip;q=0, *' });
        expect(refused.headers.get('content-encoding')).toBeNull();
        // A client holding the gzipped copy revalidates with its tag.
        const zipped = await a.request('/v2/products?limit=12', {
          'If-None-Match': gz.headers.get('etag')!,
          'Accept-Encoding': 'gzip',
        });
        expect(zipped.status).toBe(304);
        expect(zipped.headers.get('etag')).toBe(gz.headers.get('etag'));
      }),
    ).toBe(0);
  });

  it('gives the same validator as the uncached route', async () => {
    const uncached = newRouter();
    mount(uncached, catalogueModule({ env, database: base, logger }, { cache: false }));
    const plain = await uncached.request('/v2/products?limit=5&sort=name');
    const cached = await a.request('/v2/products?limit=5&sort=name');
    expect(cached.headers.get('etag')).toBe(plain.headers.get('etag'));
    expect(await cached.text()).toBe(await plain.text());
  });

  it('does not keep errors', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await a.request(`/v1/products/${missing}`)).status).toBe(404);
    expect(await a.queriesDuring(() => a.request(`/v1/products/${missing}`))).toBeGreaterThan(0);
  });

  it('keeps at most maxEntries, least recently used out first', async () => {
    const small = await instance({ maxEntries: 3 });
    for (const offset of [0, 1, 2]) await small.request(`/v2/products?limit=2&offset=${offset}`);
    await small.request('/v2/products?limit=2&offset=0'); // now the most recently used
    await small.request('/v2/products?limit=2&offset=3'); // evicts offset=1
    expect(small.cache.stats().entries).toBe(3);
    expect(await small.queriesDuring(() => small.request('/v2/products?limit=2&offset=0'))).toBe(0);
    expect(await small.queriesDuring(() => small.request('/v2/products?limit=2&offset=1'))).toBeGreaterThan(
      0,
    );
  });

  it('shares one build between concurrent misses', async () => {
    const during = await a.queriesDuring(() =>
      Promise.all(Array.from({ length: 10 }, () => a.request('/v2/products?limit=24&offset=48'))),
    );
    const once = await (async () => {
      a.cache.invalidate('test');
      return a.queriesDuring(() => a.request('/v2/products?limit=24&offset=48'));
    })();
    expect(during).toBe(once);
  });
});

describe('invalidation by catalogue notifications', () => {
  let a: CacheInstance;
  let productId: string;
  beforeAll(async () => {
    a = await instance();
    productId = (await list(a)).data[0]!.productId;
  });

  /** Reads the product list, its first product and the categories once, so all three are cached. */
  async function warm() {
    await list(a);
    await detail(a, productId);
    await a.request('/v1/categories');
    expect(await a.queriesDuring(() => list(a))).toBe(0);
  }

  it('drops a product update, within a second', async () => {
    await warm();
    const ms = await changed(a, () =>
      base.db
        .update(schema.products)
        .set({ name: 'Cached Tilapia' })
        .where(eq(schema.products.id, productId)),
    );
    expect(ms).toBeLessThan(1_000);
    expect((await list(a)).data[0]!.name).toBe('Cached Tilapia');
    expect((await detail(a, productId)).name).toBe('Cached Tilapia');
  });

  it('drops a change search does not watch (recipe tips)', async () => {
    await warm();
    await changed(a, () =>
      base.db
        .update(schema.products)
        .set({ recipeTips: '<p>Fry it.</p>' })
        .where(eq(schema.products.id, productId)),
    );
    expect((await detail(a, productId)).recipeTips).toBe('<p>Fry it.</p>');
  });

  it('drops a new product and a deleted one', async () => {
    await warm();
    const total = (await list(a)).meta.total;
    let newId = '';
    await changed(a, async () => {
      const [row] = await base.db
        .insert(schema.products)
        .values({ pid: 'SKN-99901', name: 'Brand New Mandazi', createdAt: new Date(Date.now() + HOUR) })
        .returning({ id: schema.products.id });
      newId = row!.id;
    });
    const after = await list(a);
    expect(after.meta.total).toBe(total + 1);
    expect(after.data[0]!.productId).toBe(newId);
    await detail(a, newId);
    await changed(a, () => base.db.delete(schema.products).where(eq(schema.products.id, newId)));
    expect((await list(a)).meta.total).toBe(total);
    expect((await a.request(`/v1/products/${newId}`)).status).toBe(404);
  });

  it('drops a discount change and a discount added to a product', async () => {
    const { fish, link } = await fishFriday();
    const priceOf = async (id: string) => (await detail(a, id)).variants[0]!.saleInfo.discountedPrice;
    const before = await priceOf(link.productId);
    expect(before).not.toBeNull();
    await changed(a, () =>
      base.db.update(schema.discounts).set({ value: 50 }).where(eq(schema.discounts.id, fish.id)),
    );
    const listPrice = (await detail(a, link.productId)).variants[0]!.price;
    expect(await priceOf(link.productId)).toBe(Math.round(listPrice / 2));

    // A product with no discount yet gets this one.
    const plain = (await list(a, '/v2/products?limit=100')).data.find(
      (p) => p.discountIds.length === 0 && p.variants.length > 0,
    )!;
    expect(await priceOf(plain.productId)).toBeNull();
    await changed(a, () =>
      base.db.insert(schema.discountProducts).values({ discountId: fish.id, productId: plain.productId }),
    );
    expect(await priceOf(plain.productId)).toBe(Math.round(plain.variants[0]!.price / 2));
    await changed(a, () =>
      base.db.update(schema.discounts).set({ value: fish.value }).where(eq(schema.discounts.id, fish.id)),
    );
  });

  it('keeps its answers while a limited discount gives uses, and drops them when the last one goes', async () => {
    const { fish, link } = await fishFriday();
    const uses = (change: number) =>
      base.db.execute(sql`update discounts set redemptions = redemptions + ${change} where id = ${fish.id}`);
    const priceOf = async () => (await detail(a, link.productId)).variants[0]!.saleInfo.discountedPrice;
    await changed(a, () =>
      base.db
        .update(schema.discounts)
        .set({ usageLimit: fish.redemptions + 2 })
        .where(eq(schema.discounts.id, fish.id)),
    );
    const onSale = await priceOf();
    expect(onSale).not.toBeNull();

    // A checkout takes a use, and one is left: the page is the same, and no instance is told.
    const flushes = a.cache.stats().invalidations;
    await uses(1);
    await new Promise((r) => setTimeout(r, dbKind === 'postgres' ? 300 : 50));
    expect(a.cache.stats().invalidations).toBe(flushes);
    expect(await a.queriesDuring(priceOf)).toBe(0);

    // The last use goes: the product is no longer priced with it. One comes back: it is again.
    await changed(a, () => uses(1));
    expect(await priceOf()).toBeNull();
    await changed(a, () => uses(-1));
    expect(await priceOf()).toBe(onSale);

    await uses(-1);
    await changed(a, () =>
      base.db.update(schema.discounts).set({ usageLimit: null }).where(eq(schema.discounts.id, fish.id)),
    );
  });

  it('drops a variant price change', async () => {
    const product = await detail(a, productId);
    const variant = product.variants[0]!;
    await changed(a, () =>
      base.db
        .update(schema.variants)
        .set({ price: variant.price + 5 })
        .where(eq(schema.variants.id, variant.variantId)),
    );
    expect((await detail(a, productId)).variants[0]!.price).toBe(variant.price + 5);
  });

  it('drops a category rename and a new category', async () => {
    const categories = async () =>
      envelope(countRows(Category)).parse(await (await a.request('/v1/categories')).json()).data;
    const first = (await categories()).rows[0]!;
    await changed(a, () =>
      base.db
        .update(schema.categories)
        .set({ name: 'Samaki Fresh' })
        .where(eq(schema.categories.id, first.categoryId)),
    );
    expect((await categories()).rows[0]!.name).toBe('Samaki Fresh');
    const count = (await categories()).count;
    await changed(a, () =>
      base.db
        .insert(schema.categories)
        .values({ slug: 'spices', name: 'Spices', icon: 'mdiShaker', color: 'orange', position: 99 }),
    );
    expect((await categories()).count).toBe(count + 1);
  });

  it('drops everything on invalidateCatalogue (admin writes)', async () => {
    await warm();
    invalidateCatalogue(base); // another handle (another instance, in effect): not this cache
    expect(await a.queriesDuring(() => list(a))).toBe(0);
    invalidateCatalogue(a.database);
    expect(await a.queriesDuring(() => list(a))).toBeGreaterThan(0);
  });
});

describe('time', () => {
  let a: CacheInstance;
  beforeAll(async () => {
    // Long lifetimes, so only the discount boundary can end an entry.
    a = await instance({ maxAgeMs: 10 * HOUR, stockTtlMs: 10 * HOUR });
  });

  it('expires an entry at the next discount start and end, and prices across them', async () => {
    const [target] = (await list(a, '/v2/products?limit=100')).data.filter(
      (p) => p.discountIds.length === 0 && p.variants.length > 0,
    );
    const start = new Date(Math.ceil((Date.now() + 60_000) / 1000) * 1000);
    const end = new Date(start.getTime() + HOUR);
    await changed(a, () =>
      base.db.transaction(async (tx) => {
        // Only this discount decides the boundaries here.
        await tx.update(schema.discounts).set({ active: false });
        const [d] = await tx
          .insert(schema.discounts)
          .values({ name: 'Happy Hour', kind: 'percentage', value: 20, startsAt: start, endsAt: end })
          .returning({ id: schema.discounts.id });
        await tx.insert(schema.discountProducts).values({ discountId: d!.id, productId: target!.productId });
      }),
    );
    const path = `/v1/products/${target!.productId}`;
    const sale = async () => (await detail(a, target!.productId)).variants[0]!.saleInfo;
    const off = { onSale: false, discountedPrice: null };
    const on = { onSale: true, discountedPrice: Math.round(target!.variants[0]!.price * 0.8) };

    a.clock.now = new Date(start.getTime() - 30 * 60_000);
    expect(await sale()).toEqual(off);
    a.clock.now = new Date(start.getTime() - 1);
    expect(await a.queriesDuring(() => a.request(path))).toBe(0);
    a.clock.now = start;
    expect(await a.queriesDuring(async () => expect(await sale()).toEqual(on))).toBeGreaterThan(0);
    a.clock.now = new Date(end.getTime() - 1);
    expect(await a.queriesDuring(async () => expect(await sale()).toEqual(on))).toBe(0);
    a.clock.now = end;
    expect(await sale()).toEqual(off);
    // A clock set back is never answered from an entry built later.
    a.clock.now = new Date(start.getTime() + 1);
    expect(await sale()).toEqual(on);
  });

  it('expires every entry after maxAge at the latest', async () => {
    const b = await instance({ maxAgeMs: 30_000, stockTtlMs: 30_000 });
    const t0 = b.clock.now.getTime();
    await b.request('/v1/categories');
    // (From half its lifetime a hit would rebuild the entry in the background: stay before that.)
    b.clock.now = new Date(t0 + 14_999);
    expect(await b.queriesDuring(() => b.request('/v1/categories'))).toBe(0);
    b.clock.now = new Date(t0 + 30_000);
    expect(await b.queriesDuring(() => b.request('/v1/categories'))).toBeGreaterThan(0);
  });
});

describe('stock', () => {
  let a: CacheInstance;
  let productId: string;
  let variantId: string;
  let quantity: number;
  beforeAll(async () => {
    a = await instance({ stockTtlMs: 2_000 });
    const product = (await list(a, '/v2/products?limit=100')).data.find((p) => p.variants[0]?.isAvailable)!;
    productId = product.productId;
    variantId = product.variants[0]!.variantId;
    quantity = product.variants[0]!.quantity;
  });
  const first = async () => (await detail(a, productId)).variants[0]!;

  it('shows a quantity at most stockTtl old, and re-reads it ahead of that for hot entries', async () => {
    a.cache.invalidate('test');
    const t0 = a.clock.now.getTime();
    expect((await first()).quantity).toBe(quantity);
    // A sale that does not empty the shelf notifies nothing (every checkout would flush the cache).
    await base.db.execute(sql`update variants set quantity = quantity - 1 where id = ${variantId}`);
    await new Promise((r) => setTimeout(r, dbKind === 'postgres' ? 200 : 0));
    a.clock.now = new Date(t0 + 900);
    expect(await a.queriesDuring(async () => expect((await first()).quantity).toBe(quantity))).toBe(0);
    // Past half its stock lifetime, a hit is answered at once and the quantities re-read behind it.
    a.clock.now = new Date(t0 + 1_000);
    expect((await first()).quantity).toBe(quantity);
    await eventually(async () => (await first()).quantity === quantity - 1);
    // And without hits in between, no quantity is shown older than stockTtl.
    a.cache.invalidate('test');
    const t1 = a.clock.now.getTime();
    await first();
    await base.db.execute(sql`update variants set quantity = quantity + 1 where id = ${variantId}`);
    a.clock.now = new Date(t1 + 2_000);
    expect((await first()).quantity).toBe(quantity);
  });

  it('keeps an entry whose quantities did not move, for the price of one small query', async () => {
    a.cache.invalidate('test');
    const t0 = a.clock.now.getTime();
    const res = await a.request('/v2/products?limit=24');
    const body = await res.text();
    const before = a.cache.stats();
    a.clock.now = new Date(t0 + 2_000);
    expect(
      await a.queriesDuring(async () => {
        const again = await a.request('/v2/products?limit=24');
        expect(await again.text()).toBe(body);
      }),
    ).toBe(1);
    expect(a.cache.stats()).toMatchObject({
      builds: before.builds,
      stockChecks: before.stockChecks + 1,
      stockMoved: before.stockMoved,
    });
    // Current again for another stockTtl from the check.
    a.clock.now = new Date(t0 + 2_900);
    expect(await a.queriesDuring(() => a.request('/v2/products?limit=24'))).toBe(0);
  });

  it('drops entries at once when a variant sells out (isAvailable flips)', async () => {
    expect((await first()).isAvailable).toBe(true);
    const [stock] = await base.db
      .select({ quantity: schema.variants.quantity })
      .from(schema.variants)
      .where(eq(schema.variants.id, variantId));
    await changed(a, () => base.db.execute(sql`update variants set quantity = 0 where id = ${variantId}`));
    expect(await first()).toMatchObject({ isAvailable: false, quantity: 0 });
    await changed(a, () =>
      base.db.execute(sql`update variants set quantity = ${stock!.quantity} where id = ${variantId}`),
    );
  });
});

describe('consistency rules', () => {
  it('answers a build that raced a flush but does not store it', async () => {
    const a = await instance();
    let builds = 0;
    const clock = () => new Date();
    const racing = await a.cache.answer('k', 'categories', clock, async () => {
      builds++;
      a.cache.invalidate('a change committed meanwhile');
      return { n: builds };
    });
    expect(racing.body).toBe('{"n":1}');
    const next = await a.cache.answer('k', 'categories', clock, async () => ({ n: ++builds }));
    expect(next.body).toBe('{"n":2}');
    const cached = await a.cache.answer('k', 'categories', clock, async () => ({ n: ++builds }));
    expect(cached.body).toBe('{"n":2}');
  });
});

describe('the database away', () => {
  it("serves a key's last answer, however old, while the database cannot be reached, and nothing else", async () => {
    const b = await instance({ maxAgeMs: 30_000, stockTtlMs: 30_000 });
    const t0 = b.clock.now.getTime();
    const shown = await (await b.request('/v1/categories')).text();
    b.clock.now = new Date(t0 + HOUR);
    const clock = () => b.clock.now;
    // As drizzle throws it: its own error, node-postgres's refusal as the cause.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const unreachable = () => Promise.reject(new Error('Failed query: select …', { cause: refused }));

    // Even after a flush (an admin's save just before the database went).
    b.cache.invalidate('test');
    expect((await b.cache.answer('categories', 'categories', clock, unreachable)).body).toBe(shown);
    expect(b.cache.stats().stale).toBe(1);
    // Any other failure is not hidden behind an old answer, and a key never read has nothing to serve.
    await expect(
      b.cache.answer('categories', 'categories', clock, () =>
        Promise.reject(new Error('column "x" does not exist')),
      ),
    ).rejects.toThrow('column "x" does not exist');
    await expect(b.cache.answer('never-read', 'categories', clock, unreachable)).rejects.toThrow(
      'Failed query',
    );
  });
});
