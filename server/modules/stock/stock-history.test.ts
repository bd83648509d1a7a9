import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ActivityList, AdminProduct } from '../../../contract/admin';
import { StockAdjusted, StockHistory } from '../../../contract/admin-stock';
import { products, stockMovements, variants } from '../../db/schema';
import { asInput, createViaApi, ifMatch, productBody, variantBody } from '../../test/admin';
import {
  api,
  checkoutWith,
  checkoutBody,
  phoneEnding,
  servedContextForFile,
  shopper,
  staffMember,
  waitForOrder,
} from '../../test/shop';

// A variant's stock history explains every unit: the sample seed opens it, people adjust it with a
// reason (adding, never overwriting), checkout and payment retries sell, failed, expired and
// cancelled orders release, and a product save's absolute quantity is a stock count.

const ctx = servedContextForFile();
const db = () => ctx.database.db;

const owner = () => staffMember(ctx, 'owner', { name: 'Achieng Otieno' });

/** A seeded product's first variant with at least `min` units. */
async function seededVariant(min: number, skip = 0) {
  const rows = await db()
    .select({ variantId: variants.id, productId: products.id, quantity: variants.quantity })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(eq(variants.position, 0), sql`${variants.quantity} >= ${min}`, sql`${products.pid} like 'SKN-%'`),
    )
    .orderBy(asc(products.pid))
    .offset(skip)
    .limit(1);
  return rows[0]!;
}

const adjust = (call: ReturnType<typeof api>, variantId: string, body: unknown) =>
  call.post(`/admin/variants/${variantId}/adjustments`, body);

async function historyOf(call: ReturnType<typeof api>, variantId: string, query = '') {
  const res = await call.get(`/admin/variants/${variantId}/adjustments${query}`);
  expect(res.status).toBe(200);
  return StockHistory.parse(await res.json());
}

/** A shopper who checks out `quantity` of the product's first variant, paying from a phone ending so. */
async function buy(productId: string, quantity: number, ending: string) {
  const s = await shopper(ctx);
  const call = api(ctx, s.token);
  expect((await call.post('/cart', { item: { productId, quantity } })).status).toBe(200);
  const res = await checkoutWith(call, checkoutBody(phoneEnding(ending)));
  expect(res.status).toBe(201);
  const orderId: string = (await res.json()).data.orderId;
  return { token: s.token, orderId };
}

/** Every variant's movements add up to its stock, and the newest says the level it left. */
async function expectEveryUnitExplained() {
  const stock = await db().select({ id: variants.id, quantity: variants.quantity }).from(variants);
  // Newest first, as the history reads.
  const moves = await db()
    .select({
      variantId: stockMovements.variantId,
      change: stockMovements.change,
      levelAfter: stockMovements.levelAfter,
    })
    .from(stockMovements)
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id));
  const rows = stock.map((v) => {
    const own = moves.filter((m) => m.variantId === v.id);
    return { ...v, sum: own.reduce((n, m) => n + m.change, 0), last: own[0]?.levelAfter ?? null };
  });
  expect(rows.length).toBeGreaterThan(50);
  const unexplained = rows.filter((r) => r.sum !== r.quantity || r.last !== r.quantity);
  expect(unexplained).toEqual([]);
}

