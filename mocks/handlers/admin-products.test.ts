// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ActivityList,
  AdminProduct,
  AdminProductList,
  PRODUCT_VERSION_CONFLICT,
  UploadedImages,
  type ProductInput,
} from '../../contract/admin';
import { ProductList } from '../../contract/catalogue';
import { envelope, ErrorBody } from '../../contract/common';
import { SearchResponse } from '../../contract/search';
import { DEMO_USERS } from '../auth-db';
import { mockDb } from '../db';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { attributeIds, categoryIds } from '../fixtures/catalogue';
import { adminProductHandlers } from './admin-products';
import { catalogueHandlers } from './catalogue';
import { searchHandlers } from './search';

serveMocks(...adminProductHandlers, ...catalogueHandlers, ...searchHandlers);

const adminToken = () => tokenOf('admin');
const shopperToken = () => tokenOf('shopper');
const call = (
  method: string,
  path: string,
  body?: unknown,
  { token = adminToken(), headers = {} }: { token?: string | null; headers?: Record<string, string> } = {},
) => mockFetch(method, path, body, { token, headers });

async function ok<T>(res: Response, schema: { parse(v: unknown): T }, status = 200): Promise<T> {
  expect(res.status).toBe(status);
  return schema.parse(await res.json());
}

async function failure(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = ErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  return body;
}

const product = (name: string) => mockDb.catalogue.products.find((p) => p.name === name)!;
const Detail = envelope(AdminProduct);

const mangoes: ProductInput = {
  name: 'Apple mangoes',
  description: 'Sweet, from Makueni.',
  recipeTips: '<p>Eat ripe.</p>',
  categoryIds: [categoryIds.produce],
  imageIds: [],
  variants: [
    { name: 'Single', price: 40, quantity: 100, isAvailable: true, attributes: [] },
    {
      name: 'Tray',
      price: 350,
      quantity: 20,
      isAvailable: true,
      attributes: [{ attributeId: attributeIds.pack, value: 'Tray of 12' }],
    },
  ],
  hidden: false,
};

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], name, {
    type: 'image/png',
  });

