import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE_TAKEN, Discount, type DiscountBodyInput } from '../../../contract/discounts';
import { cartItems, discountProducts, discounts, orderDiscounts } from '../../db/schema';
import { dbKind, eventually, raceEngine, someoneWaitsForALock } from '../../test/harness';
import {
  api,
  checkoutBody,
  checkoutWith,
  shownFor,
  createProduct,
  idempotencyKey,
  orderOf,
  phoneEnding,
  servedContextForFile,
  shopper,
  stockOf,
  waitForOrder,
} from '../../test/shop';
import { OfferEndedError, releaseOrderStock, takeOrderStock } from '../stock/service';

// Usage limits under concurrency (see raceEngine), over real HTTP with the Daraja simulator.

const ctx = servedContextForFile();

/** A product of 500 KSH with a 20 % discount limited to `usageLimit` uses, and its ids. */
async function limitedSale(usageLimit: number | null, stock = 10) {
  const { db } = ctx.database;
  const product = await createProduct(db, { variants: [{ name: 'Kg', price: 500, quantity: stock }] });
  const [d] = await db
    .insert(discounts)
    .values({
      name: 'Flash sale',
      kind: 'percentage',
      value: 20,
      usageLimit,
      startsAt: new Date(Date.now() - 60_000),
    })
    .returning({ id: discounts.id });
  await db.insert(discountProducts).values({ discountId: d!.id, productId: product.productId });
  return { product, discountId: d!.id };
}

async function shoppersWithIt(n: number, product: { productId: string; variantIds: string[] }) {
  const shoppers = await Promise.all(Array.from({ length: n }, () => shopper(ctx)));
  await ctx.database.db.insert(cartItems).values(
    shoppers.map((s) => ({
      userId: s.id,
      productId: product.productId,
      variantId: product.variantIds[0]!,
      quantity: 1,
    })),
  );
  return shoppers;
}

const usesTaken = async (discountId: string) => {
  const [row] = await ctx.database.db
    .select({ n: discounts.redemptions })
    .from(discounts)
    .where(eq(discounts.id, discountId));
  return row!.n;
};

describe(`discount usage limits (${raceEngine})`, () => {
  it('gives the last use to exactly one of two shoppers checking out at once; the other gets a clean 409', async () => {
    const { product, discountId } = await limitedSale(1);
    const shoppers = await shoppersWithIt(2, product);
    // Both pages show the sale price before either shopper presses Pay.
    const bodies = await Promise.all(
      shoppers.map(async (s) => {
        const body = checkoutBody(phoneEnding('01'));
        return { ...body, shown: await shownFor(api(ctx, s.token), body) };
      }),
    );
    expect(bodies.map((b) => b.shown.total)).toEqual([bodies[0]!.shown.total, bodies[0]!.shown.total]);
    const answers = await Promise.all(
      shoppers.map((s, i) => checkoutWith(api(ctx, s.token), bodies[i], idempotencyKey())),
    );
    // Both read the sale price before either took the use. Run at once (PostgreSQL), the one that
    // takes the use second is refused with a clean 409 `offer_ended` (or `price_changed` when it
    // priced after the use was gone); one after the other (PGlite),
    // the second re-prices after the use is gone and, its page having shown the sale price, is
    // refused with 409 `price_changed`. Never two at the sale price, never one charged more than shown.
    const placed = await Promise.all(
      answers.map(async (r, i) => ({ status: r.status, body: await r.json(), shopper: shoppers[i]! })),
    );
    const orders = await Promise.all(
      placed.filter((p) => p.status === 201).map((p) => orderOf(ctx, p.shopper.token, p.body.data.orderId)),
    );
    const atSale = orders.filter((o) => o.items[0]!.price === 400);
    expect(atSale).toHaveLength(1);
    for (const other of placed.filter((p) => p.status !== 201)) {
      expect(other.status).toBe(409);
      if (other.body.code === 'offer_ended')
        expect(other.body.message).toContain('“Flash sale” has just ended');
      else expect(other.body.code).toBe('price_changed');
      if (dbKind === 'pglite') expect(other.body.code).toBe('price_changed');
    }
    expect(orders.map((o) => o.items[0]!.price)).toEqual([400]);
    expect(await usesTaken(discountId)).toBe(1);
    expect(await stockOf(ctx.database.db, product.variantIds[0]!)).toBe(10 - orders.length);
    const order = atSale[0]!;
    const winner = placed.find((p) => p.status === 201 && p.body.data.orderId === order.orderId)!.shopper;

    // The winner cancels the prompt (phone ending 01): units and the use go back, once.
    await waitForOrder(ctx, winner.token, order.orderId, (o) => o.paymentStatus === 'failed');
    expect(await usesTaken(discountId)).toBe(0);
    // Given back exactly once: settling it again changes nothing.
    const again = await ctx.database.db.transaction((tx) => releaseOrderStock(tx, order.orderId));
    expect(again).toBe(false);
    expect(await usesTaken(discountId)).toBe(0);
    const held = await ctx.database.db
      .select()
      .from(orderDiscounts)
      .where(eq(orderDiscounts.orderId, order.orderId));
    expect(held).toHaveLength(1);
  });

  it('counts a paid order as a redemption in the list', async () => {
    const { product, discountId } = await limitedSale(3);
    const [s] = await shoppersWithIt(1, product);
    const res = await checkoutWith(api(ctx, s!.token), checkoutBody(phoneEnding('00')), idempotencyKey());
    expect(res.status).toBe(201);
    const order = (await res.json()).data;
    await waitForOrder(ctx, s!.token, order.orderId);
    const admin = api(ctx, (await shopper(ctx, 'admin')).token);
    const d = Discount.parse((await (await admin.get(`/discounts/${discountId}`)).json()).data);
    expect(d).toMatchObject({ redemptions: 1, usesTaken: 1, usageLimit: 3, state: 'active' });
  });

  it('never charges a stale sale price when the discount is paused during checkout', async () => {
    const { product, discountId } = await limitedSale(null);
    const [s] = await shoppersWithIt(1, product);
    const call = api(ctx, s!.token);
    expect((await (await call.get('/cart')).json()).data.Items[0]).toMatchObject({ price: 400 });

    // Paused after the checkout read its prices: the conditional take refuses, nothing is taken.
    await ctx.database.db.update(discounts).set({ active: false }).where(eq(discounts.id, discountId));
    await expect(
      ctx.database.db.transaction((tx) =>
        takeOrderStock(tx, {
          orderId: randomUUID(),
          lines: [],
          uses: [{ discountId, name: 'Flash sale' }],
          usesAt: new Date(),
        }),
      ),
    ).rejects.toBeInstanceOf(OfferEndedError);
    expect(await usesTaken(discountId)).toBe(0);

    // Paused before: the checkout re-prices at that moment and charges the full price.
    const res = await checkoutWith(call, checkoutBody(phoneEnding('01')), idempotencyKey());
    expect(res.status).toBe(201);
    const order = await orderOf(ctx, s!.token, (await res.json()).data.orderId);
    expect(order.items[0]).toMatchObject({ price: 500 });
    expect(
      await ctx.database.db.select().from(orderDiscounts).where(eq(orderDiscounts.orderId, order.orderId)),
    ).toEqual([]);
  });
});

