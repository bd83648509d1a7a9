import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchResponse } from '../../../contract/search';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createLogger } from '../../lib/logger';
import { eventually, freshDatabase } from '../../test/harness';
import {
  addCategory,
  addProduct,
  emptyCatalogue,
  searchInstance,
  uid,
  type SearchInstance,
} from '../../test/search';
import { buildProductIndex, type SearchDocument } from './engine';
import { typoBudget } from './radix-match';
import { refreshSearch, searchIndexFor, searchProducts, type SearchIndex } from './service';

// These tests own their catalogue (server/test/search.ts), filled before the app (and so the index)
// starts. Several instances on one PostgreSQL: search.pg.test.ts.

const logger = createLogger('silent');

describe('search over a catalogue built at start and kept fresh by the database', () => {
  let drop: () => Promise<void>;
  let a: SearchInstance;
  let db: Db;
  const cat: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let images: string[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    db = fresh.database.db;
    await emptyCatalogue(db);
    cat.fish = await addCategory(db, 'Fish & Seafood', 1);
    cat.veg = await addCategory(db, 'Vegetables', 2);
    cat.fruits = await addCategory(db, 'Fruits', 3);
    cat.promo = await addCategory(db, 'Weekend Offers', 0);
    const tilapia = await addProduct(db, {
      name: 'Tilapia',
      description: 'Whole fresh tilapia from Lake Victoria, cleaned and scaled.',
      categoryIds: [cat.fish!, cat.promo!],
      images: 2,
    });
    ids.tilapia = tilapia.id;
    images = tilapia.imageIds;
    ids.tilapiaFillet = (
      await addProduct(db, {
        name: 'Tilapia Fillets Frozen 1kg',
        description: 'Boneless fillets.',
        categoryIds: [cat.fish!],
      })
    ).id;
    ids.omena = (
      await addProduct(db, {
        name: 'Omena',
        description: 'Sun-dried silver cyprinid.',
        categoryIds: [cat.fish!],
      })
    ).id;
    ids.omenaSpice = (
      await addProduct(db, {
        name: 'Fish Spice Mix',
        description: 'Seasoning for omena and tilapia wet fry.',
      })
    ).id;
    ids.perch = (
      await addProduct(db, {
        name: 'Nile Perch Fillet',
        description: 'Firm white fish.',
        categoryIds: [cat.fish!],
        stock: [0, 0],
      })
    ).id;
    ids.sukuma = (
      await addProduct(db, {
        name: 'Sukuma Wiki',
        description: 'A bunch of collard greens.',
        categoryIds: [cat.veg!],
      })
    ).id;
    ids.watermelon = (
      await addProduct(db, {
        name: 'Watermelon',
        description: 'Sweet and juicy.',
        categoryIds: [cat.fruits!],
        stock: [],
      })
    ).id;
    ids.macadamia = (
      await addProduct(db, { name: 'Macadamia Nuts 250g', description: "Roasted, from Murang'a." })
    ).id;
    ids.eggs = (await addProduct(db, { name: 'Kienyeji Eggs', description: 'A tray of 30.' })).id;
    ids.rice = (
      await addProduct(db, { name: 'Pishori Rice 2kg', description: 'Aromatic rice from Mwea.' })
    ).id;
    a = searchInstance(fresh.database);
    await a.index.ready;
  });
  afterAll(async () => {
    await drop?.();
  });

  it('builds the index from the database at start', () => {
    const stats = a.index.stats();
    expect(stats.products).toBe(10);
    expect(stats.buildMs).toBeGreaterThanOrEqual(0);
    expect(stats.builtAt).toBeInstanceOf(Date);
  });

  it('answers the result document of the contract, with the first category and images in order', async () => {
    const res = await a.search('tilapia');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = SearchResponse.parse(await res.json());
    const first = body.data[0]!;
    expect(first).toEqual({
      id: ids.tilapia,
      pid: expect.stringMatching(/^SKN-/),
      name: 'Tilapia',
      description: 'Whole fresh tilapia from Lake Victoria, cleaned and scaled.',
      // "Weekend Offers" has the lower position, so it is the product's first category.
      category: 'Weekend Offers',
      categoryId: cat.promo,
      Images: images.map((id) => ({ url: `/api/v1/assets/image/${id}/thumb` })),
      available: true,
    });
    const none = body.data.find((r) => r.name === 'Fish Spice Mix');
    expect(none).toBeDefined();
  });

  it('puts the product whose name is the query first, then other name matches, then descriptions', async () => {
    expect(await a.names('tilapia')).toEqual(['Tilapia', 'Tilapia Fillets Frozen 1kg', 'Fish Spice Mix']);
    expect(await a.names('omena')).toEqual(['Omena', 'Fish Spice Mix']);
  });

  it('trims the query', async () => {
    expect((await a.names('   omena  '))[0]).toBe('Omena');
  });

  it.each([
    ['tilapa', 'Tilapia'],
    ['omna', 'Omena'],
    ['sukuma wik', 'Sukuma Wiki'],
    ['sukma wiki', 'Sukuma Wiki'],
    ['watermelom', 'Watermelon'],
    ['watremelon', 'Watermelon'],
    ['macadmaia', 'Macadamia Nuts 250g'],
    ['omnea', 'Omena'],
    ['Kienyeji eggz', 'Kienyeji Eggs'],
  ])('tolerates typos the way people expect: %s finds %s', async (q, name) => {
    expect((await a.names(q))[0]).toBe(name);
  });

  it('allows no typo in short words, one in 4–7 letters and two from 8', async () => {
    expect(typoBudget('egs')).toBe(0);
    expect(typoBudget('eggs')).toBe(1);
    expect(typoBudget('tilapia')).toBe(1);
    expect(typoBudget('macadamia')).toBe(2);
    // "rce" is one letter from "rice" but too short to guess; "tlapa" is two from "tilapia".
    expect(await a.names('rce')).toEqual([]);
    expect(await a.names('tlapa')).toEqual([]);
    // Two typos in a long word are fine, three are not.
    expect((await a.names('mcadamea'))[0]).toBe('Macadamia Nuts 250g');
    expect(await a.names('mcadmea')).toEqual([]);
  });

  it('matches the start of a word while it is being typed', async () => {
    expect((await a.names('tila'))[0]).toBe('Tilapia');
    expect(await a.names('suku')).toEqual(['Sukuma Wiki']);
    expect(await a.names('s')).toContain('Sukuma Wiki');
    expect((await a.names('water'))[0]).toBe('Watermelon');
  });

  it('finds products by their description and by their category name', async () => {
    expect(await a.names('victoria')).toEqual(['Tilapia']);
    expect(await a.names('mwea')).toEqual(['Pishori Rice 2kg']);
    expect((await a.names('seafood')).sort()).toEqual([
      'Nile Perch Fillet',
      'Omena',
      'Tilapia',
      'Tilapia Fillets Frozen 1kg',
    ]);
    expect(await a.names('vegetables')).toEqual(['Sukuma Wiki']);
  });

  it('needs every word to match somewhere, across fields', async () => {
    expect(await a.names('tilapia victoria')).toEqual(['Tilapia']);
    expect(await a.names('frozen tilapia')).toEqual(['Tilapia Fillets Frozen 1kg']);
    // "for" is not required: "fish for ugali" still finds the fish.
    expect((await a.names('spice for omena'))[0]).toBe('Fish Spice Mix');
  });

  it('still finds products out of stock, marked unavailable', async () => {
    const res = await a.search('perch');
    const [perch] = SearchResponse.parse(await res.json()).data;
    expect(perch).toMatchObject({ name: 'Nile Perch Fillet', available: false });
    const [melon] = SearchResponse.parse(await (await a.search('watermelon')).json()).data;
    // No variants at all is out of stock too.
    expect(melon).toMatchObject({ name: 'Watermelon', available: false, category: 'Fruits' });
  });

  it('answers at most 20 by default and honours limit up to 50', async () => {
    const rows = Array.from({ length: 55 }, (_, i) => ({
      pid: `SKN-B${uid()}-${i}`,
      name: `Mango Bulk ${i}`,
    }));
    const inserted = await db.insert(schema.products).values(rows).returning({ id: schema.products.id });
    await eventually(async () => a.index.stats().products === 10 + 55);
    const count = async (extra: string) =>
      SearchResponse.parse(await (await a.search('mango', extra)).json()).data.length;
    expect(await count('')).toBe(20);
    expect(await count('&limit=5')).toBe(5);
    expect(await count('&limit=50')).toBe(50);
    await db.delete(schema.products).where(
      inArray(
        schema.products.id,
        inserted.map((r) => r.id),
      ),
    );
    await eventually(async () => a.index.stats().products === 10);
  });

  describe('refuses bad queries with the error envelope', () => {
    it.each([
      ['an empty q', '?q=', 'q'],
      ['a q of spaces', '?q=%20%20%20', 'q'],
      ['no q', '', 'q'],
      ['a q over 100 characters', `?q=${'a'.repeat(101)}`, 'q'],
      ['limit 0', '?q=omena&limit=0', 'limit'],
      ['limit 51', '?q=omena&limit=51', 'limit'],
      ['limit abc', '?q=omena&limit=abc', 'limit'],
      ['limit 2.5', '?q=omena&limit=2.5', 'limit'],
    ])('%s', async (_label, query, field) => {
      const res = await a.app.request(`/api/v1/search/orama${query}`);
      expect(res.status).toBe(400);
      const id = res.headers.get('x-correlation-id');
      const body = await res.json();
      expect(body.code).toBe('validation_failed');
      expect(body.correlationId).toBe(id);
      expect(body.message).toMatch(new RegExp(`^Invalid query: ${field}: .+\\. Correlation ID: ${id}$`));
      expect(body.issues[0].path).toBe(field);
    });

    it('says what to do in words', async () => {
      const empty = await (await a.app.request('/api/v1/search/orama?q=%20')).json();
      expect(empty.message).toMatch(/^Invalid query: q: Type what you are looking for\. Correlation ID: /);
      const long = await (await a.app.request(`/api/v1/search/orama?q=${'b'.repeat(101)}`)).json();
      expect(long.message).toMatch(/at most 100 characters/);
    });

    it('accepts exactly 100 characters', async () => {
      const res = await a.search('c'.repeat(100));
      expect(res.status).toBe(200);
      expect((await res.json()).data).toEqual([]);
    });
  });

  describe('follows the database through notifications', () => {
    it('indexes a product created in the database', async () => {
      const { id } = await addProduct(db, {
        name: 'Mrenda Leaves',
        description: 'Jute mallow.',
        categoryIds: [cat.veg!],
      });
      // Each insert (product, its category link, its variant) commits on its own and notifies.
      await eventually(async () => {
        const [hit] = SearchResponse.parse(await (await a.search('mrenda')).json()).data;
        return hit?.id === id && hit.category === 'Vegetables' && hit.available;
      });
    });

    it('re-indexes a renamed product and forgets its old name', async () => {
      const { id } = await addProduct(db, { name: 'Managu Bunch' });
      await eventually(async () => (await a.names('managu')).length === 1);
      await db.update(schema.products).set({ name: 'Terere Bunch' }).where(eq(schema.products.id, id));
      await eventually(
        async () => (await a.names('terere')).length === 1 && (await a.names('managu')).length === 0,
      );
    });

    it('drops a deleted product', async () => {
      const { id } = await addProduct(db, { name: 'Dagaa Pack' });
      await eventually(async () => (await a.names('dagaa')).length === 1);
      await db.delete(schema.products).where(eq(schema.products.id, id));
      await eventually(async () => (await a.names('dagaa')).length === 0);
    });

    it('marks a product unavailable when its last stock runs out, and available again', async () => {
      const { id } = await addProduct(db, { name: 'Mala Fermented Milk', stock: [3] });
      const availability = async () =>
        SearchResponse.parse(await (await a.search('mala fermented')).json()).data[0]?.available;
      await eventually(async () => (await availability()) === true);
      await db.update(schema.variants).set({ quantity: 0 }).where(eq(schema.variants.productId, id));
      await eventually(async () => (await availability()) === false);
      await db.update(schema.variants).set({ quantity: 7 }).where(eq(schema.variants.productId, id));
      await eventually(async () => (await availability()) === true);
    });

    it('follows a category rename and a new category link', async () => {
      const herbs = await addCategory(db, 'Herbs', 5);
      const { id } = await addProduct(db, { name: 'Dhania', categoryIds: [herbs] });
      await eventually(async () => (await a.names('herbs'))[0] === 'Dhania');
      await db
        .update(schema.categories)
        .set({ name: 'Spices & Seasonings' })
        .where(eq(schema.categories.id, herbs));
      await eventually(
        async () => (await a.names('seasonings')).includes('Dhania') && !(await a.names('herbs')).length,
      );
      await db.insert(schema.productCategories).values({ productId: id, categoryId: cat.promo! });
      await eventually(async () => {
        const [hit] = SearchResponse.parse(await (await a.search('dhania')).json()).data;
        return hit?.category === 'Weekend Offers';
      });
    });

    it('follows a deleted category through its cascaded links', async () => {
      const temp = await addCategory(db, 'Clearance Corner', 9);
      await addProduct(db, { name: 'Pawpaw', categoryIds: [temp] });
      await eventually(async () => (await a.names('clearance')).includes('Pawpaw'));
      await db.delete(schema.categories).where(eq(schema.categories.id, temp));
      await eventually(async () => {
        const [hit] = SearchResponse.parse(await (await a.search('pawpaw')).json()).data;
        return hit?.category === null && (await a.names('clearance')).length === 0;
      });
    });

    it('rebuilds everything after a statement that touched more than 1,000 products', async () => {
      const rows = Array.from({ length: 1001 }, (_, i) => ({
        pid: `SKN-X${uid()}-${i}`,
        name: `Chapati Pack ${i}`,
      }));
      const before = a.index.stats().builtAt!;
      await db.insert(schema.products).values(rows);
      await eventually(async () => (await a.names('chapati')).length === 20, 5_000);
      expect(a.index.stats().builtAt!.getTime()).toBeGreaterThan(before.getTime());
      await db.delete(schema.products).where(sql`${schema.products.name} like 'Chapati Pack %'`);
      await eventually(async () => (await a.names('chapati')).length === 0, 5_000);
    });
  });

  it('documents the route in the OpenAPI document', async () => {
    const doc = await (await a.app.request('/api/openapi.json')).json();
    const op = doc.paths['/v1/search/orama'].get;
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['limit', 'q']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '503']));
  });
});

