import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CheckoutConflict, Order as OrderSchema } from '../../../contract/checkout';
import { deliveryFee } from '../../../contract/delivery';
import {
  cartItems,
  discountProducts,
  discounts,
  orderDiscounts,
  orders,
  paymentAttempts,
  rateLimits,
} from '../../db/schema';
import { digestOf } from '../../lib/rate-limit';
import {
  api,
  checkoutBody,
  checkoutWith,
  createProduct,
  createPromo,
  orderOf,
  phoneEnding,
  reconcileUntil,
  servedContextForFile,
  shopper,
  shownFor,
  staffMember,
  stockOf,
  waitForOrder,
  type Api,
  type TestOrder,
  type TestPromo,
} from '../../test/shop';
import { deliverySettings } from '../delivery/service';
import { releaseOrderStock } from '../stock/service';

// Checkout with a promo code, over real HTTP with the Daraja simulator: the order is placed at the
// total the page showed with the code, takes one use of it, records it, and gives the use back
// exactly once when its payment fails, expires or it is cancelled. A code that stopped applying
// between the cart and Pay is a 409 `promo_refused` that places nothing. The clock is the test's.

const ctx = servedContextForFile({
  PAYMENT_QUERY_DELAY_MS: '50',
  PROMO_WRONG_CODES_PER_IP: '10000',
  CHECKOUT_MAX_UNPAID_ORDERS: '10',
});

const MORNING = new Date('2031-09-02T05:00:00.000Z');
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(MORNING);
});
afterAll(() => {
  vi.useRealTimers();
});

const db = () => ctx.database.db;
const westlandsFee = () => deliveryFee({ lat: -1.2676, lng: 36.8108 }, deliverySettings(ctx.env));

async function promo(p: Omit<TestPromo, 'code'>) {
  const code = `C-${randomBytes(3).toString('hex').toUpperCase()}`;
  return { code, id: await createPromo(db(), { ...p, code }) };
}

const product = (price: number, o: { discountPercent?: number; stock?: number } = {}) =>
  createProduct(db(), {
    variants: [{ name: 'One', price, quantity: o.stock ?? 50 }],
    discountPercent: o.discountPercent,
  });

/** A shopper with those lines in the cart. */
async function shopperWith(lines: [{ productId: string }, number][]) {
  const s = await shopper(ctx);
  const call = api(ctx, s.token);
  await fill(call, lines);
  return { ...s, call };
}

async function fill(call: Api, lines: [{ productId: string }, number][]) {
  for (const [p, quantity] of lines) {
    expect((await call.post('/cart', { item: { productId: p.productId, quantity } })).status).toBe(200);
    vi.setSystemTime(Date.now() + 1);
  }
}

/** Pay pressed with the code, with what the page shows now (or `shown`). */
async function pay(call: Api, code: string | undefined, ending = '00', shown?: unknown) {
  const body = { ...checkoutBody(phoneEnding(ending)), ...(code ? { promoCode: code } : {}) };
  const res = await checkoutWith(call, shown ? { ...body, shown } : body);
  return { status: res.status, body: await res.json() };
}

const usesTaken = async (discountId: string) =>
  (await db().select({ n: discounts.redemptions }).from(discounts).where(eq(discounts.id, discountId)))[0]!.n;

const held = (orderId: string) =>
  db()
    .select({ id: orderDiscounts.discountId })
    .from(orderDiscounts)
    .where(eq(orderDiscounts.orderId, orderId));

/** A 409 promo_refused that placed nothing: no order, no prompt, the units and the cart untouched. */
async function expectRefused(
  answer: { status: number; body: { code: string; message: string } },
  s: { id: string },
  message: string,
  pushesBefore: number,
) {
  expect(answer.status).toBe(409);
  expect(CheckoutConflict.parse(answer.body)).toEqual(answer.body);
  expect(answer.body.code).toBe('promo_refused');
  expect(answer.body.message).toContain(
    `${message} Your order was not placed: remove the code or change your cart, then press Pay again.`,
  );
  expect(await db().select().from(orders).where(eq(orders.userId, s.id))).toEqual([]);
  expect(ctx.pushes.length).toBe(pushesBefore);
  expect((await db().select().from(cartItems).where(eq(cartItems.userId, s.id))).length).toBeGreaterThan(0);
}

