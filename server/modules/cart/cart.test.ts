import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cart, CART_LINES_MAX, CART_QUANTITY_MAX } from '../../../contract/cart';
import type { ProductList } from '../../../contract/catalogue';
import { cartItems, variants } from '../../db/schema';
import { createTestContext, recordingDb, type TestContext } from '../../test/harness';
import { deliveryFee } from '../../../contract/delivery';
import { api, createProduct, shopper, type TestProduct } from '../../test/shop';
import { deliverySettings } from '../delivery/service';
import { addCartItem, changeCartItem } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type CartBody = { data: Cart };
const cartOf = async (res: Response) => ((await res.json()) as CartBody).data;

async function freshShopper() {
  const s = await shopper(ctx);
  return { ...s, call: api(ctx, s.token) };
}

describe('the server cart', () => {
  let product: TestProduct;
  beforeAll(async () => {
    product = await createProduct(ctx.database.db, {
      name: 'Tilapia',
      variants: [
        { name: 'Small', price: 350, quantity: 5 },
        { name: 'Large', price: 600, quantity: 2 },
      ],
    });
  });

  it('writes without waiting for the disk only inside the write: the connection keeps synchronous commit', async () => {
    const { call } = await freshShopper();
    const setting = async () =>
      (
        (await ctx.database.db.execute(sql`show synchronous_commit`)) as unknown as {
          rows: { synchronous_commit: string }[];
        }
      ).rows[0]!.synchronous_commit;
    // PGlite has one connection: the one each write below went through.
    const added = await cartOf(
      await call.post('/cart', { item: { productId: product.productId, quantity: 1 } }),
    );
    expect(added.Items[0]!.quantity).toBe(1);
    expect(await setting()).toBe('on');
    const itemId = added.Items[0]!.itemId;
    expect((await cartOf(await call.patch(`/cart/${itemId}`, { quantity: 1 }))).Items[0]!.quantity).toBe(2);
    expect((await cartOf(await call.patch(`/cart/${itemId}`, { quantity: -1 }))).Items[0]!.quantity).toBe(1);
    expect((await cartOf(await call.delete(`/cart/${itemId}`))).Items).toEqual([]);
    expect(await setting()).toBe('on');
  });

  it('adds the first variant by default, merges by variant and prices from the server', async () => {
    const { call } = await freshShopper();
    let res = await call.post('/cart', { item: { productId: product.productId, quantity: 2 } });
    expect(res.status).toBe(200);
    let cart = await cartOf(res);
    expect(cart.Items).toHaveLength(1);
    expect(cart.Items[0]).toMatchObject({
      productId: product.productId,
      productPid: product.pid,
      variantId: product.variantIds[0],
      name: 'Tilapia',
      quantity: 2,
      price: 350,
      totalPrice: 700,
      stock: 5,
      available: true,
    });
    res = await call.post('/cart', { item: { productId: product.productId, quantity: 1 } });
    cart = await cartOf(res);
    expect(cart.Items).toHaveLength(1);
    expect(cart.Items[0]!.quantity).toBe(3);
    res = await call.post('/cart', {
      item: { productId: product.productId, variantId: product.variantIds[1], quantity: 1 },
    });
    cart = await cartOf(res);
    expect(cart.Items.map((i) => [i.variantId, i.quantity])).toEqual([
      [product.variantIds[0], 3],
      [product.variantIds[1], 1],
    ]);
    expect(cart).toMatchObject({ subtotal: 3 * 350 + 600, shippingRate: 0, total: 3 * 350 + 600 });
    expect(Cart.parse(cart)).toEqual(cart);
  });

  it("always shows today's price, sale included, whatever the price was when the item was added", async () => {
    const p = await createProduct(ctx.database.db, {
      variants: [{ name: '1 kg', price: 1000, quantity: 9 }],
    });
    const { call } = await freshShopper();
    await call.post('/cart', { item: { productId: p.productId, quantity: 2 } });
    await ctx.database.db.update(variants).set({ price: 1200 }).where(eq(variants.id, p.variantIds[0]!));
    let cart = await cartOf(await call.get('/cart'));
    expect(cart.Items[0]).toMatchObject({ price: 1200, totalPrice: 2400, onSale: false });
    const onSale = await createProduct(ctx.database.db, {
      variants: [{ name: '500 g', price: 1000, quantity: 9 }],
      discountPercent: 25,
    });
    await call.post('/cart', { item: { productId: onSale.productId, quantity: 3 } });
    cart = await cartOf(await call.get('/cart'));
    expect(cart.Items[1]).toMatchObject({ price: 750, originalPrice: 1000, onSale: true, totalPrice: 2250 });
    expect(cart.subtotal).toBe(2400 + 2250);
  });

  it('changes by +1 and -1, deletes at 1 and refuses more than the stock', async () => {
    const { call } = await freshShopper();
    const cart = await cartOf(
      await call.post('/cart', {
        item: { productId: product.productId, variantId: product.variantIds[1], quantity: 1 },
      }),
    );
    const itemId = cart.Items[0]!.itemId;
    expect((await cartOf(await call.patch(`/cart/${itemId}`, { quantity: 1 }))).Items[0]!.quantity).toBe(2);
    const above = await call.patch(`/cart/${itemId}`, { quantity: 1 });
    expect(above.status).toBe(400);
    expect((await above.json()).message).toMatch(
      /^Only 2 of Tilapia \(Large\) are in stock; your cart would have 3\./,
    );
    expect((await cartOf(await call.patch(`/cart/${itemId}`, { quantity: -1 }))).Items[0]!.quantity).toBe(1);
    expect((await cartOf(await call.patch(`/cart/${itemId}`, { quantity: -1 }))).Items).toEqual([]);
    expect((await call.patch(`/cart/${itemId}`, { quantity: -1 })).status).toBe(404);
  });

  it('refuses every bad quantity with a clear 400', async () => {
    const { call } = await freshShopper();
    for (const quantity of [0, -1, 1.5, '1e3', '2', 1e9, Number.MAX_SAFE_INTEGER + 2, null, true]) {
      const res = await call.post('/cart', { item: { productId: product.productId, quantity } });
      expect(res.status, `quantity ${String(quantity)}`).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('validation_failed');
      expect(body.issues[0].path).toBe('item.quantity');
    }
    const tooMany = await call.post('/cart', { item: { productId: product.productId, quantity: 6 } });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).message).toMatch(/Only 5 of Tilapia \(Small\) are in stock/);
    for (const quantity of [2, 0, 1.5, 'x']) {
      const res = await call.patch(`/cart/${randomUUID()}`, { quantity });
      expect(res.status, `patch ${String(quantity)}`).toBe(400);
    }
    expect((await cartOf(await call.get('/cart'))).Items).toEqual([]);
  });

  it('refuses unknown products and variants, a variant of another product and sold-out items', async () => {
    const { call } = await freshShopper();
    const other = await createProduct(ctx.database.db);
    const soldOut = await createProduct(ctx.database.db, {
      variants: [{ name: 'One', price: 90, quantity: 0 }],
    });
    const cases: [unknown, number, RegExp][] = [
      [{ productId: randomUUID(), quantity: 1 }, 404, /Product was not found/],
      [{ productId: product.productId, variantId: randomUUID(), quantity: 1 }, 404, /variant was not found/],
      [
        { productId: product.productId, variantId: other.variantIds[0], quantity: 1 },
        404,
        /not one of Tilapia/,
      ],
      [{ productId: soldOut.productId, quantity: 1 }, 400, /is out of stock/],
      [{ productId: 'not-a-uuid', quantity: 1 }, 400, /productId/],
    ];
    for (const [item, status, message] of cases) {
      const res = await call.post('/cart', { item });
      expect(res.status, JSON.stringify(item)).toBe(status);
      expect((await res.json()).message).toMatch(message);
    }
  });

  it('refuses prices or any other field the client adds (strict bodies)', async () => {
    const { call } = await freshShopper();
    const tampered = [
      { item: { productId: product.productId, quantity: 1, price: 1 } },
      { item: { productId: product.productId, quantity: 1, totalPrice: 1 } },
      { item: { productId: product.productId, quantity: 1 }, price: 1 },
      { item: { productId: product.productId, quantity: 1 }, shippingRate: 0 },
    ];
    for (const body of tampered) {
      const res = await call.post('/cart', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).code).toBe('validation_failed');
    }
    const patched = await call.post('/cart', { item: { productId: product.productId, quantity: 1 } });
    const itemId = (await cartOf(patched)).Items[0]!.itemId;
    expect((await call.patch(`/cart/${itemId}`, { quantity: 1, price: 1 })).status).toBe(400);
    expect((await cartOf(await call.get('/cart'))).Items[0]).toMatchObject({ quantity: 1, price: 350 });
  });

  it("treats another shopper's item as not found", async () => {
    const a = await freshShopper();
    const b = await freshShopper();
    const itemId = (
      await cartOf(await a.call.post('/cart', { item: { productId: product.productId, quantity: 1 } }))
    ).Items[0]!.itemId;
    expect((await b.call.patch(`/cart/${itemId}`, { quantity: 1 })).status).toBe(404);
    expect((await b.call.patch(`/cart/${itemId}`, { quantity: -1 })).status).toBe(404);
    expect((await b.call.delete(`/cart/${itemId}`)).status).toBe(404);
    expect((await cartOf(await a.call.get('/cart'))).Items[0]!.quantity).toBe(1);
    expect((await cartOf(await a.call.delete(`/cart/${itemId}`))).Items).toEqual([]);
  });

  it('pushes a guest line once per local item id, however often it is sent, and merges with the cart', async () => {
    const { call } = await freshShopper();
    await call.post('/cart', { item: { productId: product.productId, quantity: 1 } });
    const push = { item: { productId: product.productId, quantity: 2, localItemId: 'local-1700000000-abc' } };
    const first = await cartOf(await call.post('/cart', push));
    expect(first.Items[0]!.quantity).toBe(3);
    const again = await cartOf(await call.post('/cart', push));
    expect(again.Items[0]!.quantity).toBe(3);
    // A second tab pushing it at the same moment: cart.race.test.ts.
    // Another local line of the same product is a different push.
    const other = await cartOf(
      await call.post('/cart', {
        item: { productId: product.productId, quantity: 1, localItemId: 'local-2' },
      }),
    );
    expect(other.Items[0]!.quantity).toBe(4);
  });

  it('does not remember a push that failed, so it can be sent again once it fits', async () => {
    const { call } = await freshShopper();
    const push = {
      item: {
        productId: product.productId,
        variantId: product.variantIds[1],
        quantity: 3,
        localItemId: 'l-9',
      },
    };
    expect((await call.post('/cart', push)).status).toBe(400);
    const fits = { item: { ...push.item, quantity: 2 } };
    expect((await cartOf(await call.post('/cart', fits))).Items[0]!.quantity).toBe(2);
  });

  it('gives the delivery fee for an area or a point and refuses bad places', async () => {
    const { call } = await freshShopper();
    await call.post('/cart', { item: { productId: product.productId, quantity: 1 } });
    const settings = deliverySettings(ctx.env);
    const westlands = await cartOf(await call.get('/cart?deliveryAreaId=westlands'));
    expect(westlands.shippingRate).toBe(deliveryFee({ lat: -1.2676, lng: 36.8108 }, settings));
    expect(westlands.total).toBe(westlands.subtotal + westlands.shippingRate);
    const kitengela = await cartOf(await call.get('/cart?deliveryAreaId=kitengela'));
    expect(kitengela.shippingRate).toBeGreaterThan(westlands.shippingRate);
    const point = await cartOf(await call.get('/cart?lat=-1.3190&lng=36.7073'));
    expect(point.shippingRate).toBe(deliveryFee({ lat: -1.319, lng: 36.7073 }, settings));
    for (const query of [
      'deliveryAreaId=atlantis',
      'deliveryAreaId=Westlands!',
      'lat=-1.3',
      'lat=51.5&lng=-0.12',
      'lat=-1.3&lng=36.8&deliveryAreaId=karen',
      'lat=1e1&lng=36',
      'lat=abc&lng=36',
    ]) {
      const res = await call.get(`/cart?${query}`);
      expect(res.status, query).toBe(400);
    }
    const outside = await call.get('/cart?lat=51.5&lng=-0.12');
    expect((await outside.json()).message).toMatch(/only deliver within Kenya/);
  });

  it('is for signed-in shoppers only: 401 without a token, 403 for an admin', async () => {
    expect((await api(ctx).get('/cart')).status).toBe(401);
    const admin = await shopper(ctx, 'admin');
    const res = await api(ctx, admin.token).get('/cart');
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/^Admins get no cart/);
    expect(
      (await api(ctx, admin.token).post('/cart', { item: { productId: product.productId, quantity: 1 } }))
        .status,
    ).toBe(403);
  });
});

