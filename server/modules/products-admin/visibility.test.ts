import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../contract/admin';
import { categories, orderItems, orders } from '../../db/schema';
import {
  adminApi,
  asInput,
  createViaApi,
  ifMatch,
  productBody,
  variantBody,
  type AdminApi,
} from '../../test/admin';
import { cacheInstance, changed, detail, type CacheInstance } from '../../test/catalogue-cache';
import { createTestContext, type TestContext } from '../../test/harness';
import { api, checkoutBody,
  checkoutWith, idempotencyKey, phoneEnding, shopper } from '../../test/shop';

/*
 * The rule of the back office, route by route: a hidden or archived product, and an archived
 * variant, is never served to shoppers; restoring brings everything back; past orders never change.
 * One product walks through visible → hidden → shown → archived → restored, and the shopper's every
 * route is asked about it at each step.
 */

let ctx: TestContext;
let admin: AdminApi;
let customer: Awaited<ReturnType<typeof shopper>>;
let shop: ReturnType<typeof api>;
let guest: ReturnType<typeof api>;
let categoryId: string;
let product: AdminProduct;
let word: string;
let cartLineId: string;
let orderId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = adminApi(ctx, (await shopper(ctx, 'admin')).token);
  customer = await shopper(ctx);
  shop = api(ctx, customer.token);
  guest = api(ctx);
  // A category of its own, so its list and count hold this product alone.
  const slug = `visibility-${randomBytes(4).toString('hex')}`;
  const [category] = await ctx.database.db
    .insert(categories)
    .values({ slug, name: 'Visibility', icon: 'mdiFish', color: 'blue', position: 99 })
    .returning({ id: categories.id });
  categoryId = category!.id;
  // A made-up word only this product's name holds, for search.
  word = `Zyx${randomBytes(3).toString('hex').replace(/\d/g, 'q')}`;
  product = await createViaApi(
    admin,
    productBody({
      name: `${word} tilapia`,
      categoryIds: [categoryId],
      variants: [
        variantBody({ name: 'Small', price: 300, quantity: 5 }),
        variantBody({ name: 'Large', price: 600, quantity: 5 }),
      ],
    }),
  );
  const added = await shop.post('/cart', {
    item: { productId: product.productId, variantId: product.variants[0]!.variantId, quantity: 1 },
  });
  expect(added.status).toBe(200);
  cartLineId = (await added.json()).data.Items[0].itemId;
  expect((await shop.post('/saved-items', { productId: product.productId })).status).toBe(200);
  orderId = await pastOrder();
});
afterAll(() => ctx.close());

/** An order placed before any of this, written as checkout froze it. */
async function pastOrder(): Promise<string> {
  const [order] = await ctx.database.db
    .insert(orders)
    .values({
      userId: customer.id,
      idempotencyKey: randomUUID(),
      requestHash: 'x',
      subtotal: 600,
      shippingRate: 100,
      total: 700,
      phone: '254712345678',
      address: 'Mpaka Road',
      lat: -1.26,
      lng: 36.8,
    })
    .returning({ id: orders.id });
  await ctx.database.db.insert(orderItems).values({
    orderId: order!.id,
    productId: product.productId,
    variantId: product.variants[0]!.variantId,
    productPid: product.pid,
    name: product.name,
    variantName: 'Small',
    unitPrice: 300,
    quantity: 2,
    totalPrice: 600,
  });
  return order!.id;
}

const json = async (res: Response | Promise<Response>) => (await res).json();
const quoteLine = (variantIndex = 0) => ({
  items: [
    {
      itemId: 'guest-line-1',
      productId: product.productId,
      variantId: product.variants[variantIndex]!.variantId,
      quantity: 1,
    },
  ],
});

/** What each shopper route shows of the product now. */
async function whatShoppersSee() {
  const list = await json(ctx.request(`/api/v2/products?categoryId=${categoryId}`));
  const cats = await json(guest.get('/categories'));
  const detail = await guest.get(`/products/${product.productId}`);
  const found = await json(guest.get(`/search/orama?q=${word}`));
  const cart = (await json(shop.get('/cart'))).data;
  const quote = (await json(guest.post('/cart/quote', quoteLine()))).data;
  const saved = (await json(shop.get('/saved-items'))).data;
  return {
    listed: list.data.map((p: { productId: string }) => p.productId),
    total: list.meta.total,
    count: cats.data.rows.find((c: { categoryId: string }) => c.categoryId === categoryId).productCount,
    detail: detail.status,
    searched: found.data.map((r: { id: string }) => r.id),
    cartItems: cart.Items.map((i: { itemId: string }) => i.itemId),
    cartMissing: cart.missing,
    cartTotal: cart.total,
    quoted: quote.Items.length,
    quoteMissing: quote.missing,
    saved: saved.rows.map((p: { productId: string }) => p.productId),
  };
}

