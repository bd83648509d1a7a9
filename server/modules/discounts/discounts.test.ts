import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityList } from '../../../contract/admin';
import { CODE_TAKEN, Discount, DiscountList, type DiscountBodyInput } from '../../../contract/discounts';
import { categories, discounts, productCategories } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { api, createProduct, shopper, staffMember, type Api, type TestProduct } from '../../test/shop';

let ctx: TestContext;
let admin: Api;
let customer: Api;
let guest: Api;
let product: TestProduct;
let categoryId: string;
let inCategory: TestProduct;

const hour = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = api(ctx, (await shopper(ctx, 'admin')).token);
  customer = api(ctx, (await shopper(ctx)).token);
  guest = api(ctx);
  const { db } = ctx.database;
  product = await createProduct(db, {
    name: 'Sukuma wiki',
    variants: [{ name: 'Bunch', price: 200, quantity: 9 }],
  });
  inCategory = await createProduct(db, {
    name: 'Mango',
    variants: [{ name: 'Each', price: 100, quantity: 9 }],
  });
  const slug = `discount-test-${randomBytes(3).toString('hex')}`;
  const [cat] = await db
    .insert(categories)
    .values({ slug, name: 'Fruit on sale', icon: 'mdiFruitCherries', color: 'orange' })
    .returning({ id: categories.id });
  categoryId = cat!.id;
  await db.insert(productCategories).values({ productId: inCategory.productId, categoryId });
});
afterAll(() => ctx.close());

const body = (over: Partial<DiscountBodyInput> = {}): DiscountBodyInput => ({
  name: 'Weekend greens',
  kind: 'percentage',
  value: 10,
  productIds: [product.productId],
  categoryIds: [],
  startsAt: iso(-hour),
  endsAt: iso(hour),
  active: true,
  usageLimit: null,
  ...over,
});

const create = async (over: Partial<DiscountBodyInput> = {}): Promise<Discount> => {
  const res = await admin.post('/discounts', body(over));
  expect(res.status).toBe(201);
  return Discount.parse((await res.json()).data);
};
const issuesOf = async (res: Response) => {
  expect(res.status).toBe(400);
  return (await res.json()).issues as { path: string; message: string }[];
};
const issuePaths = async (res: Response) => (await issuesOf(res)).map((i) => i.path);
/** A promo code covering the whole order: no products or categories. */
const orderCode = (code: string, over: Partial<DiscountBodyInput> = {}): Partial<DiscountBodyInput> => ({
  name: `Code ${code}`,
  code,
  appliesTo: 'order',
  productIds: [],
  ...over,
});
const productPrice = async (productId: string) => {
  const res = await guest.get(`/products/${productId}`);
  expect(res.status).toBe(200);
  return (await res.json()).data.variants[0].saleInfo;
};
const activityOf = async (id: string) =>
  ActivityList.parse(await (await admin.get(`/admin/activity?entity=discount&id=${id}`)).json()).data;

