import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActivityList,
  AdminProduct,
  AdminProductList,
  type ProductInputDraft,
} from '../../../contract/admin';
import { ProductBulkResult, type ProductBulkRequest } from '../../../contract/admin-bulk';
import { activityLog, categories, products, variants } from '../../db/schema';
import {
  adminApi,
  asInput,
  createViaApi,
  ifMatch,
  productBody,
  seededRefs,
  variantBody,
  type AdminApi,
} from '../../test/admin';
import { createTestContext, type TestContext } from '../../test/harness';
import { shopper, staffMember } from '../../test/shop';

let ctx: TestContext;
let admin: AdminApi;
let refs: Awaited<ReturnType<typeof seededRefs>>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = adminApi(ctx, (await shopper(ctx, 'admin')).token);
  refs = await seededRefs(ctx);
});
afterAll(() => ctx.close());

const bulk = (body: ProductBulkRequest) => admin.post('/admin/products/bulk', body);
const bulkOk = async (body: ProductBulkRequest) => {
  const res = await bulk(body);
  expect(res.status, await res.clone().text()).toBe(200);
  return ProductBulkResult.parse((await res.json()).data);
};
const detail = async (productId: string) =>
  AdminProduct.parse((await (await admin.get(`/admin/products/${productId}`)).json()).data);
const activityOf = async (productId: string) =>
  ActivityList.parse(await (await admin.get(`/admin/activity?entity=product&id=${productId}`)).json()).data;
const pricesOf = async (productId: string) => (await detail(productId)).variants.map((v) => v.price);
/** A product whose name holds a word of its own, so a filter finds it and nothing else. */
const tagged = (tag: string, overrides: Partial<ProductInputDraft> = {}) =>
  createViaApi(admin, productBody({ name: `Bulk ${tag} ${randomUUID().slice(0, 6)}`, ...overrides }));
const issuesOf = async (res: Response) => {
  expect(res.status).toBe(400);
  const body = await res.json();
  return { code: body.code as string, paths: (body.issues ?? []).map((i: { path: string }) => i.path) };
};

describe('bulk price changes', () => {
  it('raises by a percentage, rounding half up to whole shillings, and logs the old and new price', async () => {
    const p = await tagged('pct', {
      variants: [variantBody({ name: '1 kg', price: 333 }), variantBody({ name: '2 kg', price: 365 })],
    });
    const result = await bulkOk({
      target: { productIds: [p.productId] },
      action: { kind: 'price', by: 'percent', value: 10 },
    });
    expect(result).toMatchObject({ matched: 1, changed: 1, dryRun: false, priceCount: 2 });
    expect(result.prices.map((l) => [l.variantName, l.oldPrice, l.newPrice])).toEqual([
      ['1 kg', 333, 366],
      ['2 kg', 365, 402],
    ]);
    expect(await pricesOf(p.productId)).toEqual([366, 402]);
    expect((await detail(p.productId)).version).toBe(p.version + 1);
    const [entry] = await activityOf(p.productId);
    expect(entry).toMatchObject({
      action: 'bulk_edited',
      summary: 'Prices: 1 kg KSH 333 → KSH 366; 2 kg KSH 365 → KSH 402 (bulk +10 %).',
    });
  });

  it('never goes below KSH 1: −90 % of KSH 1 and −KSH 500 off KSH 120 both leave KSH 1', async () => {
    const one = await tagged('floor', { variants: [variantBody({ name: '', price: 1 })] });
    const cheap = await tagged('floor', { variants: [variantBody({ name: '1 kg', price: 120 })] });
    const down = await bulkOk({
      target: { productIds: [one.productId] },
      action: { kind: 'price', by: 'percent', value: -90 },
    });
    // KSH 1 stays KSH 1: nothing moves, so nothing changes and no entry is written.
    expect(down).toMatchObject({ matched: 1, changed: 0, priceCount: 0 });
    expect(await activityOf(one.productId)).toHaveLength(1);
    const amount = await bulkOk({
      target: { productIds: [cheap.productId] },
      action: { kind: 'price', by: 'amount', value: -500 },
    });
    expect(amount.prices.map((l) => l.newPrice)).toEqual([1]);
    expect(await pricesOf(cheap.productId)).toEqual([1]);
    expect((await activityOf(cheap.productId))[0]!.summary).toBe(
      'Price of 1 kg: KSH 120 → KSH 1 (bulk −KSH 500).',
    );
  });

  it('leaves archived variants at their price', async () => {
    const p = await tagged('archived-variant', {
      variants: [variantBody({ name: 'Small', price: 100 }), variantBody({ name: 'Big', price: 200 })],
    });
    const saved = await admin.put(
      `/products/${p.productId}`,
      asInput(p, { variants: [asInput(p).variants![0]!] }),
      ifMatch(p.version),
    );
    expect(saved.status).toBe(200);
    await bulkOk({
      target: { productIds: [p.productId] },
      action: { kind: 'price', by: 'amount', value: 50 },
    });
    const rows = await ctx.database.db
      .select({ name: variants.name, price: variants.price })
      .from(variants)
      .where(eq(variants.productId, p.productId));
    expect(Object.fromEntries(rows.map((r) => [r.name, r.price]))).toEqual({ Small: 150, Big: 200 });
  });

  it('on a dry run answers the same and writes nothing', async () => {
    const p = await tagged('dry', { variants: [variantBody({ price: 200 })] });
    const result = await bulkOk({
      target: { productIds: [p.productId] },
      action: { kind: 'price', by: 'percent', value: 25 },
      dryRun: true,
    });
    expect(result).toMatchObject({ matched: 1, changed: 1, dryRun: true, priceCount: 1 });
    expect(result.prices[0]).toMatchObject({
      productId: p.productId,
      pid: p.pid,
      oldPrice: 200,
      newPrice: 250,
    });
    const after = await detail(p.productId);
    expect(after.variants[0]!.price).toBe(200);
    expect(after.version).toBe(p.version);
    expect(await activityOf(p.productId)).toHaveLength(1);
  });
});