describe('refreshing directly, without waiting for a notification', () => {
  let drop: () => Promise<void>;
  let a: SearchInstance;
  let db: Db;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    db = fresh.database.db;
    await emptyCatalogue(db);
    // No triggers here (even once they ship as a migration): only the direct calls change the index.
    for (const fn of [
      'products_changed',
      'product_links_changed',
      'variants_changed',
      'categories_changed',
      'truncated',
    ]) {
      await db.execute(sql.raw(`drop function if exists search_${fn}() cascade`));
    }
    a = searchInstance(fresh.database);
    await a.index.ready;
  });
  afterAll(async () => {
    await drop?.();
  });

  it('indexes, re-indexes and removes on refreshSearch', async () => {
    const { id } = await addProduct(db, { name: 'Githeri Mix' });
    await new Promise((r) => setTimeout(r, 100));
    expect(await a.names('githeri')).toEqual([]);
    await refreshSearch(a.database, [id]);
    expect(await a.names('githeri')).toEqual(['Githeri Mix']);
    await db.update(schema.products).set({ name: 'Muthokoi Mix' }).where(eq(schema.products.id, id));
    await refreshSearch(a.database, [id]);
    expect(await a.names('muthokoi')).toEqual(['Muthokoi Mix']);
    expect(await a.names('githeri')).toEqual([]);
    await db.delete(schema.products).where(eq(schema.products.id, id));
    await refreshSearch(a.database, [id]);
    expect(await a.names('muthokoi')).toEqual([]);
  });

  it('removes at once on remove(), and rebuilds on rebuild()', async () => {
    const { id } = await addProduct(db, { name: 'Mabuyu Sweets' });
    await a.index.refresh([id]);
    expect(await a.names('mabuyu')).toEqual(['Mabuyu Sweets']);
    a.index.remove(id);
    expect(await a.names('mabuyu')).toEqual([]);
    await a.index.rebuild();
    expect(await a.names('mabuyu')).toEqual(['Mabuyu Sweets']);
  });

  it('is the same index for every module of the instance', () => {
    expect(searchIndexFor({ database: a.database, logger })).toBe(a.index);
  });
});