describe('creating and reading discounts', () => {
  it('creates a discount with what it covers, named, and lists it with its state', async () => {
    const d = await create({ name: 'Greens and fruit', categoryIds: [categoryId], usageLimit: 10 });
    expect(d).toMatchObject({
      name: 'Greens and fruit',
      kind: 'percentage',
      value: 10,
      products: [{ productId: product.productId, name: 'Sukuma wiki' }],
      categories: [{ categoryId, name: 'Fruit on sale' }],
      usageLimit: 10,
      redemptions: 0,
      usesTaken: 0,
      state: 'active',
    });
    const got = await admin.get(`/discounts/${d.discountId}`);
    expect(Discount.parse((await got.json()).data)).toEqual(d);
    const list = DiscountList.parse(await (await admin.get('/discounts?q=greens%20and')).json());
    expect(list.data.map((x) => x.discountId)).toEqual([d.discountId]);
    const [entry] = await activityOf(d.discountId);
    expect(entry).toMatchObject({ action: 'created', summary: 'Created “Greens and fruit” (10% off).' });
    // Out of the way of the tests below, which price the category's products.
    expect((await admin.delete(`/discounts/${d.discountId}`)).status).toBe(200);
  });

  it('filters by state as discountState says, and pages', async () => {
    const scheduled = await create({ name: 'Later sale', startsAt: iso(2 * hour), endsAt: iso(3 * hour) });
    const paused = await create({ name: 'Paused sale', active: false });
    const ended = await create({ name: 'Old sale', startsAt: iso(-3 * hour), endsAt: iso(-2 * hour) });
    const ids = async (state: string) =>
      DiscountList.parse(await (await admin.get(`/discounts?state=${state}&limit=100`)).json()).data.map(
        (d) => d.discountId,
      );
    expect(await ids('scheduled')).toContain(scheduled.discountId);
    expect(await ids('paused')).toEqual(expect.arrayContaining([paused.discountId]));
    expect(await ids('ended')).toContain(ended.discountId);
    expect(await ids('active')).not.toContain(paused.discountId);
    expect(ended.state).toBe('ended');
    const page = DiscountList.parse(await (await admin.get('/discounts?limit=2&offset=1')).json());
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ limit: 2, offset: 1 });
    expect(page.meta.total).toBeGreaterThanOrEqual(4);
  });

  it('answers 404 for an unknown id and 400 for one that is not a uuid', async () => {
    expect((await admin.get(`/discounts/${randomUUID()}`)).status).toBe(404);
    expect((await admin.put(`/discounts/${randomUUID()}`, body())).status).toBe(404);
    expect((await admin.delete(`/discounts/${randomUUID()}`)).status).toBe(404);
    expect((await admin.get('/discounts/not-a-uuid')).status).toBe(400);
  });
});

describe('refusing bad discounts', () => {
  it('refuses 100 % and more, and a value of 0 or less, naming value', async () => {
    expect(await issuePaths(await admin.post('/discounts', body({ value: 100 })))).toEqual(['value']);
    expect(await issuePaths(await admin.post('/discounts', body({ value: 150 })))).toEqual(['value']);
    expect(await issuePaths(await admin.post('/discounts', body({ value: 0 })))).toEqual(['value']);
    expect(await issuePaths(await admin.post('/discounts', body({ kind: 'fixed', value: -5 })))).toEqual([
      'value',
    ]);
    // A fixed amount above 100 is fine: it is KSH, not a percentage.
    expect((await admin.post('/discounts', body({ kind: 'fixed', value: 150 }))).status).toBe(201);
  });

  it('refuses an end before the start, nothing covered, and a bad limit', async () => {
    const t = iso(hour);
    expect(await issuePaths(await admin.post('/discounts', body({ startsAt: t, endsAt: t })))).toEqual([
      'endsAt',
    ]);
    expect(await issuePaths(await admin.post('/discounts', body({ productIds: [] })))).toEqual([
      'productIds',
    ]);
    expect(await issuePaths(await admin.post('/discounts', body({ usageLimit: 0 })))).toEqual(['usageLimit']);
    expect(await issuePaths(await admin.post('/discounts', body({ name: '  ' })))).toEqual(['name']);
  });

  it('names each unknown product and category', async () => {
    const res = await admin.post(
      '/discounts',
      body({ productIds: [product.productId, randomUUID()], categoryIds: [randomUUID()] }),
    );
    expect(await issuePaths(res)).toEqual(['productIds.1', 'categoryIds.0']);
  });
});

describe('who may', () => {
  it('answers 401 to a guest and 403 to a shopper on every route', async () => {
    const id = randomUUID();
    for (const call of [guest, customer]) {
      const expected = call === guest ? 401 : 403;
      expect((await call.get('/discounts')).status).toBe(expected);
      expect((await call.get(`/discounts/${id}`)).status).toBe(expected);
      expect((await call.post('/discounts', body())).status).toBe(expected);
      expect((await call.put(`/discounts/${id}`, body())).status).toBe(expected);
      expect((await call.delete(`/discounts/${id}`)).status).toBe(expected);
    }
  });
});

