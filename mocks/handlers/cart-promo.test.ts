// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Cart } from '../../contract/cart';
import { CheckoutResult, Order } from '../../contract/checkout';
import { shownFigures } from '../../contract/checkout-rules';
import { envelope, ErrorBody } from '../../contract/common';
import { PROMO_GUESSES_PER_MINUTE } from '../../contract/promo';
import { commerceSettings } from '../commerce-db';
import { mockDb } from '../db';
import { fixtureId, type FixtureDiscount } from '../fixtures/catalogue';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { cartHandlers } from './cart';
import { checkoutHandlers } from './checkout';
import { deliveryHandlers } from './delivery';
import { ordersHandlers } from './orders';

// Promo codes in the mocked cart, quote and checkout: the rules of contract/promo.ts over the
// fixture's discounts, the shopper's orders and the uses their orders hold.

serveMocks(...deliveryHandlers, ...cartHandlers, ...checkoutHandlers, ...ordersHandlers);

const DAY = 86_400_000;
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());

const product = (name: string) => mockDb.catalogue.products.find((p) => p.name === name)!;

let next = 0;
/** A discount with a code, as the back office would have saved it; by default KARIBU10. */
function addCode(over: Partial<FixtureDiscount> = {}): FixtureDiscount {
  const discount: FixtureDiscount = {
    id: fixtureId(6, 900 + (next += 1)),
    name: 'Karibu: 10% off your first order',
    kind: 'percentage',
    value: 10,
    active: true,
    startsAt: new Date(Date.now() - DAY),
    endsAt: null,
    code: 'KARIBU10',
    appliesTo: 'order',
    minSubtotal: 500,
    firstOrderOnly: true,
    ...over,
  };
  mockDb.catalogue.discounts.push(discount);
  return discount;
}

const readCart = async (res: Response) => {
  expect(res.status).toBe(200);
  return envelope(Cart).parse(await res.json()).data;
};

async function failure(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = ErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  return body;
}

/** A guest's quote of `quantity` bunches of sukuma wiki (KSH 30 each), with a code. */
const guestQuote = (quantity: number, promoCode?: string) => {
  const sukuma = product('Sukuma wiki');
  const items = [{ itemId: 'g1', productId: sukuma.id, variantId: sukuma.variants[0]!.id, quantity }];
  return mockFetch('POST', '/v1/cart/quote', promoCode === undefined ? { items } : { items, promoCode });
};

/** The demo shopper, with `quantity` bunches of sukuma wiki in the server cart. */
async function shopperWith(quantity: number) {
  const token = tokenOf('shopper');
  const res = await mockFetch(
    'POST',
    '/v1/cart',
    { item: { productId: product('Sukuma wiki').id, quantity } },
    { token },
  );
  expect(res.status).toBe(200);
  return token;
}

const cartOf = async (token: string, query: string) =>
  readCart(await mockFetch('GET', `/v1/cart?${query}`, undefined, { token }));

/** Checks out the shopper's cart to Westlands as the page would, priced with `promoCode`. */
async function checkout(token: string, phone: string, promoCode?: string) {
  const code = promoCode ? `&promoCode=${promoCode}` : '';
  const cart = await cartOf(token, `deliveryAreaId=westlands${code}`);
  return mockFetch(
    'POST',
    '/v1/checkout',
    {
      phone,
      deliveryAreaId: 'westlands',
      address: 'Mpaka Road, Apt 4B',
      shown: shownFigures(cart),
      ...(promoCode ? { promoCode } : {}),
    },
    { token, headers: { 'Idempotency-Key': crypto.randomUUID() } },
  );
}

const placed = async (res: Response) => {
  expect(res.status).toBe(201);
  return envelope(CheckoutResult).parse(await res.json()).data;
};

async function orderOf(token: string, orderId: string) {
  const res = await mockFetch('GET', `/v1/orders/${orderId}`, undefined, { token });
  return envelope(Order).parse(await res.json()).data;
}