describe('checkout with a code', () => {
  it('charges exactly the total shown with an order code, and records the code and what it saved', async () => {
    vi.setSystemTime(MORNING);
    const [maize, sugar] = [await product(655), await product(120)];
    const { code, id } = await promo({ appliesTo: 'order', value: 10, name: 'Karibu' });
    const s = await shopperWith([
      [maize, 1],
      [sugar, 2],
    ]);
    const fee = westlandsFee();
    const shown = await shownFor(s.call, { ...checkoutBody('0712345678'), promoCode: code });
    // 655 + 240 = 895; 10 % is 89.5: round(805.5) = 806 to pay, a saving of 89.
    expect(shown.total).toBe(806 + fee);
    const answer = await pay(s.call, code.toLowerCase());
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const order = (await orderOf(ctx, s.token, answer.body.data.orderId)) as TestOrder & OrderSchema;
    expect(OrderSchema.parse(order)).toEqual(order);
    expect(order).toMatchObject({
      subtotal: 895,
      orderSaving: 89,
      shippingRate: fee,
      total: 806 + fee,
      promoCode: code,
      promoSaving: 89,
    });
    const push = ctx.pushes.find(
      (p) => (p as { AccountReference: string }).AccountReference === `SKN${order.number}`,
    );
    expect(push).toMatchObject({ Amount: 806 + fee });
    expect(await held(order.orderId)).toEqual([{ id }]);
    expect(await usesTaken(id)).toBe(1);
    expect(await stockOf(db(), maize.variantIds[0]!)).toBe(49);
    const paid = await waitForOrder(ctx, s.token, order.orderId);
    expect(paid).toMatchObject({ paymentStatus: 'paid', total: 806 + fee, promoCode: code });
  });

  it('charges the fee after a delivery code, and a line code’s prices on the order lines', async () => {
    vi.setSystemTime(MORNING);
    const flour = await product(200);
    const free = await promo({ appliesTo: 'delivery', value: 100 });
    const s = await shopperWith([[flour, 1]]);
    const answer = await pay(s.call, free.code);
    expect(answer.status).toBe(201);
    expect(await orderOf(ctx, s.token, answer.body.data.orderId)).toMatchObject({
      subtotal: 200,
      shippingRate: 0,
      total: 200,
      promoCode: free.code,
      promoSaving: westlandsFee(),
    });

    // A line code beside a sale: the code prices the line it beats; the sale keeps the other and
    // takes the use, and the sale the code out-priced takes none.
    const onSale = await product(1000, { discountPercent: 20 });
    const plain = await product(500);
    const [saleId] = await saleOf(onSale.productId);
    const other = await product(300, { discountPercent: 10 });
    const [otherSaleId] = await saleOf(other.productId);
    const half = await promo({ value: 50, productIds: [onSale.productId, plain.productId] });
    const t = await shopperWith([
      [onSale, 1],
      [plain, 2],
      [other, 1],
    ]);
    const placed = await pay(t.call, half.code);
    expect(placed.status).toBe(201);
    const order = await orderOf(ctx, t.token, placed.body.data.orderId);
    expect(order.items.map((i) => i.price)).toEqual([500, 250, 270]);
    expect(order).toMatchObject({ subtotal: 1270, promoSaving: 300 + 500 });
    expect((await held(order.orderId)).map((d) => d.id).sort()).toEqual([half.id, otherSaleId].sort());
    expect(await usesTaken(saleId!)).toBe(0);
  });

  it('refuses a code that ended or ran out between the cart and Pay, and places nothing', async () => {
    vi.setSystemTime(MORNING);
    const tea = await product(250);
    const ending = await promo({ appliesTo: 'order', endsAt: new Date(MORNING.getTime() + 60_000) });
    const s = await shopperWith([[tea, 2]]);
    const shown = await shownFor(s.call, { ...checkoutBody('0712345678'), promoCode: ending.code });
    const before = ctx.pushes.length;
    vi.setSystemTime(new Date(MORNING.getTime() + 120_000));
    await expectRefused(
      await pay(s.call, ending.code, '00', shown),
      s,
      `The code ${ending.code} has ended.`,
      before,
    );
    expect(await stockOf(db(), tea.variantIds[0]!)).toBe(50);
    expect(await usesTaken(ending.id)).toBe(0);
    // Without the code, the new figures: placed.
    expect((await pay(s.call, undefined)).status).toBe(201);

    // The last use taken by another shopper first.
    vi.setSystemTime(MORNING);
    const last = await promo({ appliesTo: 'order', usageLimit: 1 });
    const [a, b] = [await shopperWith([[tea, 1]]), await shopperWith([[tea, 1]])];
    const shownToB = await shownFor(b.call, { ...checkoutBody('0712345678'), promoCode: last.code });
    expect((await pay(a.call, last.code)).status).toBe(201);
    await expectRefused(
      await pay(b.call, last.code, '00', shownToB),
      b,
      `The code ${last.code} has been used up.`,
      ctx.pushes.length,
    );
    expect(await usesTaken(last.id)).toBe(1);
  });

  it('gives a code to a shopper as often as it allows, and first-order codes to first orders only', async () => {
    vi.setSystemTime(MORNING);
    const rice = await product(400);
    const once = await promo({ appliesTo: 'order', perShopperLimit: 1 });
    const s = await shopperWith([[rice, 1]]);
    expect((await pay(s.call, once.code)).status).toBe(201);
    await fill(s.call, [[rice, 1]]);
    const cart = (await (await s.call.get(`/cart?promoCode=${once.code}`)).json()).data;
    expect(cart.promo).toMatchObject({ applied: false, reason: 'used_by_you' });
    const before = ctx.pushes.length;
    const refusedAnswer = await pay(s.call, once.code);
    expect(refusedAnswer).toMatchObject({
      status: 409,
      body: {
        code: 'promo_refused',
        message: expect.stringMatching(`^You have already used the code ${once.code}.`),
      },
    });
    expect(ctx.pushes.length).toBe(before);

    // Twice per shopper: a second order gets it, a third does not.
    const twice = await promo({ appliesTo: 'order', perShopperLimit: 2 });
    expect((await pay(s.call, twice.code)).status).toBe(201);
    await fill(s.call, [[rice, 1]]);
    expect((await pay(s.call, twice.code)).status).toBe(201);
    await fill(s.call, [[rice, 1]]);
    expect((await pay(s.call, twice.code)).body.code).toBe('promo_refused');

    // First order only: refused once the shopper has a paid order.
    const first = await promo({ appliesTo: 'order', firstOrderOnly: true, perShopperLimit: null });
    const n = await shopperWith([[rice, 1]]);
    const placed = await pay(n.call, first.code);
    expect(placed.status).toBe(201);
    await waitForOrder(ctx, n.token, placed.body.data.orderId);
    await fill(n.call, [[rice, 1]]);
    const again = await pay(n.call, first.code);
    expect(again).toMatchObject({
      status: 409,
      body: {
        code: 'promo_refused',
        message: expect.stringMatching(`^The code ${first.code} is only for a first order.`),
      },
    });
  });

  it('gives the use back exactly once when the payment fails, expires or the order is cancelled; the shopper may use it again', async () => {
    vi.setSystemTime(MORNING);
    const oil = await product(700, { stock: 20 });
    const code = await promo({ appliesTo: 'order', usageLimit: 5, perShopperLimit: 1 });
    const s = await shopperWith([[oil, 1]]);

    // Cancelled on the phone (…01): failed, the use goes back.
    const failed = await pay(s.call, code.code, '01');
    expect(failed.status).toBe(201);
    expect(await usesTaken(code.id)).toBe(1);
    await waitForOrder(ctx, s.token, failed.body.data.orderId, (o) => o.paymentStatus === 'failed');
    expect(await usesTaken(code.id)).toBe(0);
    expect(await db().transaction((tx) => releaseOrderStock(tx, failed.body.data.orderId))).toBe(false);
    expect(await usesTaken(code.id)).toBe(0);

    // Never answered (…09): expired by the reconciler, the use goes back.
    await fill(s.call, [[oil, 1]]);
    const expiring = await pay(s.call, code.code, '09');
    expect(expiring.status).toBe(201);
    await db()
      .update(paymentAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentAttempts.orderId, expiring.body.data.orderId));
    await reconcileUntil(ctx, s.token, expiring.body.data.orderId, (o) => o.paymentStatus === 'expired');
    expect(await usesTaken(code.id)).toBe(0);

    // Paid, then cancelled by the shop before delivery: the units and the use go back.
    await fill(s.call, [[oil, 1]]);
    const cancelled = await pay(s.call, code.code, '00');
    await waitForOrder(ctx, s.token, cancelled.body.data.orderId);
    expect(await usesTaken(code.id)).toBe(1);
    const owner = await staffMember(ctx, 'owner');
    const cancel = await owner.call.patch(`/admin/orders/${cancelled.body.data.orderId}`, {
      status: 'cancelled',
    });
    expect(cancel.status).toBe(200);
    expect(await usesTaken(code.id)).toBe(0);
    expect(await db().transaction((tx) => releaseOrderStock(tx, cancelled.body.data.orderId))).toBe(false);
    expect(await usesTaken(code.id)).toBe(0);

    // Every use given back: the shopper can use the code again, and pays.
    await fill(s.call, [[oil, 1]]);
    const again = await pay(s.call, code.code, '00');
    expect(again.status).toBe(201);
    await waitForOrder(ctx, s.token, again.body.data.orderId);
    expect(await usesTaken(code.id)).toBe(1);
    expect(await stockOf(db(), oil.variantIds[0]!)).toBe(19);

    // Paying the failed order again would hold the code twice: refused, nothing taken.
    const retry = await s.call.post(`/orders/${failed.body.data.orderId}/pay`, {});
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({
      code: 'promo_refused',
      message: expect.stringContaining(
        `You have already used the code ${code.code}. Place a new order at today's prices.`,
      ),
    });
    expect(await usesTaken(code.id)).toBe(1);
    expect(await stockOf(db(), oil.variantIds[0]!)).toBe(19);
  });

  it('lets a failed order with a code be paid again while the shopper holds no other use of it', async () => {
    vi.setSystemTime(MORNING);
    const soap = await product(150);
    const code = await promo({ appliesTo: 'order', usageLimit: 3 });
    const s = await shopperWith([[soap, 2]]);
    const failed = await pay(s.call, code.code, '01');
    await waitForOrder(ctx, s.token, failed.body.data.orderId, (o) => o.paymentStatus === 'failed');
    expect(await usesTaken(code.id)).toBe(0);
    const retry = await s.call.post(`/orders/${failed.body.data.orderId}/pay`, { phone: phoneEnding('00') });
    expect(retry.status).toBe(201);
    const paid = await waitForOrder(ctx, s.token, failed.body.data.orderId);
    expect(paid).toMatchObject({ paymentStatus: 'paid', promoCode: code.code });
    expect(await usesTaken(code.id)).toBe(1);
  });

  it('counts an unknown code as a wrong guess, and refuses a malformed one naming the field', async () => {
    vi.setSystemTime(MORNING);
    const s = await shopperWith([[await product(90), 1]]);
    const before = ctx.pushes.length;
    await expectRefused(
      await pay(s.call, 'NO-SUCH-CODE'),
      s,
      'There is no promo code NO-SUCH-CODE. Check the spelling and try again.',
      before,
    );
    const [counted] = await db()
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(eq(rateLimits.bucket, `promo-wrong-account:${digestOf(s.id)}`));
    // Twice: the page's cart read with the code, then Pay.
    expect(counted?.hits).toHaveLength(2);
    for (const promoCode of ['x', 'SAVE 10', 42]) {
      const res = await checkoutWith(s.call, { ...checkoutBody(phoneEnding('00')), promoCode });
      expect(res.status, JSON.stringify(promoCode)).toBe(400);
      expect((await res.json()).issues[0].path).toBe('promoCode');
    }
  });
});

/** The automatic discounts on a product. */
async function saleOf(productId: string) {
  const rows = await db()
    .select({ id: discountProducts.discountId })
    .from(discountProducts)
    .where(eq(discountProducts.productId, productId));
  return rows.map((r) => r.id);
}