describe('the shop follows at once', () => {
  it('prices a product through its category, and the cart charges it', async () => {
    const before = await productPrice(inCategory.productId);
    expect(before).toEqual({ onSale: false, discountedPrice: null });
    const fruitWeek = { name: 'Fruit week', productIds: [], categoryIds: [categoryId], value: 25 };
    const d = await create(fruitWeek);
    expect(await productPrice(inCategory.productId)).toEqual({ onSale: true, discountedPrice: 75 });
    const list = await (await ctx.request(`/api/v2/products?categoryId=${categoryId}`)).json();
    expect(list.data[0].variants[0].saleInfo).toEqual({ onSale: true, discountedPrice: 75 });
    expect(list.linked.discounts[d.discountId]).toMatchObject({ name: 'Fruit week', value: 25 });
    const quote = await (
      await guest.post('/cart/quote', {
        items: [
          { itemId: 'a', productId: inCategory.productId, variantId: inCategory.variantIds[0], quantity: 2 },
        ],
      })
    ).json();
    expect(quote.data.Items[0]).toMatchObject({
      price: 75,
      originalPrice: 100,
      onSale: true,
      totalPrice: 150,
    });

    // Paused: the price goes back at once, with an activity entry; resumed: it returns.
    const asSent = { ...fruitWeek, startsAt: d.startsAt, endsAt: d.endsAt };
    const paused = await admin.put(`/discounts/${d.discountId}`, body({ ...asSent, active: false }));
    expect(paused.status).toBe(200);
    expect(Discount.parse((await paused.json()).data).state).toBe('paused');
    expect(await productPrice(inCategory.productId)).toEqual({ onSale: false, discountedPrice: null });
    expect((await admin.put(`/discounts/${d.discountId}`, body(asSent))).status).toBe(200);
    expect(await productPrice(inCategory.productId)).toEqual({ onSale: true, discountedPrice: 75 });
    const actions = (await activityOf(d.discountId)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['created', 'paused', 'resumed']));

    // Deleted: gone from the shop at once.
    const del = await admin.delete(`/discounts/${d.discountId}`);
    expect(del.status).toBe(200);
    expect(await productPrice(inCategory.productId)).toEqual({ onSale: false, discountedPrice: null });
    expect((await activityOf(d.discountId))[0]).toMatchObject({ action: 'deleted' });
  });

  it('gives the best single price when a product and a category discount overlap', async () => {
    const both = await createProduct(ctx.database.db, {
      variants: [{ name: 'Kg', price: 1_000, quantity: 5 }],
    });
    await ctx.database.db.insert(productCategories).values({ productId: both.productId, categoryId });
    const byCategory = await create({ productIds: [], categoryIds: [categoryId], value: 10 });
    const byProduct = await create({ productIds: [both.productId], kind: 'fixed', value: 150 });
    expect(await productPrice(both.productId)).toEqual({ onSale: true, discountedPrice: 850 });
    await admin.delete(`/discounts/${byProduct.discountId}`);
    expect(await productPrice(both.productId)).toEqual({ onSale: true, discountedPrice: 900 });
    await admin.delete(`/discounts/${byCategory.discountId}`);
  });

  it('stops pricing once the usage limit is used up', async () => {
    const p = await createProduct(ctx.database.db, { variants: [{ name: 'Kg', price: 300, quantity: 5 }] });
    const d = await create({ productIds: [p.productId], value: 50, usageLimit: 2 });
    expect(await productPrice(p.productId)).toEqual({ onSale: true, discountedPrice: 150 });
    await ctx.database.db.update(discounts).set({ redemptions: 2 }).where(eq(discounts.id, d.discountId));
    expect(await productPrice(p.productId)).toEqual({ onSale: false, discountedPrice: null });
    const got = Discount.parse((await (await admin.get(`/discounts/${d.discountId}`)).json()).data);
    expect(got).toMatchObject({ state: 'ended', usesTaken: 2, redemptions: 0 });
  });
});

