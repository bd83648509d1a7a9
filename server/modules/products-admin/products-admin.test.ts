import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActivityList,
  AdminProduct,
  AdminProductList,
  IF_MATCH_REQUIRED,
  PRODUCT_VERSION_CONFLICT,
  type ActivityEntry,
  type AdminProductRow,
} from '../../../contract/admin';
import { attributeValues, products } from '../../db/schema';
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
import { shopper } from '../../test/shop';

let ctx: TestContext;
let admin: AdminApi;
let refs: Awaited<ReturnType<typeof seededRefs>>;
beforeAll(async () => {
  ctx = await createTestContext();
  const a = await shopper(ctx, 'admin');
  admin = adminApi(ctx, a.token);
  refs = await seededRefs(ctx);
});
afterAll(() => ctx.close());

const issuePaths = async (res: Response) => {
  expect(res.status).toBe(400);
  const body = await res.json();
  return (body.issues as { path: string }[]).map((i) => i.path);
};
const activityOf = async (productId: string): Promise<ActivityEntry[]> => {
  const res = await admin.get(`/admin/activity?entity=product&id=${productId}`);
  expect(res.status).toBe(200);
  const body = ActivityList.parse(await res.json());
  return body.data;
};
/**
 * The log orders by time; PGlite's clock ticks in milliseconds, so two writes in the same one would
 * tie. Tests that read the order let a tick pass between writes.
 */
const tick = () => new Promise((r) => setTimeout(r, 3));

const detail = async (productId: string): Promise<AdminProduct> =>
  AdminProduct.parse((await (await admin.get(`/admin/products/${productId}`)).json()).data);

describe('creating a product', () => {
  it('stores the product with its links, variants and new attribute values, and gives it the next pid', async () => {
    const [weight] = refs.attributeIds;
    const res = await admin.post(
      '/products',
      productBody({
        name: '  Sun-dried Omena ',
        recipeTips: '<p>Soak <b>first</b>.</p><script>alert(1)</script><a href="javascript:x()">x</a>',
        categoryIds: [refs.categoryIds[1]!, refs.categoryIds[0]!],
        imageIds: [refs.imageIds[2]!, refs.imageIds[0]!],
        variants: [
          variantBody({
            name: 'Small',
            price: 150,
            quantity: 4,
            attributes: [{ attributeId: weight!, value: '250 g (admin test)' }],
          }),
          variantBody({ name: 'Large', price: 400, quantity: 0, isAvailable: false }),
        ],
      }),
    );
    expect(res.status).toBe(201);
    const product = AdminProduct.parse((await res.json()).data);
    expect(res.headers.get('etag')).toBe('"1"');
    expect(product).toMatchObject({
      name: 'Sun-dried Omena',
      recipeTips: '<p>Soak <strong>first</strong>.</p>',
      imageIds: [refs.imageIds[2], refs.imageIds[0]],
      status: 'visible',
      hidden: false,
      archivedAt: null,
      version: 1,
    });
    expect(product.pid).toMatch(/^SKN-\d+$/);
    expect(new Set(product.categoryIds)).toEqual(new Set([refs.categoryIds[0], refs.categoryIds[1]]));
    expect(product.variants.map((v) => [v.name, v.price, v.quantity, v.isAvailable, v.archivedAt])).toEqual([
      ['Small', 150, 4, true, null],
      ['Large', 400, 0, false, null],
    ]);
    expect(product.variants[0]!.attributes).toEqual([{ attributeId: weight, value: '250 g (admin test)' }]);
    // The new value joined its attribute.
    const values = await ctx.database.db
      .select()
      .from(attributeValues)
      .where(eq(attributeValues.value, '250 g (admin test)'));
    expect(values).toHaveLength(1);

    const [entry] = await activityOf(product.productId);
    expect(entry).toMatchObject({ action: 'created', entity: 'product', actorName: 'Test Shopper' });
    expect(entry!.summary).toContain(product.pid);

    // The next product gets the next number.
    const next = await createViaApi(admin);
    expect(Number(next.pid.slice(4))).toBe(Number(product.pid.slice(4)) + 1);
  });

  it('reuses an existing attribute value whatever its case', async () => {
    const [attributeId] = refs.attributeIds;
    const a = await createViaApi(
      admin,
      productBody({
        variants: [variantBody({ attributes: [{ attributeId: attributeId!, value: 'Case Test' }] })],
      }),
    );
    const b = await createViaApi(
      admin,
      productBody({
        variants: [variantBody({ attributes: [{ attributeId: attributeId!, value: 'case test' }] })],
      }),
    );
    expect(b.variants[0]!.attributes).toEqual(a.variants[0]!.attributes);
  });

  it('names every bad field or unknown reference in the 400', async () => {
    expect(await issuePaths(await admin.post('/products', productBody({ variants: [] })))).toEqual([
      'variants',
    ]);
    expect(
      await issuePaths(
        await admin.post(
          '/products',
          productBody({ name: ' ', variants: [variantBody({ price: 0, quantity: 1.5 })] }),
        ),
      ),
    ).toEqual(['name', 'variants.0.price', 'variants.0.quantity']);
    expect(await issuePaths(await admin.post('/products', { ...productBody(), extra: 1 }))).toEqual(['']);

    const res = await admin.post(
      '/products',
      productBody({
        categoryIds: [refs.categoryIds[0]!, randomUUID()],
        imageIds: [randomUUID()],
        variants: [
          variantBody(),
          variantBody({
            name: 'B',
            variantId: randomUUID(),
            attributes: [{ attributeId: randomUUID(), value: 'x' }],
          }),
        ],
      }),
    );
    expect(await issuePaths(res.clone())).toEqual([
      'categoryIds.1',
      'imageIds.0',
      'variants.1.variantId',
      'variants.1.attributes.0.attributeId',
    ]);
    expect((await res.json()).code).toBe('validation_failed');
  });
});