describe('bulk visibility and categories', () => {
  it('hides and shows the ticked products; one already so is matched but not changed', async () => {
    const [a, b] = [await tagged('hide'), await tagged('hide', { hidden: true })];
    const hidden = await bulkOk({
      target: { productIds: [a.productId, b.productId] },
      action: { kind: 'hide' },
    });
    expect(hidden).toMatchObject({ matched: 2, changed: 1, prices: [], priceCount: 0 });
    expect((await detail(a.productId)).status).toBe('hidden');
    expect((await detail(b.productId)).version).toBe(b.version);
    expect((await activityOf(a.productId))[0]).toMatchObject({
      action: 'hidden',
      summary: 'By a bulk edit.',
    });
    // Hidden products leave the shop at once.
    expect((await ctx.request(`/api/v1/products/${a.productId}`)).status).toBe(404);
    const shown = await bulkOk({
      target: { productIds: [a.productId, b.productId] },
      action: { kind: 'show' },
    });
    expect(shown).toMatchObject({ matched: 2, changed: 2 });
    expect((await ctx.request(`/api/v1/products/${b.productId}`)).status).toBe(200);
  });

  it('archives, after which further bulk edits leave the product alone', async () => {
    const p = await tagged('archive');
    expect(
      await bulkOk({ target: { productIds: [p.productId] }, action: { kind: 'archive' } }),
    ).toMatchObject({
      matched: 1,
      changed: 1,
    });
    const archived = await detail(p.productId);
    expect(archived.status).toBe('archived');
    expect((await activityOf(p.productId))[0]).toMatchObject({
      action: 'archived',
      summary: 'Removed from the shop, search and carts; past orders keep it. By a bulk edit.',
    });
    expect(await bulkOk({ target: { productIds: [p.productId] }, action: { kind: 'show' } })).toMatchObject({
      matched: 1,
      changed: 0,
    });
    expect((await detail(p.productId)).version).toBe(archived.version);
  });

  it('adds to and removes from a category, and the category filter follows', async () => {
    const [categoryId] = refs.categoryIds;
    const p = await tagged('cat');
    const added = await bulkOk({
      target: { productIds: [p.productId] },
      action: { kind: 'add_category', categoryId: categoryId! },
    });
    expect(added.changed).toBe(1);
    expect((await detail(p.productId)).categoryIds).toContain(categoryId);
    expect((await activityOf(p.productId))[0]!.summary).toMatch(/^Added to category “.+” \(bulk edit\)\.$/);
    const again = await bulkOk({
      target: { productIds: [p.productId] },
      action: { kind: 'add_category', categoryId: categoryId! },
    });
    expect(again.changed).toBe(0);
    await bulkOk({
      target: { productIds: [p.productId] },
      action: { kind: 'remove_category', categoryId: categoryId! },
    });
    expect((await detail(p.productId)).categoryIds).not.toContain(categoryId);
  });

  it('refuses to add a category to a product that already has the most', async () => {
    // Eleven categories: the seeded ones and, if there are too few, some of this test's own.
    const extra = Array.from({ length: Math.max(0, 11 - refs.categoryIds.length) }, (_, i) => ({
      name: `Bulk extra ${i} ${randomUUID().slice(0, 6)}`,
      slug: `bulk-extra-${i}-${randomUUID().slice(0, 6)}`,
      icon: 'mdiFish',
      color: 'blue',
    }));
    const added = extra.length
      ? await ctx.database.db.insert(categories).values(extra).returning({ id: categories.id })
      : [];
    const ids = [...refs.categoryIds, ...added.map((c) => c.id)];
    const full = await tagged('full', { categoryIds: ids.slice(0, 10) });
    const res = await bulk({
      target: { productIds: [full.productId] },
      action: { kind: 'add_category', categoryId: ids[10]! },
    });
    expect(await issuesOf(res)).toEqual({ code: 'too_many_categories', paths: ['action.categoryId'] });
  });
});

