// @vitest-environment node
import { mdiCookie } from '@mdi/js';
import { describe, expect, it } from 'vitest';
import { CategoryDeleted } from '../../contract/admin';
import { Category } from '../../contract/catalogue';
import { countRows, envelope, ErrorBody } from '../../contract/common';
import { mockDb } from '../db';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { categoryIds } from '../fixtures/catalogue';
import { catalogueHandlers } from './catalogue';
import { categoryAdminHandlers } from './categories';

serveMocks(...categoryAdminHandlers, ...catalogueHandlers);

const admin = () => tokenOf('admin');
const shopper = () => tokenOf('shopper');
const call = (method: string, path: string, auth: string | null, body?: unknown) =>
  mockFetch(method, path, body, { token: auth });
const read = async <T>(res: Response, schema: { parse(v: unknown): T }) => schema.parse(await res.json());
const listCategories = async () =>
  (await read(await call('GET', '/v1/categories', null), envelope(countRows(Category)))).data;
const snacks = { name: 'Snacks', icon: 'mdiCookie', color: 'orange' };

describe('mock category writes', () => {
  it('creates a category at the end of the list with its icon path and a slug, numbering a taken one', async () => {
    const res = await call('POST', '/v1/categories', admin(), snacks);
    expect(res.status).toBe(201);
    const created = (await read(res, envelope(Category))).data;
    expect(created).toMatchObject({
      name: 'Snacks',
      slug: 'snacks',
      iconPath: mdiCookie,
      color: 'orange',
      productCount: 0,
    });
    expect((await listCategories()).rows.at(-1)?.categoryId).toBe(created.categoryId);

    mockDb.catalogue.categories.find((c) => c.id === categoryIds.bakery)!.slug = 'sweet-snacks';
    const again = await call('POST', '/v1/categories', admin(), { ...snacks, name: 'Sweet snacks!' });
    expect((await read(again, envelope(Category))).data.slug).toBe('sweet-snacks-2');
  });

  it('refuses a name in use (any case), a bad body and an unknown icon', async () => {
    const dup = await call('POST', '/v1/categories', admin(), { ...snacks, name: '  bakery ' });
    expect(dup.status).toBe(409);
    expect(await read(dup, ErrorBody)).toMatchObject({
      code: 'duplicate_name',
      message: expect.stringMatching(/^A category named "Bakery" already exists\./),
    });

    const bad = await read(
      await call('POST', '/v1/categories', admin(), { name: '', icon: 'fish', color: '#ff0000' }),
      ErrorBody,
    );
    expect(bad.issues?.map((i) => i.path)).toEqual(['name', 'icon', 'color']);

    const unknown = await call('POST', '/v1/categories', admin(), { ...snacks, icon: 'mdiNoSuchThing' });
    expect(unknown.status).toBe(400);
    expect((await read(unknown, ErrorBody)).issues).toEqual([
      { path: 'icon', message: 'is not a Material Design icon' },
    ]);
  });

  it('edits a category, keeping its slug, and may keep its own name', async () => {
    const res = await call('PUT', `/v1/categories/${categoryIds.bakery}`, admin(), {
      name: 'Bakery',
      icon: 'mdiBaguette',
      color: 'pink',
    });
    expect((await read(res, envelope(Category))).data).toMatchObject({
      slug: 'bakery',
      icon: 'mdiBaguette',
      color: 'pink',
    });
    const clash = await call('PUT', `/v1/categories/${categoryIds.bakery}`, admin(), {
      ...snacks,
      name: 'Meat & Fish',
    });
    expect(clash.status).toBe(409);
    expect((await call('PUT', '/v1/categories/not-a-uuid', admin(), snacks)).status).toBe(400);
    expect((await call('PUT', `/v1/categories/${crypto.randomUUID()}`, admin(), snacks)).status).toBe(404);
  });

  it('deletes a category, moving its products to another one or leaving them uncategorised', async () => {
    const holding = (id: string) =>
      mockDb.catalogue.products.filter((p) => p.categoryIds.includes(id)).map((p) => p.id);
    const bakeryProducts = holding(categoryIds.bakery);
    expect(bakeryProducts.length).toBeGreaterThan(0);

    const moved = await call(
      'DELETE',
      `/v1/categories/${categoryIds.bakery}?moveTo=${categoryIds.flourGrains}`,
      admin(),
    );
    expect((await read(moved, envelope(CategoryDeleted))).data).toEqual({
      categoryId: categoryIds.bakery,
      products: bakeryProducts.length,
      movedTo: categoryIds.flourGrains,
    });
    expect(holding(categoryIds.flourGrains)).toEqual(expect.arrayContaining(bakeryProducts));
    expect((await listCategories()).rows.map((c) => c.categoryId)).not.toContain(categoryIds.bakery);

    const spices = holding(categoryIds.spices);
    const left = await read(
      await call('DELETE', `/v1/categories/${categoryIds.spices}`, admin()),
      envelope(CategoryDeleted),
    );
    expect(left.data).toMatchObject({ products: spices.length, movedTo: null });
    expect(
      mockDb.catalogue.products
        .filter((p) => spices.includes(p.id))
        .every((p) => !p.categoryIds.includes(categoryIds.spices)),
    ).toBe(true);
  });

  it('refuses to move products into the category being deleted or one that does not exist', async () => {
    const self = await call(
      'DELETE',
      `/v1/categories/${categoryIds.bakery}?moveTo=${categoryIds.bakery}`,
      admin(),
    );
    expect((await read(self, ErrorBody)).issues).toEqual([
      { path: 'moveTo', message: 'must be another category' },
    ]);
    expect(
      (await call('DELETE', `/v1/categories/${categoryIds.bakery}?moveTo=${crypto.randomUUID()}`, admin()))
        .status,
    ).toBe(400);
    expect(mockDb.catalogue.categories.some((c) => c.id === categoryIds.bakery)).toBe(true);
  });

  it('reorders the landing page with every id once, and refuses a partial list', async () => {
    const ids = (await listCategories()).rows.map((c) => c.categoryId);
    const reversed = [...ids].reverse();
    const res = await call('POST', '/v1/categories/reorder', admin(), { categoryIds: reversed });
    expect((await read(res, envelope(countRows(Category)))).data.rows.map((c) => c.categoryId)).toEqual(
      reversed,
    );
    expect((await listCategories()).rows.map((c) => c.categoryId)).toEqual(reversed);

    const partial = await call('POST', '/v1/categories/reorder', admin(), { categoryIds: reversed.slice(1) });
    expect((await read(partial, ErrorBody)).issues).toEqual([
      { path: 'categoryIds', message: 'must list every category exactly once' },
    ]);
    const twice = await call('POST', '/v1/categories/reorder', admin(), { categoryIds: [ids[0], ids[0]] });
    expect(twice.status).toBe(400);
  });

  it('keeps guests (401) and shoppers (403) out of every write', async () => {
    const writes: [string, string, unknown?][] = [
      ['POST', '/v1/categories', snacks],
      ['PUT', `/v1/categories/${categoryIds.bakery}`, snacks],
      ['DELETE', `/v1/categories/${categoryIds.bakery}`],
      ['POST', '/v1/categories/reorder', { categoryIds: [categoryIds.bakery] }],
    ];
    for (const [method, path, body] of writes) {
      expect((await call(method, path, null, body)).status).toBe(401);
      const forbidden = await call(method, path, shopper(), body);
      expect(forbidden.status).toBe(403);
      expect((await read(forbidden, ErrorBody)).code).toBe('forbidden');
    }
    expect(mockDb.catalogue.categories.some((c) => c.id === categoryIds.bakery)).toBe(true);
  });
});