describe('a product with one size', () => {
  it('needs no variant name, and the shop shows none', async () => {
    const res = await admin.post('/products', productBody({ name: 'Mursik', variants: [variantBody({ name: '' })] }));
    expect(res.status).toBe(201);
    const created = AdminProduct.parse((await res.json()).data);
    expect(created.variants.map((v) => v.name)).toEqual(['']);
  });

  it('answers 400 naming each nameless variant once there are two, in a whole sentence', async () => {
    const res = await admin.post(
      '/products',
      productBody({ variants: [variantBody({ name: '' }), variantBody({ name: ' ' }), variantBody({ name: 'Large' })] }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.issues.map(({ path, message }: { path: string; message: string }) => ({ path, message }))).toEqual([
      { path: 'variants.0.name', message: 'Enter a variant name, e.g. 1 kg.' },
      { path: 'variants.1.name', message: 'Enter a variant name, e.g. 1 kg.' },
    ]);
  });
});

describe('reading products', () => {
  it('answers 404 for an unknown product and 400 for a bad id', async () => {
    expect((await admin.get(`/admin/products/${randomUUID()}`)).status).toBe(404);
    expect((await admin.get('/admin/products/not-a-uuid')).status).toBe(400);
  });

  it('pages every product with search on name or pid, category, status and sorts', async () => {
    const tag = `zq${randomUUID().slice(0, 6)}`;
    const cheap = await createViaApi(
      admin,
      productBody({
        name: `${tag} Cheap`,
        categoryIds: [refs.categoryIds[0]!],
        imageIds: [refs.imageIds[1]!, refs.imageIds[0]!],
        variants: [
          variantBody({ price: 100, quantity: 3 }),
          variantBody({ name: 'Big', price: 900, quantity: 2 }),
        ],
      }),
    );
    const dear = await createViaApi(
      admin,
      productBody({
        name: `${tag.toUpperCase()} Dear`,
        variants: [variantBody({ price: 800, quantity: 0 })],
      }),
    );
    const hidden = await createViaApi(
      admin,
      productBody({ name: `${tag} Hidden`, hidden: true, variants: [variantBody({ price: 300 })] }),
    );
    const gone = await createViaApi(admin, productBody({ name: `${tag} Gone` }));
    expect((await admin.delete(`/products/${gone.productId}`)).status).toBe(200);

    const list = async (query: string): Promise<AdminProductRow[]> => {
      const res = await admin.get(`/admin/products?${query}`);
      expect(res.status).toBe(200);
      return AdminProductList.parse(await res.json()).data;
    };
    const names = (rows: AdminProductRow[]) => rows.map((r) => r.name.slice(tag.length + 1));

    expect(names(await list(`q=${tag.toUpperCase()}&sort=price_asc`))).toEqual(['Cheap', 'Hidden', 'Dear']);
    expect(names(await list(`q=${tag}&sort=price_desc`))).toEqual(['Dear', 'Hidden', 'Cheap']);
    expect(names(await list(`q=${tag}&sort=stock`))).toEqual(['Dear', 'Cheap', 'Hidden']);
    expect(names(await list(`q=${tag}&sort=name`))).toEqual(['Cheap', 'Dear', 'Hidden']);
    expect(names(await list(`q=${tag}&status=hidden`))).toEqual(['Hidden']);
    expect(names(await list(`q=${tag}&status=archived`))).toEqual(['Gone']);
    expect(names(await list(`q=${tag}&status=visible&sort=name`))).toEqual(['Cheap', 'Dear']);
    expect(names(await list(`q=${tag}&categoryId=${refs.categoryIds[0]}`))).toEqual(['Cheap']);
    expect(names(await list(`q=${dear.pid.toLowerCase()}`))).toEqual(['Dear']);
    // A LIKE wildcard is matched as itself.
    expect(await list(`q=${tag}%25`)).toEqual([]);

    const [row] = await list(`q=${tag}&sort=name&limit=1`);
    expect(row).toMatchObject({
      productId: cheap.productId,
      pid: cheap.pid,
      thumbUrl: `/api/v1/assets/image/${refs.imageIds[1]}/thumb`,
      minPrice: 100,
      maxPrice: 900,
      totalStock: 5,
      variantCount: 2,
      onSale: false,
      status: 'visible',
      version: 1,
    });
    expect(row!.categories.map((c) => c.categoryId)).toEqual([refs.categoryIds[0]]);
    const page = AdminProductList.parse(
      await (await admin.get(`/admin/products?q=${tag}&limit=2&offset=1&sort=name`)).json(),
    );
    expect(page.meta).toEqual({ total: 3, limit: 2, offset: 1 });
    expect(page.data.map((r) => r.productId)).toEqual([dear.productId, hidden.productId]);

    expect(await issuePaths(await admin.get('/admin/products?limit=500&sort=cheapest&status=gone'))).toEqual([
      'limit',
      'status',
      'sort',
    ]);
  });
});

describe('saving a product (PUT)', () => {
  it('needs the version in If-Match: 428 without it, 400 when malformed, 409 when stale', async () => {
    const p = await createViaApi(admin);
    const none = await admin.put(`/products/${p.productId}`, asInput(p));
    expect(none.status).toBe(428);
    expect(await none.json()).toMatchObject({
      code: 'if_match_required',
      message: expect.stringContaining(IF_MATCH_REQUIRED),
    });
    expect(
      await issuePaths(await admin.put(`/products/${p.productId}`, asInput(p), { 'If-Match': 'latest' })),
    ).toEqual(['if-match']);

    const first = await admin.put(`/products/${p.productId}`, asInput(p, { name: 'First save' }), ifMatch(1));
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"2"');
    const stale = await admin.put(`/products/${p.productId}`, asInput(p, { name: 'Stale save' }), ifMatch(1));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      code: 'version_conflict',
      message: expect.stringContaining(PRODUCT_VERSION_CONFLICT),
    });
    expect((await detail(p.productId)).name).toBe('First save');
    // The bare number is accepted as well as the quoted one.
    expect((await admin.put(`/products/${p.productId}`, asInput(p), { 'If-Match': '2' })).status).toBe(200);
    expect((await admin.put(`/products/${randomUUID()}`, asInput(p), ifMatch(1))).status).toBe(404);
  });

  it('documents If-Match as required, as the 428 without it says', async () => {
    const doc = await (await ctx.request('/api/openapi.json')).json();
    const put = doc.paths['/v1/products/{id}'].put;
    expect(put.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'if-match', required: true }),
    );
    expect(Object.keys(put.responses)).toContain('428');
  });

  it('updates kept variants, adds new ones, archives dropped ones and restores one sent again', async () => {
    const p = await createViaApi(
      admin,
      productBody({
        variants: [variantBody({ name: 'Small', price: 500 }), variantBody({ name: 'Large', price: 900 })],
      }),
    );
    const [small, large] = p.variants;
    await tick();
    const res = await admin.put(
      `/products/${p.productId}`,
      asInput(p, {
        name: 'Renamed',
        imageIds: [refs.imageIds[0]!],
        variants: [
          { ...asInput(p).variants[0]!, price: 550, quantity: 7 },
          variantBody({ name: 'Family', price: 1500 }),
        ],
      }),
      ifMatch(p.version),
    );
    expect(res.status).toBe(200);
    const saved = AdminProduct.parse((await res.json()).data);
    expect(saved.version).toBe(2);
    expect(saved.variants.map((v) => [v.name, v.price, v.archivedAt === null])).toEqual([
      ['Small', 550, true],
      ['Family', 1500, true],
      ['Large', 900, false],
    ]);
    expect(saved.variants[0]!.variantId).toBe(small!.variantId);
    expect(saved.variants[2]!.variantId).toBe(large!.variantId);

    const [entry] = await activityOf(p.productId);
    expect(entry!.action).toBe('updated');
    expect(entry!.summary).toContain('name “');
    expect(entry!.summary).toContain('images');
    expect(entry!.summary).toContain('Small price KSH 500 → 550');
    expect(entry!.summary).toContain('Small stock 10 → 7');
    expect(entry!.summary).toContain('added Family at KSH 1500');
    expect(entry!.summary).toContain('removed Large');

    // Sending the archived variant's id brings it back where it is sent.
    await tick();
    const restored = await admin.put(
      `/products/${p.productId}`,
      asInput(saved, {
        variants: [
          ...asInput(saved).variants,
          { ...variantBody({ name: 'Large', price: 950 }), variantId: large!.variantId },
        ],
      }),
      ifMatch(saved.version),
    );
    expect(restored.status).toBe(200);
    const back = AdminProduct.parse((await restored.json()).data);
    expect(back.variants.map((v) => [v.name, v.archivedAt])).toEqual([
      ['Small', null],
      ['Family', null],
      ['Large', null],
    ]);
    expect((await activityOf(p.productId))[0]!.summary).toContain('restored Large');
  });

  it("refuses another product's variant and unknown references, and then changes nothing", async () => {
    const mine = await createViaApi(admin);
    const theirs = await createViaApi(admin);
    const res = await admin.put(
      `/products/${mine.productId}`,
      asInput(mine, {
        name: 'Should not stick',
        categoryIds: [randomUUID()],
        variants: [{ ...variantBody(), variantId: theirs.variants[0]!.variantId }],
      }),
      ifMatch(1),
    );
    expect(await issuePaths(res)).toEqual(['categoryIds.0', 'variants.0.variantId']);
    const after = await detail(mine.productId);
    expect(after).toMatchObject({ name: mine.name, version: 1 });
    expect(await activityOf(mine.productId)).toHaveLength(1);
  });
});