const seen = () => ({
  listed: [product.productId],
  total: 1,
  count: 1,
  detail: 200,
  searched: [product.productId],
  cartItems: [cartLineId],
  cartMissing: [],
  cartTotal: 300,
  quoted: 1,
  quoteMissing: [],
  saved: [product.productId],
});
const unseen = () => ({
  listed: [],
  total: 0,
  count: 0,
  detail: 404,
  searched: [],
  cartItems: [],
  cartMissing: [cartLineId],
  cartTotal: 0,
  quoted: 0,
  quoteMissing: ['guest-line-1'],
  saved: [],
});

/** The refusals a shopper meets for a product the shop does not sell. */
async function expectRefusedEverywhere() {
  const add = await shop.post('/cart', { item: { productId: product.productId, quantity: 1 } });
  expect(add.status).toBe(404);
  const addVariant = await shop.post('/cart', {
    item: { productId: product.productId, variantId: product.variants[1]!.variantId, quantity: 1 },
  });
  expect(addVariant.status).toBe(404);
  expect((await shop.post('/saved-items', { productId: product.productId })).status).toBe(404);
  const checkout = await checkoutWith(shop, checkoutBody(phoneEnding('00')), idempotencyKey());
  expect(checkout.status).toBe(409);
  expect(await checkout.json()).toMatchObject({
    code: 'out_of_stock',
    message: expect.stringContaining('is no longer sold'),
  });
}

async function expectPastOrderUntouched() {
  const { data } = await json(shop.get(`/orders/${orderId}`));
  expect(data.total).toBe(700);
  expect(data.items).toEqual([
    expect.objectContaining({
      name: product.name,
      variantName: 'Small',
      price: 300,
      quantity: 2,
      totalPrice: 600,
    }),
  ]);
}

describe('a product shoppers may not see', () => {
  it('is served everywhere while visible', async () => {
    expect(await whatShoppersSee()).toEqual(seen());
  });

  it('leaves every shopper route when hidden, and comes back when shown', async () => {
    expect((await admin.patch(`/products/${product.productId}`, { hidden: true })).status).toBe(200);
    expect(await whatShoppersSee()).toEqual(unseen());
    await expectRefusedEverywhere();
    await expectPastOrderUntouched();
    // The admin still sees it.
    expect((await admin.get(`/admin/products/${product.productId}`)).status).toBe(200);

    expect((await admin.patch(`/products/${product.productId}`, { hidden: false })).status).toBe(200);
    expect(await whatShoppersSee()).toEqual(seen());
  });

  it('leaves every shopper route when archived, and an archived product restored comes back', async () => {
    expect((await admin.delete(`/products/${product.productId}`)).status).toBe(200);
    expect(await whatShoppersSee()).toEqual(unseen());
    await expectRefusedEverywhere();
    await expectPastOrderUntouched();

    expect((await admin.patch(`/products/${product.productId}`, { archived: false })).status).toBe(200);
    expect(await whatShoppersSee()).toEqual(seen());
    await expectPastOrderUntouched();
  });
});