describe('promo codes in the mocked cart and quote', () => {
  it('prices a guest cart with an order code typed in any case, and tells what is missing below the minimum', async () => {
    addCode();
    const short = await readCart(await guestQuote(10, 'karibu10'));
    expect(short.promo).toEqual({
      applied: false,
      code: 'KARIBU10',
      reason: 'min_subtotal',
      message: 'Spend at least KSH 200 more to use the code KARIBU10.',
    });
    expect(short).toMatchObject({ subtotal: 300, orderSaving: 0, total: 300 });

    const enough = await readCart(await guestQuote(20, 'KARIBU10'));
    expect(enough).toMatchObject({
      subtotal: 600,
      orderSaving: 60,
      total: 540,
      promo: { applied: true, code: 'KARIBU10', appliesTo: 'order', saving: 60 },
    });
    // Without a code the quote is as before.
    expect((await readCart(await guestQuote(20))).promo).toBeNull();
  });

  it("answers each refusal with the sentence the shopper reads, and checks a shopper's own orders", async () => {
    addCode({ code: 'SOON', startsAt: new Date(Date.now() + DAY), minSubtotal: null });
    addCode({ code: 'OVER', endsAt: new Date(Date.now() - 1), minSubtotal: null });
    addCode({ code: 'GONE', usageLimit: 5, redemptions: 5, minSubtotal: null });
    addCode({ code: 'DAIRY', appliesTo: 'items', categoryIds: [], minSubtotal: null });
    const messages = async (code: string) => (await readCart(await guestQuote(20, code))).promo;
    expect(await messages('NOPE1')).toMatchObject({
      reason: 'unknown',
      message: 'There is no promo code NOPE1. Check the spelling and try again.',
    });
    expect(await messages('SOON')).toMatchObject({ reason: 'not_started' });
    expect(await messages('OVER')).toMatchObject({ reason: 'ended', message: 'The code OVER has ended.' });
    expect(await messages('GONE')).toMatchObject({ reason: 'used_up' });
    expect(await messages('DAIRY')).toMatchObject({
      reason: 'no_items',
      message: 'The code DAIRY applies to none of the items in your cart.',
    });
  });

  it('prices covered lines with an items code only where it beats the automatic sale, and makes delivery free', async () => {
    const avocado = product('Hass avocado');
    const sukuma = product('Sukuma wiki');
    // 20 % off produce: sukuma 30 → 24; the avocado's season sale (36) loses to 32.
    const produce = addCode({
      code: 'SOKO20',
      appliesTo: 'items',
      value: 20,
      minSubtotal: null,
      firstOrderOnly: false,
      categoryIds: [sukuma.categoryIds[0]!],
    });
    const token = await shopperWith(2);
    await mockFetch('POST', '/v1/cart', { item: { productId: avocado.id, quantity: 1 } }, { token });
    const cart = await cartOf(token, 'promoCode=soko20');
    expect(cart.Items.map((i) => [i.name, i.price, i.onSale])).toEqual([
      ['Sukuma wiki', 24, true],
      ['Hass avocado', 32, true],
    ]);
    expect(cart).toMatchObject({ subtotal: 80, total: 80, promo: { applied: true, saving: 16 } });
    expect(produce.redemptions ?? 0).toBe(0);

    addCode({
      code: 'FREESHIP',
      appliesTo: 'delivery',
      value: 100,
      minSubtotal: null,
      firstOrderOnly: false,
    });
    const plain = await cartOf(token, 'deliveryAreaId=westlands');
    const free = await cartOf(token, 'deliveryAreaId=westlands&promoCode=FREESHIP');
    expect(plain.shippingRate).toBeGreaterThan(0);
    expect(free).toMatchObject({
      shippingRate: 0,
      total: plain.subtotal,
      promo: { applied: true, saving: plain.shippingRate },
    });
  });

  it('refuses a malformed code with a 400, and changes to the cart answer the plain cart', async () => {
    addCode();
    await failure(await guestQuote(20, 'no spaces!'), 400, 'validation_failed');
    const token = await shopperWith(20);
    await failure(
      await mockFetch('GET', '/v1/cart?promoCode=ab', undefined, { token }),
      400,
      'validation_failed',
    );
    const changed = await readCart(
      await mockFetch(
        'POST',
        '/v1/cart',
        { item: { productId: product('Sukuma wiki').id, quantity: 1 } },
        { token },
      ),
    );
    expect(changed).toMatchObject({ subtotal: 630, orderSaving: 0, total: 630, promo: null });
  });

  it('answers a 429 with Retry-After after ten codes that do not exist in a minute, then lets the shopper try again', async () => {
    addCode();
    const token = await shopperWith(20);
    for (let i = 0; i < PROMO_GUESSES_PER_MINUTE; i += 1) {
      vi.setSystemTime(Date.now() + 1000);
      expect((await cartOf(token, `promoCode=GUESS${i}`)).promo).toMatchObject({ reason: 'unknown' });
    }
    // Valid codes never count; now even one is refused, so guessing learns nothing.
    const limited = await mockFetch('GET', '/v1/cart?promoCode=KARIBU10', undefined, { token });
    expect(limited.headers.get('Retry-After')).toBe('51');
    const body = await failure(limited, 429, 'rate_limited');
    expect(body.message).toMatch(/^Too many wrong promo codes\. Please try again in 51 seconds\./);
    // A guest elsewhere is counted apart.
    expect((await readCart(await guestQuote(20, 'KARIBU10'))).promo).toMatchObject({ applied: true });

    vi.setSystemTime(Date.now() + 51_000);
    expect((await cartOf(token, 'promoCode=KARIBU10')).promo).toMatchObject({ applied: true });
  });
});