describe('before the first build', () => {
  it('waits a bounded time, then answers 503 with Retry-After', async () => {
    vi.useFakeTimers();
    try {
      const never = { ready: new Promise<void>(() => undefined) } as SearchIndex;
      const outcome = searchProducts(never, 'omena', 20).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(10_000);
      const err = (await outcome) as AppError;
      expect(err).toBeInstanceOf(AppError);
      expect(err.status).toBe(503);
      expect(err.headers).toEqual({ 'Retry-After': '5' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the engine on its own', () => {
  const doc = (id: number, name: string, description = '', category = 'Groceries'): SearchDocument => ({
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    pid: `SKN-${id}`,
    name,
    description,
    categories: [{ id: '00000000-0000-4000-8000-000000000999', name: category }],
    imageIds: [],
    available: true,
  });

  it('ranks exact > prefix > typo, whatever the field lengths', async () => {
    const index = await buildProductIndex([
      doc(1, 'Beetroot Fresh Bunch From Limuru Farms'),
      doc(2, 'Beef'),
      doc(3, 'Beet'),
      doc(4, 'Samosa Pastry', 'Fill with beef mince.'),
    ]);
    // Exact name, then the exact word in a description, then a typo (beet) and a typo'd prefix.
    expect(index.search('beef', 10).map((r) => r.name)).toEqual(['Beef', 'Samosa Pastry', 'Beet']);
    expect(
      index
        .search('beet', 10)
        .map((r) => r.name)
        .slice(0, 2),
    ).toEqual(['Beet', 'Beetroot Fresh Bunch From Limuru Farms']);
  });

  it('replaces a product on upsert and keeps ranking stable for ties', async () => {
    const index = await buildProductIndex([doc(1, 'Ndengu 1kg'), doc(2, 'Ndengu 1kg'), doc(3, 'Ndengu 1kg')]);
    expect(index.search('ndengu', 10).map((r) => r.pid)).toEqual(['SKN-1', 'SKN-2', 'SKN-3']);
    index.upsert(doc(2, 'Green Grams'));
    expect(index.search('ndengu', 10).map((r) => r.pid)).toEqual(['SKN-1', 'SKN-3']);
    expect(index.search('grams', 10).map((r) => r.pid)).toEqual(['SKN-2']);
    expect(index.size).toBe(3);
    expect(index.remove(doc(2, '').id)).toBe(true);
    expect(index.remove(doc(2, '').id)).toBe(false);
    expect(index.size).toBe(2);
  });

  it('ignores punctuation-only and over-long queries gracefully', async () => {
    const index = await buildProductIndex([doc(1, 'Ugali Flour')]);
    expect(index.search('!!!', 10)).toEqual([]);
    expect(index.search('ugali '.repeat(40), 10).map((r) => r.name)).toEqual(['Ugali Flour']);
  });
});
