// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { Category, ProductDetail, ProductList, type ProductSummary } from '../../contract/catalogue';
import { countRows, envelope, ErrorBody } from '../../contract/common';
import { mockDb } from '../db';
import { categoryIds, discountIds, fixtureId } from '../fixtures/catalogue';
import { BASE, serveMocks } from '../test-api';
import { catalogueHandlers } from './catalogue';

serveMocks(...catalogueHandlers);

const get = (path: string, init?: RequestInit) => fetch(`${BASE}${path}`, init);

async function list(query = '') {
  const res = await get(`/v2/products${query}`);
  expect(res.status).toBe(200);
  return ProductList.parse(await res.json());
}

async function expectError(path: string, status: number, field?: string) {
  const res = await get(path);
  expect(res.status).toBe(status);
  const body = ErrorBody.parse(await res.json());
  expect(res.headers.get('x-correlation-id')).toBe(body.correlationId);
  expect(body.message).toMatch(new RegExp(` Correlation ID: ${body.correlationId}$`));
  if (field) {
    expect(body.code).toBe('validation_failed');
    expect(body.issues?.map((i) => i.path)).toContain(field);
  }
  return body;
}

const productNamed = (page: { data: ProductSummary[] }, name: string) => {
  const p = page.data.find((x) => x.name === name);
  if (!p) throw new Error(`${name} is not on the page`);
  return p;
};