describe('the stock history', () => {
  it('explains every unit from the sample seed on: adjustments, sales, releases, a cancel and a product save', async () => {
    await expectEveryUnitExplained();
    const staff = await owner();
    const v = await seededVariant(20);

    // Goods received: +12, by the owner, with a note; the shop follows and the product's log says it.
    const received = await adjust(staff.call, v.variantId, {
      reason: 'goods_received',
      change: 12,
      note: 'Morning delivery',
    });
    expect(received.status).toBe(201);
    const adjusted = StockAdjusted.parse((await received.json()).data);
    expect(adjusted.movement).toMatchObject({
      kind: 'adjustment',
      reason: 'goods_received',
      change: 12,
      levelAfter: v.quantity + 12,
      actorName: 'Achieng Otieno',
      note: 'Morning delivery',
      orderId: null,
    });
    expect(adjusted.variant.quantity).toBe(v.quantity + 12);
    const log = ActivityList.parse(
      await (await staff.call.get(`/admin/activity?entity=product&id=${v.productId}`)).json(),
    );
    expect(log.data[0]).toMatchObject({ action: 'stock_adjusted', actorName: 'Achieng Otieno' });
    expect(log.data[0]!.summary).toMatch(/: \+12 \(goods received\), now \d+: Morning delivery$/);

    expect((await adjust(staff.call, v.variantId, { reason: 'damaged', change: -2 })).status).toBe(201);
    // A stock count: nothing is held, so the shelf count is the stock.
    const counted = await adjust(staff.call, v.variantId, {
      reason: 'stock_count',
      countedTo: v.quantity + 7,
    });
    expect(StockAdjusted.parse((await counted.json()).data).movement).toMatchObject({
      change: -3,
      levelAfter: v.quantity + 7,
    });

    // A sale that is paid and then cancelled by the shop; one whose payment fails.
    const paid = await buy(v.productId, 2, '00');
    await waitForOrder(ctx, paid.token, paid.orderId);
    const failed = await buy(v.productId, 1, '01');
    await waitForOrder(ctx, failed.token, failed.orderId, (o) => o.paymentStatus === 'failed');
    expect((await staff.call.patch(`/admin/orders/${paid.orderId}`, { status: 'cancelled' })).status).toBe(
      200,
    );

    const history = await historyOf(staff.call, v.variantId);
    expect(history.variant).toMatchObject({ variantId: v.variantId, quantity: v.quantity + 7, held: 0 });
    expect(history.data.map((m) => [m.kind, m.reason, m.change])).toEqual([
      ['release', null, 2],
      ['release', null, 1],
      ['sale', null, -1],
      ['sale', null, -2],
      ['adjustment', 'stock_count', -3],
      ['adjustment', 'damaged', -2],
      ['adjustment', 'goods_received', 12],
      ['opening', null, v.quantity],
    ]);
    const sale = history.data.find((m) => m.kind === 'sale' && m.change === -2)!;
    expect(sale.orderId).toBe(paid.orderId);
    expect(sale.orderNumber).toEqual(expect.any(Number));
    expect(history.data[0]!.levelAfter).toBe(v.quantity + 7);

    // Paged, newest first.
    const page = await historyOf(staff.call, v.variantId, '?limit=3&offset=6');
    expect(page.meta).toEqual({ total: 8, limit: 3, offset: 6 });
    expect(page.data.map((m) => m.kind)).toEqual(['adjustment', 'opening']);

    // A product save: without a quantity the stock stays; with one it is a stock count by the saver.
    const product = AdminProduct.parse(
      (await (await staff.call.get(`/admin/products/${v.productId}`)).json()).data,
    );
    const input = asInput(product);
    const kept = input.variants!.map(({ quantity: _q, ...rest }) => rest);
    const saved = await staff.call.put(
      `/products/${v.productId}`,
      { ...input, variants: kept },
      ifMatch(product.version),
    );
    expect(saved.status).toBe(200);
    const after = AdminProduct.parse((await saved.json()).data);
    expect(after.variants[0]!.quantity).toBe(v.quantity + 7);
    const recount = await staff.call.put(
      `/products/${v.productId}`,
      { ...input, variants: input.variants!.map((x, i) => (i === 0 ? { ...x, quantity: 5 } : x)) },
      ifMatch(after.version),
    );
    expect(recount.status).toBe(200);
    const latest = (await historyOf(staff.call, v.variantId)).data[0]!;
    expect(latest).toMatchObject({
      kind: 'adjustment',
      reason: 'stock_count',
      change: 5 - (v.quantity + 7),
      levelAfter: 5,
      actorName: 'Achieng Otieno',
    });

    // A new product opens each variant's history with its quantity.
    const created = await createViaApi(
      staff.call,
      productBody({
        variants: [variantBody({ name: 'Small', quantity: 4 }), variantBody({ name: 'Big', quantity: 0 })],
      }),
    );
    const opened = await historyOf(staff.call, created.variants[0]!.variantId);
    expect(opened.data.map((m) => [m.kind, m.change, m.levelAfter, m.actorName])).toEqual([
      ['opening', 4, 4, 'Achieng Otieno'],
    ]);

    await expectEveryUnitExplained();
  });

  it('refuses to take stock below what unpaid orders hold, naming the units held', async () => {
    const staff = await owner();
    const product = await createViaApi(staff.call, productBody({ variants: [variantBody({ quantity: 5 })] }));
    const variantId = product.variants[0]!.variantId;
    // Never answered (…09): the order waits for its payment and holds 3 units.
    await buy(product.productId, 3, '09');

    const refused = await adjust(staff.call, variantId, { reason: 'damaged', change: -5 });
    expect(refused.status).toBe(409);
    const body = await refused.json();
    expect(body.code).toBe('stock_held');
    expect(body.message).toMatch(
      /^Only 2 units can be taken away: 3 more are held by unpaid orders until they are paid or released\./,
    );
    const countedLow = await adjust(staff.call, variantId, { reason: 'stock_count', countedTo: 2 });
    expect(countedLow.status).toBe(409);
    expect((await countedLow.json()).message).toMatch(
      /^The count must be at least 3: 3 units are held by unpaid orders/,
    );

    // The shelf holds 4, 3 of them for the unpaid order: 1 is on sale.
    const counted = await adjust(staff.call, variantId, { reason: 'stock_count', countedTo: 4 });
    expect(counted.status).toBe(201);
    expect(StockAdjusted.parse((await counted.json()).data).variant).toMatchObject({ quantity: 1, held: 3 });
    expect((await historyOf(staff.call, variantId)).variant.held).toBe(3);
  });
});