describe('promo codes', () => {
  it('keeps a code upper-case with what it covers and its conditions, and names it in the history', async () => {
    const d = await create({
      name: 'Karibu',
      code: ' karibu10 ',
      appliesTo: 'order',
      productIds: [],
      minSubtotal: 500,
      firstOrderOnly: true,
    });
    expect(d).toMatchObject({
      code: 'KARIBU10',
      appliesTo: 'order',
      products: [],
      categories: [],
      minSubtotal: 500,
      firstOrderOnly: true,
      // Omitted: once per shopper.
      perShopperLimit: 1,
      redemptions: 0,
      usesTaken: 0,
      state: 'active',
    });
    const [entry] = await activityOf(d.discountId);
    expect(entry).toMatchObject({ action: 'created', summary: 'Created “Karibu” (code KARIBU10, 10% off).' });
    // A code prices nothing by itself: the catalogue's prices are the automatic discounts'.
    const p = await createProduct(ctx.database.db, { variants: [{ name: 'Kg', price: 300, quantity: 5 }] });
    await create({ name: 'Code on items', code: 'MANGO5', productIds: [p.productId] });
    expect(await productPrice(p.productId)).toEqual({ onSale: false, discountedPrice: null });
  });

  it('answers an automatic discount without a code or conditions, and a per-shopper limit as sent', async () => {
    const automatic = await create({ name: 'Plain sale' });
    expect(automatic).toMatchObject({
      code: null,
      appliesTo: 'items',
      minSubtotal: null,
      firstOrderOnly: false,
      perShopperLimit: null,
    });
    expect((await create(orderCode('THRICE', { perShopperLimit: 3 }))).perShopperLimit).toBe(3);
    expect((await create(orderCode('ANYTIMES', { perShopperLimit: null }))).perShopperLimit).toBeNull();
  });

  it('finds a discount by its code or its name in the list', async () => {
    const d = await create(orderCode('MASHUJAA20', { name: 'Heroes weekend' }));
    const found = async (q: string) =>
      DiscountList.parse(await (await admin.get(`/discounts?q=${q}`)).json()).data.map((x) => x.discountId);
    expect(await found('hUJaA2')).toEqual([d.discountId]);
    expect(await found('heroes%20week')).toEqual([d.discountId]);
    const [listed] = DiscountList.parse(await (await admin.get('/discounts?q=MASHUJAA20')).json()).data;
    expect(listed).toMatchObject({ code: 'MASHUJAA20', redemptions: 0, usesTaken: 0, usageLimit: null });
  });

  it("refuses another discount's code in any letter case, and lets a discount keep its own", async () => {
    const d = await create(orderCode('MADARAKA'));
    for (const code of ['MADARAKA', 'madaraka', 'Madaraka']) {
      const res = await admin.post('/discounts', body(orderCode(code, { name: 'Copy' })));
      expect(await issuesOf(res)).toEqual([{ path: 'code', message: CODE_TAKEN }]);
    }
    const other = await create(orderCode('MASHUJAA'));
    const taken = await admin.put(`/discounts/${other.discountId}`, body(orderCode('madaraka')));
    expect(await issuesOf(taken)).toEqual([{ path: 'code', message: CODE_TAKEN }]);
    // Keeping its own code (in another case) while changing the rest is fine.
    const kept = await admin.put(
      `/discounts/${d.discountId}`,
      body(orderCode('madaraka', { name: 'Madaraka day', value: 15 })),
    );
    expect(kept.status).toBe(200);
    expect(Discount.parse((await kept.json()).data)).toMatchObject({ code: 'MADARAKA', value: 15 });
    // A deleted discount's code is free again.
    expect((await admin.delete(`/discounts/${other.discountId}`)).status).toBe(200);
    await create(orderCode('mashujaa'));
  });

  it('drops the products and categories of a discount turned into an order code', async () => {
    const d = await create({ name: 'Greens', categoryIds: [categoryId] });
    expect(d.products).toHaveLength(1);
    const res = await admin.put(`/discounts/${d.discountId}`, body(orderCode('GREENS', { categoryIds: [] })));
    expect(res.status).toBe(200);
    expect(Discount.parse((await res.json()).data)).toMatchObject({
      code: 'GREENS',
      appliesTo: 'order',
      products: [],
      categories: [],
    });
  });

  it('refuses a code that is too short, too long or has other characters', async () => {
    for (const code of ['AB', 'K'.repeat(33), 'KARIBU 10', 'KARIBU_10', 'KARÍBU', '']) {
      expect(await issuePaths(await admin.post('/discounts', body(orderCode(code)))), code).toEqual(['code']);
    }
  });

  it('refuses the whole order, the delivery and conditions without a code', async () => {
    const paths = async (over: Partial<DiscountBodyInput>) =>
      issuePaths(await admin.post('/discounts', body(over)));
    expect(await paths({ appliesTo: 'order', productIds: [] })).toEqual(['appliesTo']);
    expect(await paths({ appliesTo: 'delivery', productIds: [] })).toEqual(['appliesTo']);
    expect(await paths({ minSubtotal: 500 })).toEqual(['minSubtotal']);
    expect(await paths({ firstOrderOnly: true })).toEqual(['firstOrderOnly']);
    expect(await paths({ perShopperLimit: 2 })).toEqual(['perShopperLimit']);
    // An order code naming products, a minimum of 0, a limit per shopper of 0.
    expect(await paths(orderCode('SOKONI1', { productIds: [product.productId] }))).toEqual(['productIds']);
    expect(await paths(orderCode('SOKONI2', { minSubtotal: 0 }))).toEqual(['minSubtotal']);
    expect(await paths(orderCode('SOKONI3', { perShopperLimit: 0 }))).toEqual(['perShopperLimit']);
  });

  it('allows 100 % off the delivery only', async () => {
    const percent = async (appliesTo: 'items' | 'order' | 'delivery', value: number) =>
      admin.post(
        '/discounts',
        body({
          name: `${value} off ${appliesTo}`,
          code: `P${value}-${appliesTo}`,
          appliesTo,
          value,
          productIds: appliesTo === 'items' ? [product.productId] : [],
        }),
      );
    expect(await issuePaths(await percent('items', 100))).toEqual(['value']);
    expect(await issuePaths(await percent('order', 100))).toEqual(['value']);
    expect(await issuePaths(await percent('delivery', 101))).toEqual(['value']);
    const free = await percent('delivery', 100);
    expect(free.status).toBe(201);
    const d = Discount.parse((await free.json()).data);
    expect(d).toMatchObject({ code: 'P100-DELIVERY', appliesTo: 'delivery', value: 100 });
    expect((await activityOf(d.discountId))[0]!.summary).toBe(
      'Created “100 off delivery” (code P100-DELIVERY, Free delivery).',
    );
  });

  it('answers 404 for a code saved to an unknown discount', async () => {
    expect((await admin.put(`/discounts/${randomUUID()}`, body(orderCode('NOBODY')))).status).toBe(404);
  });

  it('lets the catalogue role keep codes, and refuses fulfilment with 403', async () => {
    const catalogue = (await staffMember(ctx, 'catalogue')).call;
    expect((await catalogue.post('/discounts', body(orderCode('CATALOGUE1')))).status).toBe(201);
    const fulfilment = (await staffMember(ctx, 'fulfilment')).call;
    expect((await fulfilment.get('/discounts?q=CATALOGUE1')).status).toBe(403);
    const refused = await fulfilment.post('/discounts', body(orderCode('FULFIL1')));
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toContain('Your role (fulfilment) cannot change discounts.');
    expect(await ctx.database.db.select().from(discounts).where(eq(discounts.code, 'FULFIL1'))).toEqual([]);
  });
});