describe('bulk edits by filter', () => {
  it('changes every product the filter matches ("all N matching"), as the list counts them', async () => {
    const tag = `all${randomUUID().slice(0, 6)}`;
    const made = await Promise.all(
      Array.from({ length: 3 }, () => tagged(tag, { name: `Bulk ${tag} ${randomUUID().slice(0, 4)}` })),
    );
    const list = AdminProductList.parse(await (await admin.get(`/admin/products?q=${tag}&limit=1`)).json());
    expect(list.meta.total).toBe(3);
    const searched = async () =>
      (await (await ctx.request(`/api/v1/search/orama?q=${tag}`)).json()).data.map(
        (r: { id: string }) => r.id,
      );
    expect((await searched()).sort()).toEqual(made.map((m) => m.productId).sort());
    const result = await bulkOk({ target: { filter: { q: tag } }, action: { kind: 'hide' } });
    // Search follows at once, as after any admin save.
    expect(await searched()).toEqual([]);
    expect(result).toMatchObject({ matched: 3, changed: 3 });
    const rows = await ctx.database.db
      .select({ hidden: products.hidden })
      .from(products)
      .where(
        inArray(
          products.id,
          made.map((m) => m.productId),
        ),
      );
    expect(rows.every((r) => r.hidden)).toBe(true);
    const entries = await ctx.database.db
      .select()
      .from(activityLog)
      .where(
        inArray(
          activityLog.entityId,
          made.map((m) => m.productId),
        ),
      );
    expect(entries.filter((e) => e.action === 'hidden')).toHaveLength(3);
  });

  it('answers matched 0 when the filter matches nothing', async () => {
    expect(
      await bulkOk({
        target: { filter: { q: `nothing-${randomUUID()}` } },
        action: { kind: 'price', by: 'percent', value: 5 },
      }),
    ).toEqual({ matched: 0, changed: 0, dryRun: false, prices: [], priceCount: 0 });
  });

  it('counts archived products the status filter selects and changes none of them', async () => {
    const tag = `arch${randomUUID().slice(0, 6)}`;
    const p = await tagged(tag, { name: `Bulk ${tag}` });
    await bulkOk({ target: { productIds: [p.productId] }, action: { kind: 'archive' } });
    expect(
      await bulkOk({
        target: { filter: { q: tag, status: 'archived' } },
        action: { kind: 'price', by: 'amount', value: 5 },
      }),
    ).toMatchObject({ matched: 1, changed: 0 });
  });
});