describe('mock back office: products', () => {
  it('keeps guests and shoppers out of every admin call', async () => {
    const id = mockDb.catalogue.products[0]!.id;
    for (const [method, path] of [
      ['GET', '/v1/admin/products'],
      ['GET', `/v1/admin/products/${id}`],
      ['POST', '/v1/products'],
      ['PATCH', `/v1/products/${id}`],
      ['DELETE', `/v1/products/${id}`],
      ['GET', `/v1/admin/activity?entity=product&id=${id}`],
    ] as const) {
      await failure(await call(method, path, undefined, { token: null }), 401, 'unauthorized');
      await failure(await call(method, path, undefined, { token: shopperToken() }), 403, 'forbidden');
    }
  });

  it('pages, searches and filters the list, hidden products included', async () => {
    const first = await ok(await call('GET', '/v1/admin/products?limit=5&sort=name'), AdminProductList);
    expect(first.data).toHaveLength(5);
    expect(first.meta.total).toBe(mockDb.catalogue.products.length);
    const names = first.data.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const mango = product(mockDb.catalogue.products[0]!.name);
    mango.hidden = true;
    const found = await ok(
      await call('GET', `/v1/admin/products?q=${encodeURIComponent(mango.pid.toLowerCase())}`),
      AdminProductList,
    );
    expect(found.data.map((r) => [r.productId, r.status])).toEqual([[mango.id, 'hidden']]);

    const spices = await ok(
      await call('GET', `/v1/admin/products?categoryId=${categoryIds.spices}`),
      AdminProductList,
    );
    expect(spices.data.length).toBeGreaterThan(0);
    for (const row of spices.data)
      expect(row.categories.map((c) => c.categoryId)).toContain(categoryIds.spices);

    await failure(await call('GET', '/v1/admin/products?limit=1000'), 400, 'validation_failed');
  });

  it('creates a product with a new attribute value, and records who did it', async () => {
    const created = (await ok(await call('POST', '/v1/products', mangoes), Detail, 201)).data;
    expect(created).toMatchObject({ name: 'Apple mangoes', status: 'visible', version: 1 });
    expect(created.variants.map((v) => v.name)).toEqual(['Single', 'Tray']);
    expect(mockDb.catalogue.attributes.find((a) => a.id === attributeIds.pack)!.values).toContain(
      'Tray of 12',
    );

    const log = await ok(
      await call('GET', `/v1/admin/activity?entity=product&id=${created.productId}`),
      ActivityList,
    );
    expect(log.data).toMatchObject([{ action: 'created', actorName: DEMO_USERS.admin.name }]);
  });

  it('refuses a bad body with issues by path, and unknown references', async () => {
    const bad = await failure(
      await call('POST', '/v1/products', {
        ...mangoes,
        variants: [{ ...mangoes.variants[0], price: -5 }],
      }),
      400,
      'validation_failed',
    );
    expect(bad.issues).toContainEqual({ path: 'variants.0.price', message: 'The price must be more than 0.' });

    const unknown = await failure(
      await call('POST', '/v1/products', {
        ...mangoes,
        categoryIds: ['00000000-0000-4000-8000-000000000999'],
      }),
      400,
      'validation_failed',
    );
    expect(unknown.issues).toEqual([{ path: 'categoryIds.0', message: 'no such category' }]);
  });

  it('saves with If-Match, and answers 428 without it and 409 on a stale version', async () => {
    const created = (await ok(await call('POST', '/v1/products', mangoes), Detail, 201)).data;
    const path = `/v1/products/${created.productId}`;
    const edit = {
      ...mangoes,
      variants: [{ ...mangoes.variants[0]!, variantId: created.variants[0]!.variantId, price: 45 }],
    };
    await failure(await call('PUT', path, edit), 428, 'if_match_required');

    const res = await call('PUT', path, edit, { headers: { 'If-Match': '"1"' } });
    const saved = (await ok(res, Detail)).data;
    expect(res.headers.get('ETag')).toBe('"2"');
    expect(saved.version).toBe(2);
    // The tray was left out: it is archived, not gone, and comes back by sending its id.
    expect(saved.variants.map((v) => [v.name, v.price, v.archivedAt === null])).toEqual([
      ['Single', 45, true],
      ['Tray', 350, false],
    ]);

    const stale = await failure(
      await call('PUT', path, edit, { headers: { 'If-Match': '"1"' } }),
      409,
      'version_conflict',
    );
    expect(stale.message).toContain(PRODUCT_VERSION_CONFLICT);
  });

  it('hides, archives and restores: shoppers lose the product from the list, detail and search', async () => {
    const avocado = mockDb.catalogue.products[0]!;
    const visibleToShoppers = async () => {
      const list = await ok(
        await call('GET', '/v2/products?limit=100', undefined, { token: null }),
        ProductList,
      );
      const detail = await call('GET', `/v1/products/${avocado.id}`, undefined, { token: null });
      const search = await ok(
        await call('GET', `/v1/search/orama?q=${encodeURIComponent(avocado.name)}`, undefined, {
          token: null,
        }),
        SearchResponse,
      );
      return [
        list.data.some((p) => p.productId === avocado.id),
        detail.status === 200,
        search.data.some((r) => r.id === avocado.id),
      ];
    };
    expect(await visibleToShoppers()).toEqual([true, true, true]);

    const hidden = (await ok(await call('PATCH', `/v1/products/${avocado.id}`, { hidden: true }), Detail))
      .data;
    expect(hidden.status).toBe('hidden');
    expect(await visibleToShoppers()).toEqual([false, false, false]);

    await call('PATCH', `/v1/products/${avocado.id}`, { hidden: false });
    const archived = (await ok(await call('DELETE', `/v1/products/${avocado.id}`), Detail)).data;
    expect(archived.status).toBe('archived');
    expect(await visibleToShoppers()).toEqual([false, false, false]);
    const list = await ok(await call('GET', '/v1/admin/products?limit=100'), AdminProductList);
    expect(list.data.some((r) => r.productId === avocado.id)).toBe(false);

    await call('PATCH', `/v1/products/${avocado.id}`, { archived: false });
    expect(await visibleToShoppers()).toEqual([true, true, true]);

    await failure(await call('PATCH', `/v1/products/${avocado.id}`, {}), 400, 'validation_failed');
    await failure(
      await call('PATCH', '/v1/products/00000000-0000-4000-8000-000000000999', { hidden: true }),
      404,
      'not_found',
    );
    await failure(await call('DELETE', '/v1/products/not-an-id'), 400, 'validation_failed');
  });
});

describe('mock back office: images', () => {
  it('stores uploaded images by their content and lets the alt text change', async () => {
    const form = new FormData();
    form.append('images', png('mango.png'));
    form.append('altText', 'A ripe mango');
    const [image] = (await ok(await call('POST', '/v1/assets/image', form), envelope(UploadedImages), 201))
      .data;
    expect(image).toMatchObject({ altText: 'A ripe mango' });

    const patched = await call('PATCH', `/v1/assets/image/${image!.imageId}`, {
      altText: 'Two ripe mangoes',
    });
    expect(patched.status).toBe(200);
    expect(mockDb.catalogue.images.find((i) => i.id === image!.imageId)!.altText).toBe('Two ripe mangoes');
  });

  it('refuses a script renamed .png, naming the file, and keeps nothing of the request', async () => {
    const before = mockDb.catalogue.images.length;
    const form = new FormData();
    form.append('images', png('good.png'));
    form.append('altText', '');
    form.append('images', new File(['<?php echo 1; ?>'], 'shell.png', { type: 'image/png' }));
    form.append('altText', '');
    const body = await failure(await call('POST', '/v1/assets/image', form), 415, 'unsupported_image');
    expect(body.message).toMatch(/^shell\.png is not a JPEG, PNG or WebP image\./);
    expect(mockDb.catalogue.images).toHaveLength(before);

    await failure(await call('POST', '/v1/assets/image', new FormData()), 400, 'invalid_upload');
    await failure(await call('POST', '/v1/assets/image', form, { token: shopperToken() }), 403, 'forbidden');
  });
});
