import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryDeleted } from '../../../contract/admin';
import { Category } from '../../../contract/catalogue';
import { countRows, envelope, ErrorBody } from '../../../contract/common';
import { iconPath } from '../../../contract/icons';
import { productCategories, products } from '../../db/schema';
import { cacheInstance, changed, type CacheInstance } from '../../test/catalogue-cache';
import { createTestContext, type TestContext } from '../../test/harness';
import { createProduct, shopper } from '../../test/shop';
import { listActivity } from '../activity/service';
import { slugify } from '../../../contract/slug';

/*
 * An admin runs the shop's categories: adds, renames, deletes (moving the products or not) and
 * orders them for the landing page. The database is a clone of the seeded one (Fruits & Vegetables, Bakery, Drinks…).
 */

let ctx: TestContext;
let admin: { token: string; id: string };
let customer: { token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await shopper(ctx, 'admin');
  customer = await shopper(ctx);
});
afterAll(() => ctx.close());

/** As the admin, unless another token (or `null`, a guest) is given. */
const call = (method: string, path: string, json?: unknown, token: string | null = admin.token) =>
  ctx.request(`/api/v1/categories${path}`, {
    method,
    json,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });

const categoryList = async () =>
  envelope(countRows(Category)).parse(await (await ctx.request('/api/v1/categories')).json()).data;

async function created(input: { name: string; icon?: string; color?: string }) {
  const res = await call('POST', '', { icon: 'mdiFoodApple', color: 'green', ...input });
  expect(res.status).toBe(201);
  return envelope(Category).parse(await res.json()).data;
}

async function refusal(res: Response, status: number) {
  expect(res.status).toBe(status);
  return ErrorBody.parse(await res.json());
}