describe('an archived variant', () => {
  it('leaves the product page, the cart and the quote, cannot be added, and comes back when restored', async () => {
    const current: AdminProduct = (await json(admin.get(`/admin/products/${product.productId}`))).data;
    const [small, large] = current.variants;
    const onlyLarge = asInput(current, { variants: asInput(current).variants.slice(1) });
    const saved = await admin.put(`/products/${product.productId}`, onlyLarge, ifMatch(current.version));
    expect(saved.status).toBe(200);

    const detail = (await json(guest.get(`/products/${product.productId}`))).data;
    expect(detail.variants.map((v: { variantId: string }) => v.variantId)).toEqual([large!.variantId]);
    const cart = (await json(shop.get('/cart'))).data;
    expect(cart).toMatchObject({ Items: [], missing: [cartLineId], total: 0 });
    expect((await json(guest.post('/cart/quote', quoteLine(0)))).data.missing).toEqual(['guest-line-1']);
    expect((await json(guest.post('/cart/quote', quoteLine(1)))).data.Items).toHaveLength(1);
    const add = await shop.post('/cart', {
      item: { productId: product.productId, variantId: small!.variantId, quantity: 1 },
    });
    expect(add.status).toBe(404);
    // The product's first variant is now Large: an add without a variant takes it.
    const addDefault = await shop.post('/cart', { item: { productId: product.productId, quantity: 1 } });
    expect(addDefault.status).toBe(200);
    const afterAdd = (await addDefault.json()).data;
    expect(afterAdd.Items.map((i: { variantName: string }) => i.variantName)).toEqual(['Large']);
    await expectPastOrderUntouched();

    const back = (await json(admin.get(`/admin/products/${product.productId}`))).data as AdminProduct;
    const restored = await admin.put(
      `/products/${product.productId}`,
      asInput(back, { variants: [{ ...asInput(current).variants[0]! }, ...asInput(back).variants] }),
      ifMatch(back.version),
    );
    expect(restored.status).toBe(200);
    const cartBack = (await json(shop.get('/cart'))).data;
    expect(cartBack.missing).toEqual([]);
    expect(cartBack.Items.map((i: { variantName: string }) => i.variantName)).toEqual(['Small', 'Large']);
  });
});

describe('availability', () => {
  it('is the admin switch and stock together, in the catalogue, search and the cart', async () => {
    const current: AdminProduct = (await json(admin.get(`/admin/products/${product.productId}`))).data;
    const off = asInput(current, {
      variants: asInput(current).variants.map((v) => ({ ...v, isAvailable: false })),
    });
    expect((await admin.put(`/products/${product.productId}`, off, ifMatch(current.version))).status).toBe(
      200,
    );

    const detail = (await json(guest.get(`/products/${product.productId}`))).data;
    expect(
      detail.variants.map((v: { quantity: number; isAvailable: boolean }) => [v.quantity > 0, v.isAvailable]),
    ).toEqual([
      [true, false],
      [true, false],
    ]);
    const [result] = (await json(guest.get(`/search/orama?q=${word}`))).data;
    expect(result).toMatchObject({ id: product.productId, available: false });
    const cart = (await json(shop.get('/cart'))).data;
    expect(cart.Items.map((i: { stock: number; available: boolean }) => [i.stock, i.available])).toEqual([
      [0, false],
      [0, false],
    ]);
    const more = await shop.post('/cart', { item: { productId: product.productId, quantity: 1 } });
    expect(more.status).toBe(400);
    expect((await more.json()).code).toBe('out_of_stock');
    const checkout = await checkoutWith(shop, checkoutBody(phoneEnding('00')), idempotencyKey());
    expect(checkout.status).toBe(409);
    expect((await checkout.json()).code).toBe('out_of_stock');
  });
});

describe('another instance', () => {
  let other: CacheInstance;
  beforeAll(async () => {
    // A second API instance over the same database, with its catalogue cache warm: it hears of the
    // admin's writes only by the database's notifications.
    other = await cacheInstance(ctx.database);
  });
  afterAll(() => other.close());

  it('serves a new price and then the hiding at once, from a warm cache', async () => {
    const current = (await json(admin.get(`/admin/products/${product.productId}`))).data as AdminProduct;
    const price = current.variants[0]!.price + 50;
    expect((await detail(other, product.productId)).variants[0]!.price).toBe(current.variants[0]!.price);
    expect(await other.queriesDuring(() => detail(other, product.productId))).toBe(0);

    const ms = await changed(other, () =>
      admin.put(
        `/products/${product.productId}`,
        asInput(current, {
          variants: asInput(current).variants.map((v, i) => (i === 0 ? { ...v, price } : v)),
        }),
        ifMatch(current.version),
      ),
    );
    expect(ms).toBeLessThan(1_000);
    expect((await detail(other, product.productId)).variants[0]!.price).toBe(price);

    await changed(other, () => admin.patch(`/products/${product.productId}`, { hidden: true }));
    expect((await other.request(`/v1/products/${product.productId}`)).status).toBe(404);
    await changed(other, () => admin.patch(`/products/${product.productId}`, { hidden: false }));
    expect((await other.request(`/v1/products/${product.productId}`)).status).toBe(200);
  });
});