describe('hiding and archiving', () => {
  it('hides, shows, archives and restores with one activity entry each, and ignores a no-op', async () => {
    const p = await createViaApi(admin);
    const patch = async (body: unknown) => {
      await tick();
      const res = await admin.patch(`/products/${p.productId}`, body);
      expect(res.status).toBe(200);
      return AdminProduct.parse((await res.json()).data);
    };
    expect(await patch({ hidden: true })).toMatchObject({ status: 'hidden', hidden: true, version: 2 });
    expect(await patch({ hidden: true })).toMatchObject({ status: 'hidden', version: 2 });
    const archived = await patch({ archived: true });
    expect(archived).toMatchObject({ status: 'archived', hidden: true, version: 3 });
    expect(archived.archivedAt).not.toBeNull();
    expect(await patch({ archived: false, hidden: false })).toMatchObject({
      status: 'visible',
      archivedAt: null,
      version: 4,
    });

    await tick();
    const deleted = await admin.delete(`/products/${p.productId}`);
    expect(deleted.status).toBe(200);
    expect((await deleted.json()).data).toMatchObject({ status: 'archived', version: 5 });
    // The row stays: archiving is never deleting.
    expect(await ctx.database.db.select().from(products).where(eq(products.id, p.productId))).toHaveLength(1);

    const log = await activityOf(p.productId);
    expect(log.map((e) => e.action)).toEqual(['archived', 'restored', 'archived', 'hidden', 'created']);
    // Restoring and showing in one write is one entry that says both.
    expect(log[1]!.summary).toBe('Back in the shop. Also shown.');
  });

  it('refuses an empty or malformed patch and unknown products', async () => {
    const p = await createViaApi(admin);
    expect(await issuePaths(await admin.patch(`/products/${p.productId}`, {}))).toEqual(['']);
    expect(await issuePaths(await admin.patch(`/products/${p.productId}`, { hidden: 'yes' }))).toEqual([
      'hidden',
    ]);
    expect((await admin.patch(`/products/${randomUUID()}`, { hidden: true })).status).toBe(404);
    expect((await admin.delete(`/products/${randomUUID()}`)).status).toBe(404);
  });
});