describe('bulk edits refused', () => {
  it('names an unknown product by its index and an unknown category, and changes nothing', async () => {
    const p = await tagged('refused', { variants: [variantBody({ price: 100 })] });
    const unknownProduct = await bulk({
      target: { productIds: [p.productId, randomUUID()] },
      action: { kind: 'price', by: 'amount', value: 10 },
    });
    expect(await issuesOf(unknownProduct)).toEqual({
      code: 'validation_failed',
      paths: ['target.productIds.1'],
    });
    const unknownCategory = await bulk({
      target: { productIds: [p.productId] },
      action: { kind: 'add_category', categoryId: randomUUID() },
    });
    expect(await issuesOf(unknownCategory)).toEqual({
      code: 'validation_failed',
      paths: ['action.categoryId'],
    });
    expect(await pricesOf(p.productId)).toEqual([100]);
  });

  it.each<[string, unknown, string]>([
    ['neither target', { target: {}, action: { kind: 'hide' } }, 'target'],
    [
      'both targets',
      { target: { productIds: [randomUUID()], filter: {} }, action: { kind: 'hide' } },
      'target',
    ],
    ['no ids', { target: { productIds: [] }, action: { kind: 'hide' } }, 'target.productIds'],
    [
      'an id twice',
      {
        target: { productIds: ['a', 'a'].map(() => '00000000-0000-4000-8000-000000000001') },
        action: { kind: 'hide' },
      },
      'target.productIds',
    ],
    [
      '501 ids',
      { target: { productIds: Array.from({ length: 501 }, () => randomUUID()) }, action: { kind: 'hide' } },
      'target.productIds',
    ],
    ['an unknown action', { target: { filter: {} }, action: { kind: 'delete' } }, 'action.kind'],
    [
      'a zero change',
      { target: { filter: {} }, action: { kind: 'price', by: 'amount', value: 0 } },
      'action.value',
    ],
    [
      '−91 %',
      { target: { filter: {} }, action: { kind: 'price', by: 'percent', value: -91 } },
      'action.value',
    ],
    [
      '+501 %',
      { target: { filter: {} }, action: { kind: 'price', by: 'percent', value: 501 } },
      'action.value',
    ],
    [
      'half a shilling',
      { target: { filter: {} }, action: { kind: 'price', by: 'amount', value: 0.5 } },
      'action.value',
    ],
    [
      'an amount over the ceiling',
      { target: { filter: {} }, action: { kind: 'price', by: 'amount', value: 250_001 } },
      'action.value',
    ],
    [
      'a category action without one',
      { target: { filter: {} }, action: { kind: 'add_category' } },
      'action.categoryId',
    ],
    [
      'a paging field in the filter',
      { target: { filter: { limit: 5 } }, action: { kind: 'hide' } },
      'target.filter',
    ],
  ])('refuses %s with a 400 naming the field', async (_, body, path) => {
    const res = await admin.post('/admin/products/bulk', body);
    const { paths } = await issuesOf(res);
    expect(paths).toContain(path);
  });

  it('is for staff who may change products: fulfilment gets 403, a guest 401', async () => {
    const fulfilment = await staffMember(ctx, 'fulfilment');
    const body = { target: { filter: {} }, action: { kind: 'hide' } };
    expect((await fulfilment.call.post('/admin/products/bulk', body)).status).toBe(403);
    expect((await adminApi(ctx).post('/admin/products/bulk', body)).status).toBe(401);
    const catalogue = await staffMember(ctx, 'catalogue');
    const dry = await catalogue.call.post('/admin/products/bulk', { ...body, dryRun: true });
    expect(dry.status).toBe(200);
  });

  it('bumps the version, so a form opened before the bulk edit gets 409 on save', async () => {
    const p = await tagged('stale', { variants: [variantBody({ price: 100 })] });
    await bulkOk({
      target: { productIds: [p.productId] },
      action: { kind: 'price', by: 'percent', value: 10 },
    });
    const stale = await admin.put(
      `/products/${p.productId}`,
      asInput(p, { name: 'Mine' }),
      ifMatch(p.version),
    );
    expect(stale.status).toBe(409);
    expect(await pricesOf(p.productId)).toEqual([110]);
  });
});