describe('the guest cart quote', () => {
  const quote = (items: unknown, token?: string) => api(ctx, token).post('/cart/quote', { items });
  let product: TestProduct;
  beforeAll(async () => {
    product = await createProduct(ctx.database.db, {
      name: 'Quoted tilapia',
      variants: [
        { name: 'Small', price: 400, quantity: 3 },
        { name: 'Large', price: 700, quantity: 0 },
      ],
      discountPercent: 25,
    });
  });
  const line = (over: Record<string, unknown> = {}) => ({
    itemId: `${product.productId}:${product.variantIds[0]}`,
    productId: product.productId,
    variantId: product.variantIds[0],
    quantity: 2,
    ...over,
  });

  it('prices the lines a guest keeps in the browser exactly as the server cart, in one call, for anyone', async () => {
    const res = await quote([line()]);
    expect(res.status).toBe(200);
    const cart = Cart.parse(((await res.json()) as CartBody).data);
    expect(cart).toMatchObject({ shippingRate: 0, subtotal: 600, total: 600, missing: [] });
    expect(cart.Items[0]).toMatchObject({
      itemId: line().itemId,
      name: 'Quoted tilapia',
      variantName: 'Small',
      price: 300,
      originalPrice: 400,
      onSale: true,
      totalPrice: 600,
      stock: 3,
      available: true,
    });
    // The same lines in a signed-in shopper's cart answer the same view.
    const { call } = await freshShopper();
    const server = await cartOf(
      await call.post('/cart', { item: { productId: product.productId, quantity: 2 } }),
    );
    const { itemId: _a, ...quoted } = cart.Items[0]!;
    const { itemId: _b, ...stored } = server.Items[0]!;
    expect(quoted).toEqual(stored);
    // Signed-in shoppers and admins may ask too: it stores nothing.
    const admin = await shopper(ctx, 'admin');
    expect((await quote([line()], admin.token)).status).toBe(200);
  });

  it('says which lines are above the stock and which are no longer sold, and keeps the order', async () => {
    const other = await createProduct(ctx.database.db, {
      variants: [{ name: 'One', price: 50, quantity: 9 }],
    });
    const res = await quote([
      line({ itemId: 'sold-out', variantId: product.variantIds[1], quantity: 1 }),
      line({ itemId: 'too-many', quantity: 5 }),
      line({ itemId: 'gone', variantId: randomUUID() }),
      line({ itemId: 'wrong-product', variantId: other.variantIds[0] }),
      { itemId: 'fine', productId: other.productId, variantId: other.variantIds[0], quantity: 1 },
    ]);
    const cart = ((await res.json()) as CartBody).data;
    expect(cart.Items.map((i) => [i.itemId, i.available, i.stock])).toEqual([
      ['sold-out', false, 0],
      ['too-many', false, 3],
      ['fine', true, 9],
    ]);
    expect(cart.missing).toEqual(['gone', 'wrong-product']);
    expect(cart.subtotal).toBe(cart.Items.reduce((sum, i) => sum + i.totalPrice, 0));
  });

  it('names the variant attributes and the first category, as the product card does', async () => {
    const list = (await (await ctx.request('/api/v2/products?limit=100&sort=name')).json()) as ProductList;
    const withBoth = list.data.find((p) => p.variants[0]!.attributes.length > 1 && p.categoryIds.length > 0)!;
    const variant = withBoth.variants[0]!;
    const res = await quote([
      { itemId: 'a', productId: withBoth.productId, variantId: variant.variantId, quantity: 1 },
    ]);
    const [item] = ((await res.json()) as CartBody).data.Items;
    expect(item!.categoryId).toBe(withBoth.categoryIds[0]);
    expect(item!.attributes).toEqual(
      variant.attributes.map((a) => ({ name: list.linked.attributes[a.attributeId]!.name, value: a.value })),
    );
    expect(item!.image).toBe(list.linked.images[withBoth.imageIds[0]!]!.urls.thumb);
  });

  it('refuses bad lines with a 400 naming them', async () => {
    const cases: [unknown, string][] = [
      [[line({ quantity: 0 })], 'items.0.quantity'],
      [[line({ quantity: 1.5 })], 'items.0.quantity'],
      [[line({ productId: 'nope' })], 'items.0.productId'],
      [[line({ itemId: 'a b' })], 'items.0.itemId'],
      [[line({ price: 1 })], 'items.0'],
      [[line(), line()], 'items'],
      [Array.from({ length: CART_LINES_MAX + 1 }, (_, i) => line({ itemId: `l${i}` })), 'items'],
      ['everything', 'items'],
    ];
    for (const [items, path] of cases) {
      const res = await quote(items);
      expect(res.status, JSON.stringify(items).slice(0, 80)).toBe(400);
      const body = (await res.json()) as { issues: { path: string }[] };
      expect(body.issues.map((i) => i.path)).toContain(path);
    }
  });
});