describe('mock GET /api/v2/products', () => {
  it('answers the contract shape with a realistic catalogue', async () => {
    const page = await list();
    expect(page.meta).toEqual({ total: mockDb.catalogue.products.length, limit: 24, offset: 0 });
    expect(page.meta.total).toBeGreaterThanOrEqual(16);
    expect(new Set(page.data.flatMap((p) => p.categoryIds)).size).toBeGreaterThanOrEqual(5);
    expect(page.data.some((p) => p.variants.some((v) => v.saleInfo.onSale))).toBe(true);
    expect(page.data.some((p) => p.variants.every((v) => !v.isAvailable))).toBe(true);
    expect(page.data.some((p) => p.variants.some((v) => v.attributes.length > 0))).toBe(true);
  });

  it('sorts newest first by default and by price or name on request', async () => {
    const byCreated = [...mockDb.catalogue.products].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    );
    expect((await list('?limit=100')).data.map((p) => p.productId)).toEqual(byCreated.map((p) => p.id));

    const asc = (await list('?limit=100&sort=price_asc')).data.map((p) => p.variants[0]!.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list('?limit=100&sort=price_desc')).data.map((p) => p.variants[0]!.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const names = (await list('?limit=100&sort=name')).data.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('pages with meta and without overlap', async () => {
    const all = (await list('?limit=100&sort=name')).data.map((p) => p.productId);
    const first = await list('?limit=5&offset=0&sort=name');
    const second = await list('?limit=5&offset=5&sort=name');
    expect(second.meta).toEqual({ total: all.length, limit: 5, offset: 5 });
    expect([...first.data, ...second.data].map((p) => p.productId)).toEqual(all.slice(0, 10));
    expect((await list('?offset=999')).data).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=1000', 'limit'],
    ['?offset=-1', 'offset'],
    ['?limit=abc', 'limit'],
    ['?sort=random', 'sort'],
    ['?inStock=maybe', 'inStock'],
    ['?categoryId=fish', 'categoryId'],
  ])('refuses %s with the 400 envelope naming %s', async (query, field) => {
    const body = await expectError(`/v2/products${query}`, 400, field);
    expect(body.message).toMatch(new RegExp(`^Invalid query: ${field}: `));
  });

  it('filters by category id or slug and by stock', async () => {
    const byId = await list(`?categoryId=${categoryIds.meatFish}`);
    expect(byId.data.length).toBeGreaterThan(0);
    for (const p of byId.data) expect(p.categoryIds).toContain(categoryIds.meatFish);
    expect((await list('?category=meat-fish')).data).toEqual(byId.data);
    expect((await list('?category=no-such-shelf')).meta.total).toBe(0);

    const inStock = await list('?limit=100&inStock=true');
    const outOfStock = await list('?limit=100&inStock=false');
    expect(inStock.meta.total + outOfStock.meta.total).toBe(mockDb.catalogue.products.length);
    for (const p of inStock.data) expect(p.variants.some((v) => v.isAvailable)).toBe(true);
    for (const p of outOfStock.data) expect(p.variants.some((v) => v.isAvailable)).toBe(false);
    // The 10-pack is sold out but the 5-pack is not.
    expect(productNamed(inStock, 'Chapati').variants.map((v) => v.isAvailable)).toEqual([true, false]);
    expect(outOfStock.data.map((p) => p.name).sort()).toEqual(['Kienyeji chicken', 'Managu', 'Mandazi']);
  });

  it('prices sales from the discounts active now; the best one wins', async () => {
    const page = await list('?limit=100');
    expect(productNamed(page, 'Hass avocado').variants.map((v) => v.saleInfo)).toEqual([
      { onSale: true, discountedPrice: 36 },
      { onSale: true, discountedPrice: 135 },
    ]);
    // 20 % beats 100 KSH off on both sizes.
    const coffee = productNamed(page, 'Kenya AA coffee');
    expect(coffee.variants.map((v) => v.saleInfo.discountedPrice)).toEqual([520, 960]);
    expect([...coffee.discountIds].sort()).toEqual(
      [discountIds.coffeeLovers, discountIds.coffeeClearance].sort(),
    );
    expect(productNamed(page, 'Omena').variants[0]!.saleInfo).toEqual({ onSale: true, discountedPrice: 120 });
    // Expired, scheduled and paused discounts do nothing and are not listed.
    for (const name of ['Tomatoes', 'Beef', 'Pishori rice']) {
      const p = productNamed(page, name);
      expect(p.discountIds).toEqual([]);
      expect(p.variants.every((v) => !v.saleInfo.onSale && v.saleInfo.discountedPrice === null)).toBe(true);
    }
    expect(Object.keys(page.linked.discounts)).not.toContain(discountIds.easterExpired);
  });

  it('links exactly the records the page refers to', async () => {
    for (const q of ['?limit=3', '?limit=100', '?limit=4&offset=6&sort=price_asc']) {
      const page = await list(q);
      const ref = (pick: (p: ProductSummary) => string[]) => [...new Set(page.data.flatMap(pick))].sort();
      expect(Object.keys(page.linked.categories).sort()).toEqual(ref((p) => p.categoryIds));
      expect(Object.keys(page.linked.images).sort()).toEqual(ref((p) => p.imageIds));
      expect(Object.keys(page.linked.discounts).sort()).toEqual(ref((p) => p.discountIds));
      expect(Object.keys(page.linked.attributes).sort()).toEqual(
        ref((p) => p.variants.flatMap((v) => v.attributes.map((a) => a.attributeId))),
      );
    }
    const image = Object.values((await list('?limit=1')).linked.images)[0]!;
    expect(image.url).toBe(image.urls.card);
    expect(decodeURIComponent(image.urls.thumb)).toMatch(
      /^data:image\/svg\+xml;charset=utf-8,<svg [^>]*width="160"/,
    );
  });

  it('follows edits to the mock database and throws on a record that breaks the contract', async () => {
    mockDb.catalogue.products[0]!.name = 'Renamed';
    expect((await list('?limit=100')).data.map((p) => p.name)).toContain('Renamed');
    mockDb.catalogue.products[0]!.variants[0]!.price = -5;
    // MSW logs the schema error and answers 500.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await get('/v2/products?limit=100');
      expect(res.status).toBe(500);
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/price/);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('mock GET /api/v1/products/{id}', () => {
  const avocado = fixtureId(3, 3);

  it('answers the product with its records inline', async () => {
    const res = await get(`/v1/products/${avocado}`);
    expect(res.status).toBe(200);
    const { data } = envelope(ProductDetail).parse(await res.json());
    expect(data.name).toBe('Hass avocado');
    expect(data.categories.map((c) => c.slug)).toEqual(['fruits-vegetables']);
    expect(data.images).toHaveLength(2);
    expect(data.discounts.map((d) => d.name)).toEqual(['Avocado season']);
    expect(data.attributes.map((a) => a.name)).toEqual(['Pack']);
  });

  it('answers 400 for a malformed id and the 404 envelope for an unknown one', async () => {
    await expectError('/v1/products/not-a-uuid', 400, 'id');
    const body = await expectError(`/v1/products/${fixtureId(3, 999)}`, 404);
    expect(body.code).toBe('not_found');
    expect(body.message).toBe(`Product was not found. Correlation ID: ${body.correlationId}`);
  });
});

describe('mock GET /api/v1/categories', () => {
  it('lists categories by position with product counts', async () => {
    const res = await get('/v1/categories');
    const { data } = envelope(countRows(Category)).parse(await res.json());
    expect(data.count).toBe(data.rows.length);
    expect(data.rows.length).toBeGreaterThanOrEqual(5);
    expect(data.rows[0]).toMatchObject({ slug: 'fruits-vegetables', productCount: 7 });
    // Dhania sits in two categories and counts in both.
    expect(data.rows.find((c) => c.slug === 'spices')?.productCount).toBe(2);
    expect(data.rows.reduce((n, c) => n + c.productCount, 0)).toBe(mockDb.catalogue.products.length + 1);
  });
});

describe('mock GET /api/v1/assets/image/{imageId}/{size}', () => {
  it('serves the generated picture with the server headers', async () => {
    const image = mockDb.catalogue.images[0]!;
    const res = await get(`/v1/assets/image/${image.id}/detail`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toMatch(/^<svg [^>]*width="1200"/);
  });

  it('answers 400 for a bad size and 404 for an unknown image', async () => {
    await expectError(`/v1/assets/image/${mockDb.catalogue.images[0]!.id}/huge`, 400, 'size');
    const body = await expectError(`/v1/assets/image/${fixtureId(5, 9999)}/card`, 404);
    expect(body.message).toMatch(/^Image was not found\./);
  });
});