describe(`promo codes are unique (${raceEngine})`, () => {
  const orderCode = (code: string): DiscountBodyInput => ({
    name: `Code ${code}`,
    kind: 'percentage',
    value: 10,
    productIds: [],
    categoryIds: [],
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: null,
    active: true,
    usageLimit: null,
    code,
    appliesTo: 'order',
  });
  const holders = (code: string) =>
    ctx.database.db.select({ id: discounts.id }).from(discounts).where(eq(discounts.code, code));

  it('gives a code to one of two admins saving it at once; the other gets the 400 under the field', async () => {
    const admins = await Promise.all([shopper(ctx, 'admin'), shopper(ctx, 'admin')]);
    const answers = await Promise.all(
      admins.map((a, i) => api(ctx, a.token).post('/discounts', orderCode(i ? 'harambee' : 'HARAMBEE'))),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    const loser = answers.find((r) => r.status === 400)!;
    expect((await loser.json()).issues).toEqual([{ path: 'code', message: CODE_TAKEN }]);
    expect(await holders('HARAMBEE')).toHaveLength(1);
  });

  // The check inside the write cannot see a code another transaction has not committed yet: the
  // unique index is what refuses it then. PGlite has one connection, so only PostgreSQL can hold a
  // transaction open beside the request.
  it.skipIf(dbKind !== 'postgres')(
    'answers the same 400 when the unique index is what refuses the code',
    async () => {
      const admin = api(ctx, (await shopper(ctx, 'admin')).token);
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => (commit = resolve));
      const holder = ctx.database.db.transaction(async (tx) => {
        await tx.insert(discounts).values({ ...orderCode('UHURU'), startsAt: new Date(), endsAt: null });
        await committed;
      });
      const saving = admin.post('/discounts', orderCode('uhuru'));
      // The request's insert waits on the open transaction's row in the index.
      await eventually(() => someoneWaitsForALock(ctx.database.db), 5_000);
      commit();
      await holder;
      const res = await saving;
      expect(res.status).toBe(400);
      expect((await res.json()).issues).toEqual([{ path: 'code', message: CODE_TAKEN }]);
      expect(await holders('UHURU')).toHaveLength(1);
    },
  );
});