describe('the write path', () => {
  const linesOf = (userId: string) =>
    ctx.database.db
      .select({ variantId: cartItems.variantId, quantity: cartItems.quantity, id: cartItems.id })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));

  it('applies an allowed add, +1 or -1 in one statement', async () => {
    const { id: userId } = await freshShopper();
    const p = await createProduct(ctx.database.db, { variants: [{ name: 'One', price: 100, quantity: 5 }] });
    const { db, statements } = recordingDb(ctx.database);
    await addCartItem(db, userId, { item: { productId: p.productId, quantity: 2 } });
    expect(statements.length).toBe(1);
    await addCartItem(db, userId, {
      item: { productId: p.productId, variantId: p.variantIds[0], quantity: 1 },
    });
    expect(statements.length).toBe(2);
    const [line] = await linesOf(userId);
    expect(line!.quantity).toBe(3);
    await changeCartItem(db, userId, line!.id, 1);
    await changeCartItem(db, userId, line!.id, -1);
    expect(statements.length).toBe(4);
    expect((await linesOf(userId))[0]!.quantity).toBe(3);
    // Past the stock, the transactional path answers with its error and changes nothing.
    await expect(
      addCartItem(db, userId, { item: { productId: p.productId, quantity: 3 } }),
    ).rejects.toMatchObject({
      code: 'not_enough_stock',
    });
    await changeCartItem(db, userId, line!.id, 1);
    await changeCartItem(db, userId, line!.id, 1);
    await expect(changeCartItem(db, userId, line!.id, 1)).rejects.toMatchObject({ code: 'not_enough_stock' });
    expect((await linesOf(userId))[0]!.quantity).toBe(5);
  });

  it('never falls back to another variant when the first one is sold out', async () => {
    const { id: userId, call } = await freshShopper();
    const p = await createProduct(ctx.database.db, {
      variants: [
        { name: 'Small', price: 100, quantity: 0 },
        { name: 'Large', price: 200, quantity: 5 },
      ],
    });
    const res = await call.post('/cart', { item: { productId: p.productId, quantity: 1 } });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('out_of_stock');
    expect(await linesOf(userId)).toEqual([]);
  });

  it('still merges into a line of a full cart, and refuses a new line there', async () => {
    const { id: userId, call } = await freshShopper();
    const p = await createProduct(ctx.database.db, {
      variants: Array.from({ length: CART_LINES_MAX + 1 }, (_, i) => ({
        name: `V${i}`,
        price: 10,
        quantity: 50,
      })),
    });
    await ctx.database.db
      .insert(cartItems)
      .values(
        p.variantIds
          .slice(0, CART_LINES_MAX)
          .map((variantId) => ({ userId, productId: p.productId, variantId, quantity: 1 })),
      );
    const merged = await call.post('/cart', {
      item: { productId: p.productId, variantId: p.variantIds[0], quantity: 2 },
    });
    expect(merged.status).toBe(200);
    const full = await call.post('/cart', {
      item: { productId: p.productId, variantId: p.variantIds[CART_LINES_MAX], quantity: 1 },
    });
    expect(full.status).toBe(400);
    expect((await full.json()).code).toBe('cart_full');
    const lines = await linesOf(userId);
    expect(lines).toHaveLength(CART_LINES_MAX);
    expect(lines.find((l) => l.variantId === p.variantIds[0])!.quantity).toBe(3);
  });

  it('caps a line at the most units a line holds, whatever the stock', async () => {
    const { id: userId } = await freshShopper();
    const p = await createProduct(ctx.database.db, {
      variants: [{ name: 'Bulk', price: 10, quantity: CART_QUANTITY_MAX + 10 }],
    });
    await addCartItem(ctx.database.db, userId, {
      item: { productId: p.productId, quantity: CART_QUANTITY_MAX },
    });
    await expect(
      addCartItem(ctx.database.db, userId, { item: { productId: p.productId, quantity: 1 } }),
    ).rejects.toMatchObject({ status: 400 });
    const [line] = await linesOf(userId);
    await expect(changeCartItem(ctx.database.db, userId, line!.id, 1)).rejects.toMatchObject({ status: 400 });
    expect((await linesOf(userId))[0]!.quantity).toBe(CART_QUANTITY_MAX);
  });
});
