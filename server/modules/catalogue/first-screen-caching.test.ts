import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../contract/admin';
import {
  adminApi,
  asInput,
  createViaApi,
  ifMatch,
  productBody,
  seededRefs,
  type AdminApi,
} from '../../test/admin';
import { createTestContext, eventually, type TestContext } from '../../test/harness';
import { shopper } from '../../test/shop';

/*
 * The reads the landing, category, product and search pages make on their first load, as a
 * browser's HTTP cache makes them: it keeps each answer with its ETag, asks again every time
 * (`no-cache`) and gets a 304 without a body while nothing changed, and the new answer as soon as
 * an admin edits the product.
 */

let ctx: TestContext;
let admin: AdminApi;
let product: AdminProduct;
const word = `Sokoniberry${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = adminApi(ctx, (await shopper(ctx, 'admin')).token);
  const refs = await seededRefs(ctx);
  product = await createViaApi(
    admin,
    productBody({ name: `${word} jam`, categoryIds: [refs.categoryIds[0]!], imageIds: [refs.imageIds[0]!] }),
  );
  // The search index is built in the background at start and follows the catalogue's notifications.
  await eventually(async () => (await searchFor(word)).status === 200, 10_000);
});
afterAll(() => ctx.close());

const searchFor = (q: string, headers: Record<string, string> = {}) =>
  ctx.request(`/api/v1/search/orama?q=${encodeURIComponent(q)}`, { headers });

const firstScreen = () => [
  '/api/v2/products?limit=24',
  `/api/v2/products?limit=24&categoryId=${product.categoryIds[0]}`,
  `/api/v1/products/${product.productId}`,
  '/api/v1/categories',
  `/api/v1/search/orama?q=${word}`,
];

/** Renames the product through the back office, as the admin's form saves it. */
async function rename(name: string) {
  const res = await admin.put(
    `/products/${product.productId}`,
    asInput(product, { name }),
    ifMatch(product.version),
  );
  expect(res.status).toBe(200);
  product = (await res.json()).data;
}

describe('the first screen’s reads in a browser cache', () => {
  it('carry a strong ETag and must be revalidated before each use', async () => {
    for (const url of firstScreen()) {
      const res = await ctx.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('etag'), url).toMatch(/^"[0-9a-f]{40}"$/);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
      expect(res.headers.get('vary'), url).toBe('Accept-Encoding');
    }
  });

  it('answer a revalidation with 304 and no body while nothing changed', async () => {
    for (const url of firstScreen()) {
      const tag = (await ctx.request(url)).headers.get('etag')!;
      const again = await ctx.request(url, { headers: { 'If-None-Match': tag } });
      expect(again.status, url).toBe(304);
      expect(await again.text(), url).toBe('');
      expect(again.headers.get('etag'), url).toBe(tag);
      expect(again.headers.get('cache-control'), url).toBe('no-cache');
    }
  });

  it('send the whole answer when the held tag is another one', async () => {
    for (const url of firstScreen()) {
      const fresh = await ctx.request(url);
      const res = await ctx.request(url, {
        headers: { 'If-None-Match': '"0000000000000000000000000000000000000000"' },
      });
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toBe(await fresh.text());
    }
  });

  it('give the gzipped copy its own strong tag, which revalidates too', async () => {
    for (const url of firstScreen()) {
      const plain = await ctx.request(url);
      const json = await plain.text();
      const gz = await ctx.request(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      expect(gz.headers.get('content-encoding'), url).toBe('gzip');
      const tag = gz.headers.get('etag')!;
      expect(tag, url).toMatch(/^"[0-9a-f]{40}-gzip"$/);
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString(), url).toBe(json);
      const again = await ctx.request(url, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': tag } });
      expect(again.status, url).toBe(304);
      expect(again.headers.get('etag'), url).toBe(tag);
    }
  });

  it('never answer 304 to an old tag once the admin renamed the product', async () => {
    const before = new Map<string, string>();
    for (const url of firstScreen()) before.set(url, (await ctx.request(url)).headers.get('etag')!);

    await rename(`${word} marmalade`);
    // The category list shows names and counts only: a rename leaves it as it was.
    const changed = firstScreen().filter((url) => !url.startsWith('/api/v1/categories'));
    await eventually(async () => {
      const res = await searchFor(word);
      return (await res.text()).includes('marmalade');
    }, 5_000);
    for (const url of changed) {
      const res = await ctx.request(url, { headers: { 'If-None-Match': before.get(url)! } });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('etag'), url).not.toBe(before.get(url));
      expect(await res.text(), url).toContain('marmalade');
    }
  });

  it('are the same for every shopper, signed in or not, so one shared tag is right', async () => {
    const customer = await shopper(ctx);
    for (const url of firstScreen()) {
      const anonymous = await ctx.request(url);
      const signedIn = await ctx.request(url, { headers: { Authorization: `Bearer ${customer.token}` } });
      expect(signedIn.status, url).toBe(200);
      expect(signedIn.headers.get('etag'), url).toBe(anonymous.headers.get('etag'));
      expect(await signedIn.text(), url).toBe(await anonymous.text());
    }
  });
});