describe('promo codes at mocked checkout', () => {
  it('charges the total priced with the code, records it on the order, and refuses it on a second order', async () => {
    const karibu = addCode({ firstOrderOnly: false });
    const token = await shopperWith(20);
    const shown = await cartOf(token, 'deliveryAreaId=westlands&promoCode=KARIBU10');
    const result = await placed(await checkout(token, '0712345600', 'KARIBU10'));
    expect(result.total).toBe(shown.total);
    expect(await orderOf(token, result.orderId)).toMatchObject({
      subtotal: 600,
      orderSaving: 60,
      shippingRate: shown.shippingRate,
      total: 540 + shown.shippingRate,
      promoCode: 'KARIBU10',
      promoSaving: 60,
    });
    expect(karibu.redemptions).toBe(1);

    // Once per shopper (the default): the next cart is told, and checkout refuses it.
    await shopperWith(20);
    expect((await cartOf(token, 'promoCode=KARIBU10')).promo).toMatchObject({
      reason: 'used_by_you',
      message: 'You have already used the code KARIBU10.',
    });
  });

  it('refuses with 409 promo_refused a code that ended after the cart was priced, holding nothing', async () => {
    const karibu = addCode();
    const token = await shopperWith(20);
    const cart = await cartOf(token, 'deliveryAreaId=westlands&promoCode=KARIBU10');
    expect(cart.promo).toMatchObject({ applied: true });
    const stock = product('Sukuma wiki').variants[0]!.quantity;
    karibu.endsAt = new Date(Date.now() - 1);
    const res = await mockFetch(
      'POST',
      '/v1/checkout',
      {
        phone: '0712345600',
        deliveryAreaId: 'westlands',
        address: 'Mpaka Road, Apt 4B',
        shown: shownFigures(cart),
        promoCode: 'KARIBU10',
      },
      { token, headers: { 'Idempotency-Key': crypto.randomUUID() } },
    );
    const body = await failure(res, 409, 'promo_refused');
    expect(body.message).toMatch(
      /^The code KARIBU10 has ended\. Your order was not placed: remove the code or change your cart, then press Pay again\./,
    );
    expect(product('Sukuma wiki').variants[0]!.quantity).toBe(stock);
    expect(karibu.redemptions ?? 0).toBe(0);
    expect((await cartOf(token, '')).Items).toHaveLength(1);
  });

  it('gives the use back once when the payment fails, takes it again on a retry, and first-order codes end with a paid order', async () => {
    const karibu = addCode({ usageLimit: 1 });
    const token = await shopperWith(20);
    // A phone ending 01: the shopper cancels the prompt.
    const result = await placed(await checkout(token, '0712345601', 'KARIBU10'));
    expect(karibu.redemptions).toBe(1);
    vi.setSystemTime(Date.now() + commerceSettings.paymentDelayMs);
    expect((await orderOf(token, result.orderId)).paymentStatus).toBe('failed');
    await orderOf(token, result.orderId);
    expect(karibu.redemptions).toBe(0);

    const retry = await mockFetch(
      'POST',
      `/v1/orders/${result.orderId}/pay`,
      { phone: '0712345600' },
      { token },
    );
    expect(retry.status).toBe(201);
    expect(karibu.redemptions).toBe(1);
    vi.setSystemTime(Date.now() + commerceSettings.paymentDelayMs);
    expect((await orderOf(token, result.orderId)).paymentStatus).toBe('paid');

    karibu.usageLimit = null;
    await shopperWith(20);
    expect((await cartOf(token, 'promoCode=KARIBU10')).promo).toMatchObject({
      reason: 'used_by_you',
    });
    karibu.perShopperLimit = null;
    expect((await cartOf(token, 'promoCode=KARIBU10')).promo).toMatchObject({
      reason: 'first_order',
      message: 'The code KARIBU10 is only for a first order.',
    });
  });

  it('refuses a payment retry when the shopper has meanwhile used the code on another order, as the server does', async () => {
    const karibu = addCode();
    const token = await shopperWith(20);
    const failed = await placed(await checkout(token, '0712345601', 'KARIBU10'));
    vi.setSystemTime(Date.now() + commerceSettings.paymentDelayMs);
    expect((await orderOf(token, failed.orderId)).paymentStatus).toBe('failed');
    await shopperWith(20);
    await placed(await checkout(token, '0712345600', 'KARIBU10'));
    expect(karibu.redemptions).toBe(1);
    const stock = product('Sukuma wiki').variants[0]!.quantity;

    const retry = await mockFetch(
      'POST',
      `/v1/orders/${failed.orderId}/pay`,
      { phone: '0712345600' },
      { token },
    );
    const body = await failure(retry, 409, 'promo_refused');
    expect(body.message).toMatch(
      /^You have already used the code KARIBU10\. Place a new order at today's prices\./,
    );
    expect(karibu.redemptions).toBe(1);
    expect(product('Sukuma wiki').variants[0]!.quantity).toBe(stock);
  });

  it('refuses a payment retry once the code has ended, keeping its units in the shop', async () => {
    const karibu = addCode();
    const token = await shopperWith(20);
    const result = await placed(await checkout(token, '0712345601', 'KARIBU10'));
    vi.setSystemTime(Date.now() + commerceSettings.paymentDelayMs);
    await orderOf(token, result.orderId);
    const stock = product('Sukuma wiki').variants[0]!.quantity;
    karibu.endsAt = new Date(Date.now() - 1);
    const retry = await mockFetch(
      'POST',
      `/v1/orders/${result.orderId}/pay`,
      { phone: '0712345600' },
      { token },
    );
    await failure(retry, 409, 'offer_ended');
    expect(product('Sukuma wiki').variants[0]!.quantity).toBe(stock);
    expect(karibu.redemptions).toBe(0);
  });
});