const linksOf = async (productId: string) =>
  (
    await ctx.database.db
      .select({ categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(eq(productCategories.productId, productId))
  )
    .map((r) => r.categoryId)
    .sort();

const versionOf = async (productId: string) =>
  (await ctx.database.db.select({ v: products.version }).from(products).where(eq(products.id, productId)))[0]!
    .v;

const historyOf = async (id: string, entity: 'category' | 'product' = 'category') =>
  (await listActivity(ctx.database.db, { entity, id, limit: 20, offset: 0 })).data;

describe('who may change categories', () => {
  const someId = randomUUID();
  const writes: [string, string, unknown][] = [
    ['POST', '', { name: 'Spices', icon: 'mdiShaker', color: 'orange' }],
    ['PUT', `/${someId}`, { name: 'Spices', icon: 'mdiShaker', color: 'orange' }],
    ['DELETE', `/${someId}`, undefined],
    ['POST', '/reorder', { categoryIds: [someId] }],
  ];

  it('turns a guest away with 401 and a shopper with 403, before looking at the body', async () => {
    for (const [method, path, body] of writes) {
      expect((await call(method, path, body, null)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, { junk: true }, null)).status).toBe(401);
      expect((await call(method, path, body, customer.token)).status, `${method} ${path}`).toBe(403);
    }
    expect((await categoryList()).rows.map((c) => c.name)).not.toContain('Spices');
  });

  it('keeps the public list public', async () => {
    expect((await ctx.request('/api/v1/categories')).status).toBe(200);
  });
});

describe('POST /api/v1/categories', () => {
  it('adds the category last, with a slug from its name, its icon drawn and a history entry', async () => {
    const before = await categoryList();
    const snacks = await created({ name: '  Snacks & Sweets ', icon: 'mdiCookie', color: 'orange' });
    expect(snacks).toEqual({
      categoryId: expect.any(String),
      name: 'Snacks & Sweets',
      icon: 'mdiCookie',
      iconPath: iconPath('mdiCookie'),
      color: 'orange',
      slug: 'snacks-sweets',
      productCount: 0,
    });
    const after = await categoryList();
    expect(after.count).toBe(before.count + 1);
    expect(after.rows.at(-1)).toEqual(snacks);
    expect(await historyOf(snacks.categoryId)).toEqual([
      expect.objectContaining({
        action: 'created',
        actorId: admin.id,
        summary: expect.stringContaining('Snacks & Sweets'),
      }),
    ]);
  });

  it('gives a name whose slug is taken the next free one', async () => {
    // The seed has Bakery at /bakery.
    expect((await created({ name: 'Bakery!' })).slug).toBe('bakery-2');
    expect((await created({ name: 'Bákery?' })).slug).toBe('bakery-3');
  });

  it('refuses a name another category has, in any letter case', async () => {
    const body = await refusal(
      await call('POST', '', { name: 'DRINKS', icon: 'mdiLeaf', color: 'green' }),
      409,
    );
    expect(body.code).toBe('duplicate_name');
    expect(body.message).toMatch(/^A category named "Drinks" already exists/);
  });

  it('refuses an icon the Material Design set does not have, naming the field', async () => {
    const unknown = await refusal(
      await call('POST', '', { name: 'Nuts', icon: 'mdiNotAnIconAtAll', color: 'orange' }),
      400,
    );
    expect(unknown.issues).toEqual([{ path: 'icon', message: expect.stringContaining('mdiNotAnIconAtAll') }]);
    const shapeless = await refusal(
      await call('POST', '', { name: 'Nuts', icon: 'fish', color: 'orange' }),
      400,
    );
    expect(shapeless.issues?.map((i) => i.path)).toEqual(['icon']);
    expect((await categoryList()).rows.map((c) => c.name)).not.toContain('Nuts');
  });

  it('names every bad field: blank name, a hex colour, an extra field', async () => {
    const body = await refusal(
      await call('POST', '', { name: '   ', icon: 'mdiLeaf', color: '#ff0000', slug: 'x' }),
      400,
    );
    expect(body.issues?.map((i) => i.path).sort()).toEqual(['', 'color', 'name']);
    expect((await refusal(await call('POST', '', 'Nuts'), 400)).code).toBe('validation_failed');
  });
});

describe('PUT /api/v1/categories/{id}', () => {
  it('renames and restyles a category, keeping its slug so shop links keep working', async () => {
    const herbs = await created({ name: 'Herbs', icon: 'mdiLeaf', color: 'green' });
    const res = await call('PUT', `/${herbs.categoryId}`, {
      name: 'Fresh Herbs',
      icon: 'mdiSprout',
      color: 'teal',
    });
    expect(res.status).toBe(200);
    const renamed = envelope(Category).parse(await res.json()).data;
    expect(renamed).toMatchObject({
      name: 'Fresh Herbs',
      icon: 'mdiSprout',
      iconPath: iconPath('mdiSprout'),
      color: 'teal',
      slug: 'herbs',
    });
    expect((await categoryList()).rows.find((c) => c.categoryId === herbs.categoryId)).toEqual(renamed);
    expect((await historyOf(herbs.categoryId))[0]).toMatchObject({
      action: 'updated',
      summary: 'Name "Herbs" → "Fresh Herbs"; icon mdiLeaf → mdiSprout; colour green → teal',
    });
    // The old name is free again, and gets the next slug.
    expect((await created({ name: 'Herbs' })).slug).toBe('herbs-2');
  });

  it('lets a category change the case of its own name, and records nothing when nothing changed', async () => {
    const tea = await created({ name: 'tea', icon: 'mdiTea', color: 'green' });
    expect(
      (await call('PUT', `/${tea.categoryId}`, { name: 'Tea', icon: 'mdiTea', color: 'green' })).status,
    ).toBe(200);
    expect(
      (await call('PUT', `/${tea.categoryId}`, { name: 'Tea', icon: 'mdiTea', color: 'green' })).status,
    ).toBe(200);
    expect((await historyOf(tea.categoryId)).map((e) => e.action)).toEqual(['updated', 'created']);
  });

  it("refuses another category's name, an unknown icon, an unknown id and a bad id", async () => {
    const coffee = await created({ name: 'Coffee', icon: 'mdiCoffee', color: 'orange' });
    const taken = await refusal(
      await call('PUT', `/${coffee.categoryId}`, { name: 'bakery', icon: 'mdiCoffee', color: 'orange' }),
      409,
    );
    expect(taken.message).toMatch(/"Bakery" already exists/);
    const icon = await refusal(
      await call('PUT', `/${coffee.categoryId}`, {
        name: 'Coffee',
        icon: 'mdiCoffeeCupXyz',
        color: 'orange',
      }),
      400,
    );
    expect(icon.issues?.[0]?.path).toBe('icon');
    await refusal(
      await call('PUT', `/${randomUUID()}`, { name: 'Coffee 2', icon: 'mdiCoffee', color: 'orange' }),
      404,
    );
    expect(
      (
        await refusal(
          await call('PUT', '/not-a-uuid', { name: 'X', icon: 'mdiCoffee', color: 'orange' }),
          400,
        )
      ).issues?.[0]?.path,
    ).toBe('id');
    expect((await categoryList()).rows.find((c) => c.categoryId === coffee.categoryId)?.name).toBe('Coffee');
  });
});

describe('DELETE /api/v1/categories/{id}', () => {
  async function stocked(name: string) {
    const category = await created({ name });
    const inside = await createProduct(ctx.database.db, { name: `${name} product` });
    const inBoth = await createProduct(ctx.database.db, { name: `${name} product in both` });
    return { category, inside, inBoth };
  }

  it('moves its products to another category, each once, and bumps their versions', async () => {
    const { category, inside, inBoth } = await stocked('Snacks');
    const target = await created({ name: 'Sweets' });
    await ctx.database.db.insert(productCategories).values([
      { productId: inside.productId, categoryId: category.categoryId },
      { productId: inBoth.productId, categoryId: category.categoryId },
      { productId: inBoth.productId, categoryId: target.categoryId },
    ]);
    const version = await versionOf(inside.productId);

    const res = await call('DELETE', `/${category.categoryId}?moveTo=${target.categoryId}`);
    expect(res.status).toBe(200);
    expect(envelope(CategoryDeleted).parse(await res.json()).data).toEqual({
      categoryId: category.categoryId,
      products: 2,
      movedTo: target.categoryId,
    });
    expect(await linksOf(inside.productId)).toEqual([target.categoryId]);
    expect(await linksOf(inBoth.productId)).toEqual([target.categoryId]);
    const list = await categoryList();
    expect(list.rows.map((c) => c.categoryId)).not.toContain(category.categoryId);
    expect(list.rows.find((c) => c.categoryId === target.categoryId)?.productCount).toBe(2);
    expect(await versionOf(inside.productId)).toBe(version + 1);
    expect((await historyOf(category.categoryId))[0]).toMatchObject({
      action: 'deleted',
      summary: 'Deleted "Snacks"; its 2 products moved to "Sweets"',
    });
    expect((await historyOf(inside.productId, 'product'))[0]?.summary).toBe(
      'Category "Snacks" was deleted; moved to "Sweets"',
    );
  });

  it('without moveTo, leaves its products in their other categories or in none', async () => {
    const { category, inside, inBoth } = await stocked('Frozen');
    const other = await created({ name: 'Ice' });
    await ctx.database.db.insert(productCategories).values([
      { productId: inside.productId, categoryId: category.categoryId },
      { productId: inBoth.productId, categoryId: category.categoryId },
      { productId: inBoth.productId, categoryId: other.categoryId },
    ]);
    const res = await call('DELETE', `/${category.categoryId}`);
    expect((await res.json()).data).toEqual({ categoryId: category.categoryId, products: 2, movedTo: null });
    expect(await linksOf(inside.productId)).toEqual([]);
    expect(await linksOf(inBoth.productId)).toEqual([other.categoryId]);
    // The product itself stays.
    expect(await versionOf(inside.productId)).toBeGreaterThan(1);
  });

  it('deletes an empty category and answers 404 the second time', async () => {
    const empty = await created({ name: 'Empty shelf' });
    expect((await (await call('DELETE', `/${empty.categoryId}`)).json()).data).toEqual({
      categoryId: empty.categoryId,
      products: 0,
      movedTo: null,
    });
    await refusal(await call('DELETE', `/${empty.categoryId}`), 404);
  });

  it('refuses a moveTo that is the category itself, unknown or not an id, and keeps everything', async () => {
    const { category, inside } = await stocked('Canned');
    await ctx.database.db
      .insert(productCategories)
      .values({ productId: inside.productId, categoryId: category.categoryId });
    for (const moveTo of [category.categoryId, randomUUID(), 'nope']) {
      const body = await refusal(await call('DELETE', `/${category.categoryId}?moveTo=${moveTo}`), 400);
      expect(body.issues?.map((i) => i.path)).toEqual(['moveTo']);
    }
    expect(await linksOf(inside.productId)).toEqual([category.categoryId]);
    expect(
      await ctx.database.db
        .select()
        .from(productCategories)
        .where(and(eq(productCategories.categoryId, category.categoryId))),
    ).toHaveLength(1);
    await refusal(await call('DELETE', `/${randomUUID()}?moveTo=${category.categoryId}`), 404);
  });
});

describe('POST /api/v1/categories/reorder', () => {
  it('sets the landing-page order of every category and answers the new list', async () => {
    const before = await categoryList();
    const reversed = before.rows.map((c) => c.categoryId).reverse();
    const res = await call('POST', '/reorder', { categoryIds: reversed });
    expect(res.status).toBe(200);
    const answer = envelope(countRows(Category)).parse(await res.json()).data;
    expect(answer.rows.map((c) => c.categoryId)).toEqual(reversed);
    expect(await categoryList()).toEqual(answer);
    const first = before.rows[0]!;
    expect((await historyOf(first.categoryId))[0]).toMatchObject({
      action: 'reordered',
      summary: `Moved from place 1 to ${before.count} of ${before.count}`,
    });
    // The same order again changes nothing and records nothing.
    await call('POST', '/reorder', { categoryIds: reversed });
    expect((await historyOf(first.categoryId)).filter((e) => e.action === 'reordered')).toHaveLength(1);
    // A new category still goes last.
    const last = await created({ name: 'Last one' });
    expect((await categoryList()).rows.at(-1)?.categoryId).toBe(last.categoryId);
  });

  it('names the categories a list leaves out and the ids that are none, and changes nothing', async () => {
    const before = await categoryList();
    const ids = before.rows.map((c) => c.categoryId);
    const stranger = randomUUID();
    const body = await refusal(
      await call('POST', '/reorder', { categoryIds: [stranger, ...ids.slice(1)] }),
      400,
    );
    expect(body.issues).toEqual([
      { path: 'categoryIds.0', message: `${stranger} is not a category` },
      { path: 'categoryIds', message: expect.stringContaining(`"${before.rows[0]!.name}" (${ids[0]})`) },
    ]);
    const twice = await refusal(await call('POST', '/reorder', { categoryIds: [ids[0], ...ids] }), 400);
    expect(twice.issues?.[0]).toEqual({ path: 'categoryIds', message: 'Choose each category only once.' });
    await refusal(await call('POST', '/reorder', { categoryIds: [] }), 400);
    expect(await categoryList()).toEqual(before);
  });
});

describe('the shop follows at once', () => {
  let other: CacheInstance;
  beforeAll(async () => {
    // Another API instance over the same database: it hears of changes only by notification.
    other = await cacheInstance(ctx.database);
  });
  afterAll(() => other.close());

  const shopList = async (i: { request(path: string): Promise<Response> }, path = '/api/v1/categories') =>
    envelope(countRows(Category)).parse(await (await i.request(path)).json()).data.rows;
  const otherList = () => shopList(other, '/v1/categories');
  const ownList = () => shopList({ request: (p) => ctx.request(p) });

  it('shows a new, renamed, reordered and deleted category on this instance and the others', async () => {
    // Both caches hold the list.
    await ownList();
    await otherList();
    expect(await other.queriesDuring(otherList)).toBe(0);

    let made!: Category;
    await changed(other, async () => {
      made = await created({ name: 'Pet food', icon: 'mdiDog', color: 'gray' });
    });
    expect((await ownList()).at(-1)?.name).toBe('Pet food');
    expect((await otherList()).at(-1)?.name).toBe('Pet food');

    await changed(other, () =>
      call('PUT', `/${made.categoryId}`, { name: 'Pet supplies', icon: 'mdiCat', color: 'gray' }),
    );
    expect((await ownList()).at(-1)).toMatchObject({ name: 'Pet supplies', icon: 'mdiCat' });
    expect((await otherList()).at(-1)).toMatchObject({ name: 'Pet supplies', icon: 'mdiCat' });

    const ids = (await ownList()).map((c) => c.categoryId);
    const order = [made.categoryId, ...ids.filter((id) => id !== made.categoryId)];
    await changed(other, () => call('POST', '/reorder', { categoryIds: order }));
    expect((await ownList())[0]?.categoryId).toBe(made.categoryId);
    expect((await otherList())[0]?.categoryId).toBe(made.categoryId);

    await changed(other, () => call('DELETE', `/${made.categoryId}`));
    expect((await ownList()).map((c) => c.categoryId)).not.toContain(made.categoryId);
    expect((await otherList()).map((c) => c.categoryId)).not.toContain(made.categoryId);
  });
});

describe('slugify', () => {
  it('keeps letters and digits, drops accents and joins the rest with single dashes', () => {
    expect(slugify('Fruits & Vegetables')).toBe('fruits-vegetables');
    expect(slugify('  Crème brûlée 2  ')).toBe('creme-brulee-2');
    expect(slugify('🍎🍌')).toBe('category');
    expect(slugify('a'.repeat(80))).toHaveLength(60);
  });
});