describe('who may call', () => {
  it('keeps guests (401) and customers (403) out and writes nothing for them', async () => {
    const customer = adminApi(ctx, (await shopper(ctx)).token);
    const guest = adminApi(ctx);
    const p = await createViaApi(admin);
    expect((await guest.post('/products', productBody())).status).toBe(401);
    expect((await customer.post('/products', productBody())).status).toBe(403);
    expect((await customer.patch(`/products/${p.productId}`, { hidden: true })).status).toBe(403);
    expect((await customer.delete(`/products/${p.productId}`)).status).toBe(403);
    expect((await customer.put(`/products/${p.productId}`, asInput(p), ifMatch(1))).status).toBe(403);
    expect((await customer.get(`/admin/activity?entity=product&id=${p.productId}`)).status).toBe(403);
    expect(await detail(p.productId)).toMatchObject({ version: 1, status: 'visible' });
    // The shop's own product page under the same prefix stays public.
    expect((await guest.get(`/products/${p.productId}`)).status).toBe(200);
  });
});

describe('the activity log', () => {
  it('pages newest first and validates its query', async () => {
    const p = await createViaApi(admin);
    await tick();
    await admin.patch(`/products/${p.productId}`, { hidden: true });
    await tick();
    await admin.patch(`/products/${p.productId}`, { hidden: false });
    const res = await admin.get(`/admin/activity?entity=product&id=${p.productId}&limit=2&offset=1`);
    const page = ActivityList.parse(await res.json());
    expect(page.meta).toEqual({ total: 3, limit: 2, offset: 1 });
    expect(page.data.map((e) => e.action)).toEqual(['hidden', 'created']);
    expect(await issuePaths(await admin.get('/admin/activity?entity=shopper&id=x'))).toEqual(['entity', 'id']);
  });
});