describe('refusals', () => {
  it('answers 403 to a role without the permission, 400 to bad ids and bodies, 404 to unknown or removed variants', async () => {
    const staff = await owner();
    const fulfilment = await staffMember(ctx, 'fulfilment');
    const v = await seededVariant(1, 2);
    expect((await adjust(fulfilment.call, v.variantId, { reason: 'goods_received', change: 1 })).status).toBe(
      403,
    );
    expect((await fulfilment.call.get(`/admin/variants/${v.variantId}/adjustments`)).status).toBe(403);

    expect((await adjust(staff.call, 'not-a-uuid', { reason: 'goods_received', change: 1 })).status).toBe(
      400,
    );
    expect((await staff.call.get('/admin/variants/not-a-uuid/adjustments')).status).toBe(400);
    expect((await staff.call.get(`/admin/variants/${v.variantId}/adjustments?limit=0`)).status).toBe(400);
    expect((await adjust(staff.call, randomUUID(), { reason: 'goods_received', change: 1 })).status).toBe(
      404,
    );
    expect((await staff.call.get(`/admin/variants/${randomUUID()}/adjustments`)).status).toBe(404);

    const issues = async (body: unknown) => {
      const res = await adjust(staff.call, v.variantId, body);
      expect(res.status).toBe(400);
      return ((await res.json()).issues as { path: string; message: string }[]).map(
        (i) => `${i.path}: ${i.message}`,
      );
    };
    expect(await issues({ reason: 'stock_count', change: 1, countedTo: 3 })).toEqual([
      'countedTo: Give either the change or the count, not both.',
    ]);
    expect(await issues({ reason: 'goods_received', countedTo: 3 })).toEqual([
      'countedTo: Only a stock count gives the count.',
    ]);
    expect(await issues({ reason: 'goods_received', change: 0 })).toEqual([
      'change: Enter a change other than 0.',
    ]);
    expect(await issues({ reason: 'goods_received' })).toEqual([
      'change: Enter the change, or the count for a stock count.',
    ]);
    expect(await issues({ reason: 'stolen', change: 1 })).toEqual([
      'reason: Choose a reason: goods_received, stock_count, damaged, returned, correction.',
    ]);
    expect(await issues({ reason: 'correction', change: 1.5 })).toEqual([
      'change: Enter the change as a whole number.',
    ]);
    expect(await issues({ reason: 'correction', change: 1, note: 'x'.repeat(201) })).toEqual([
      'note: The note must be at most 200 characters.',
    ]);

    // A removed variant takes no adjustment (restore it first); its history stays readable.
    const product = await createViaApi(
      staff.call,
      productBody({ variants: [variantBody({ name: 'A' }), variantBody({ name: 'B' })] }),
    );
    const input = asInput(product);
    const removed = product.variants[1]!.variantId;
    expect(
      (
        await staff.call.put(
          `/products/${product.productId}`,
          { ...input, variants: input.variants!.slice(0, 1) },
          ifMatch(1),
        )
      ).status,
    ).toBe(200);
    expect((await adjust(staff.call, removed, { reason: 'goods_received', change: 1 })).status).toBe(404);
    expect((await historyOf(staff.call, removed)).data).toHaveLength(1);

    // A new variant in a product save needs its quantity.
    const noQuantity = await staff.call.put(
      `/products/${product.productId}`,
      {
        ...input,
        variants: [input.variants![0]!, { name: 'C', price: 10, isAvailable: true, attributes: [] }],
      },
      ifMatch(2),
    );
    expect(noQuantity.status).toBe(400);
    expect((await noQuantity.json()).issues).toEqual([
      expect.objectContaining({
        path: 'variants.1.quantity',
        message: 'A new variant needs its stock: enter how many are in stock.',
      }),
    ]);
  });
});
