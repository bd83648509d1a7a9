import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Category, ProductDetail, ProductList } from '../../../contract/catalogue';
import { countRows, envelope } from '../../../contract/common';
import { createTestContext, type TestContext } from '../../test/harness';

/*
 * The sample catalogue the seed loads, read through the API: every page, product and category must
 * satisfy the contract, and every image URL must answer. Catches seed data the rules do not expect.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function json(path: string) {
  const res = await ctx.request(path);
  expect(res.status, path).toBe(200);
  return res.json();
}

describe('the seeded catalogue through the API', () => {
  it('lists every product in contract-valid pages with working image URLs', async (t) => {
    const first = ProductList.parse(await json('/api/v2/products?limit=100'));
    if (first.meta.total === 0) t.skip();
    const ids = new Set<string>();
    for (let offset = 0; offset < first.meta.total; offset += 100) {
      const page = ProductList.parse(await json(`/api/v2/products?limit=100&offset=${offset}`));
      for (const p of page.data) ids.add(p.productId);
      for (const image of Object.values(page.linked.images)) {
        for (const url of Object.values(image.urls)) {
          const res = await ctx.request(url);
          expect(res.status, url).toBe(200);
          expect(res.headers.get('content-type')).toMatch(/^image\//);
          expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
          expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
        }
      }
    }
    expect(ids.size).toBe(first.meta.total);
  });

  it('answers each product of the first page and every category', async (t) => {
    const page = ProductList.parse(await json('/api/v2/products'));
    if (page.meta.total === 0) t.skip();
    for (const p of page.data) {
      const { data } = envelope(ProductDetail).parse(await json(`/api/v1/products/${p.productId}`));
      expect(data.variants).toEqual(p.variants);
    }
    const { data } = envelope(countRows(Category)).parse(await json('/api/v1/categories'));
    expect(data.rows.reduce((n, c) => n + c.productCount, 0)).toBeGreaterThanOrEqual(page.meta.total);
    for (const c of data.rows) {
      const byCategory = ProductList.parse(await json(`/api/v2/products?category=${c.slug}&limit=1`));
      expect(byCategory.meta.total).toBe(c.productCount);
    }
  });
});
