import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SavedItems } from '../../../contract/saved-items';
import { savedItems, variants } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { api, createProduct, shopper } from '../../test/shop';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('saved items', () => {
  it('saves idempotently, lists newest first with current price, sale and stock, and unsaves', async () => {
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    const plain = await createProduct(ctx.database.db, {
      name: 'Avocado',
      variants: [{ name: 'Each', price: 40, quantity: 12 }],
    });
    const sale = await createProduct(ctx.database.db, {
      name: 'Honey',
      variants: [{ name: '500 g', price: 800, quantity: 0 }],
      discountPercent: 10,
    });
    expect((await call.get('/saved-items')).status).toBe(200);
    expect((await (await call.get('/saved-items')).json()).data).toMatchObject({ count: 0, rows: [] });

    const saved = await call.post('/saved-items', { productId: plain.productId });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toEqual({ productId: plain.productId, saved: true });
    expect((await call.post('/saved-items', { productId: plain.productId })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    await call.post('/saved-items', { productId: sale.productId });

    await ctx.database.db.update(variants).set({ price: 45 }).where(eq(variants.id, plain.variantIds[0]!));
    const { data } = await (await call.get('/saved-items')).json();
    expect(SavedItems.parse(data)).toEqual(data);
    expect(data.count).toBe(2);
    expect(data.rows.map((p: { name: string }) => p.name)).toEqual(['Honey', 'Avocado']);
    expect(data.rows[0].variants[0]).toMatchObject({
      price: 800,
      isAvailable: false,
      saleInfo: { onSale: true, discountedPrice: 720 },
    });
    expect(data.rows[1].variants[0]).toMatchObject({ price: 45, quantity: 12, isAvailable: true });
    expect(Object.keys(data.linked.discounts)).toHaveLength(1);

    const removed = await call.delete(`/saved-items/${plain.productId}`);
    expect((await removed.json()).data).toEqual({ productId: plain.productId, saved: false });
    expect((await call.delete(`/saved-items/${plain.productId}`)).status).toBe(200);
    expect((await (await call.get('/saved-items')).json()).data.count).toBe(1);
  });

  it('refuses unknown products, extra fields and other people', async () => {
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    expect((await call.post('/saved-items', { productId: randomUUID() })).status).toBe(404);
    expect((await call.post('/saved-items', { productId: 'nope' })).status).toBe(400);
    const p = await createProduct(ctx.database.db);
    expect((await call.post('/saved-items', { productId: p.productId, price: 1 })).status).toBe(400);
    await call.post('/saved-items', { productId: p.productId });
    const other = await shopper(ctx);
    expect((await (await api(ctx, other.token).get('/saved-items')).json()).data.count).toBe(0);
    expect((await api(ctx).get('/saved-items')).status).toBe(401);
    const admin = await shopper(ctx, 'admin');
    expect((await api(ctx, admin.token).get('/saved-items')).status).toBe(403);
  });

  it('keeps what the shopper saw when saving (the price paid then, stock), so the list shows what changed', async () => {
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    const { db } = ctx.database;
    const mango = await createProduct(db, {
      name: 'Apple Mango',
      variants: [{ name: 'Each', price: 200, quantity: 8 }],
      discountPercent: 10,
    });
    const honey = await createProduct(db, {
      name: 'Raw Honey',
      variants: [{ name: '500 g', price: 800, quantity: 0 }],
    });
    await call.post('/saved-items', { productId: mango.productId });
    await call.post('/saved-items', { productId: honey.productId });

    // Cheaper now, and the honey is back.
    await db.update(variants).set({ price: 150 }).where(eq(variants.id, mango.variantIds[0]!));
    await db.update(variants).set({ quantity: 4 }).where(eq(variants.id, honey.variantIds[0]!));
    // Saving again keeps the first snapshot: the news is about what the shopper chose to keep.
    await call.post('/saved-items', { productId: mango.productId });

    const { data } = await (await call.get('/saved-items')).json();
    expect(SavedItems.parse(data)).toEqual(data);
    expect(data.saved).toEqual([
      { productId: honey.productId, savedAt: expect.any(String), priceThen: 800, inStockThen: false },
      // 10 % off 200: the shopper saw 180.
      { productId: mango.productId, savedAt: expect.any(String), priceThen: 180, inStockThen: true },
    ]);
    expect(data.rows[1].variants[0].saleInfo).toEqual({ onSale: true, discountedPrice: 135 });

    // Unsaved and saved again, it starts from today's price.
    await call.delete(`/saved-items/${mango.productId}`);
    await call.post('/saved-items', { productId: mango.productId });
    const again = (await (await call.get('/saved-items')).json()).data;
    expect(again.saved[0]).toMatchObject({ productId: mango.productId, priceThen: 135, inStockThen: true });
  });

  it('says nothing of the moment of saving for items saved before the shop kept it', async () => {
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    const p = await createProduct(ctx.database.db);
    await call.post('/saved-items', { productId: p.productId });
    await ctx.database.db
      .update(savedItems)
      .set({ priceThen: null, inStockThen: null })
      .where(and(eq(savedItems.userId, s.id), eq(savedItems.productId, p.productId)));
    const { data } = await (await call.get('/saved-items')).json();
    expect(data.saved).toEqual([
      { productId: p.productId, savedAt: expect.any(String), priceThen: null, inStockThen: null },
    ]);
  });
});
