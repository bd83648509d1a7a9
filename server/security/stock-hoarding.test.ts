import { describe, expect, it } from 'vitest';
import { normaliseKenyanPhone } from '../../contract/phone';
import { countPrompt } from '../modules/payments/prompt-limits';
import { createUser } from '../test/auth';
import {
  api,
  checkoutBody,
  checkoutWith,
  createProduct,
  phoneEnding,
  placeOrder,
  servedContextForFile,
  shopper,
  stockOf,
  waitForOrder,
} from '../test/shop';

// Issue 13 §1: one account placed 10 checkouts with phones that never answer and held all the stock of
// 10 variants for the payment expiry, renewable with /pay; one order sent 43 prompts to a third party's
// phone in 20 s. Unpaid orders holding stock are capped per account, and prompts are counted per
// account and per paying phone.

const ctx = servedContextForFile({ PAYMENT_QUERY_DELAY_MS: '60000' });

/** A shopper with `quantity` of a fresh product in the cart; stock `stock`. */
async function withCart(token: string, stock: number, quantity: number) {
  const product = await createProduct(ctx.database.db, {
    variants: [{ name: 'Regular', price: 300, quantity: stock }],
  });
  expect(
    (await api(ctx, token).post('/cart', { item: { productId: product.productId, quantity } })).status,
  ).toBe(200);
  return product;
}

describe('one account cannot hold the stock', () => {
  it(`refuses a checkout past ${3} unpaid orders: nothing is taken, the cart stays, others can buy`, async () => {
    const hoarder = await shopper(ctx);
    const call = api(ctx, hoarder.token);
    const held = [];
    for (let i = 0; i < ctx.env.CHECKOUT_MAX_UNPAID_ORDERS; i++) {
      const p = await withCart(hoarder.token, 5, 5);
      held.push(await placeOrder(call, phoneEnding('09')));
      expect(await stockOf(ctx.database.db, p.variantIds[0]!)).toBe(0);
    }
    const last = await withCart(hoarder.token, 5, 5);
    const res = await checkoutWith(call, checkoutBody(phoneEnding('09')));
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.code).toBe('too_many_unpaid_orders');
    expect(body.message).toMatch(/^You have 3 orders waiting for payment\./);
    expect(await stockOf(ctx.database.db, last.variantIds[0]!)).toBe(5);
    expect((await (await call.get('/cart')).json()).data.Items).toHaveLength(1);

    // Another shopper buys the same product at once.
    const other = await shopper(ctx);
    expect(
      (await api(ctx, other.token).post('/cart', { item: { productId: last.productId, quantity: 5 } }))
        .status,
    ).toBe(200);
    await placeOrder(api(ctx, other.token), phoneEnding('00'));
  });

  it('refuses to take the units back for an old order with a new prompt while at the cap', async () => {
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    const cancelled = await withCart(s.token, 4, 4);
    const first = await placeOrder(call, phoneEnding('01'));
    await waitForOrder(ctx, s.token, first.orderId);
    expect(await stockOf(ctx.database.db, cancelled.variantIds[0]!)).toBe(4);
    for (let i = 0; i < ctx.env.CHECKOUT_MAX_UNPAID_ORDERS; i++) {
      await withCart(s.token, 2, 1);
      await placeOrder(call, phoneEnding('09'));
    }
    const res = await call.post(`/orders/${first.orderId}/pay`, { phone: phoneEnding('00') });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('too_many_unpaid_orders');
    expect(await stockOf(ctx.database.db, cancelled.variantIds[0]!)).toBe(4);
  });

  it('counts concurrent checkouts of one account one after another', async () => {
    const s = await shopper(ctx);
    const carts = [];
    for (let i = 0; i < 5; i++) carts.push(await createProduct(ctx.database.db));
    // Five tabs, each with its own cart line, check out at once.
    const results = await Promise.all(
      carts.map(async (p) => {
        await api(ctx, s.token).post('/cart', { item: { productId: p.productId, quantity: 1 } });
        return (await checkoutWith(api(ctx, s.token), checkoutBody(phoneEnding('09')))).status;
      }),
    );
    expect(results.filter((r) => r === 201).length).toBeLessThanOrEqual(ctx.env.CHECKOUT_MAX_UNPAID_ORDERS);
    expect(results.every((r) => r === 201 || r === 409 || r === 400)).toBe(true);
  });
});

describe('prompt spam', () => {
  it("stops a shopper sending prompt after prompt to someone else's phone", async () => {
    const s = await shopper(ctx);
    const call = api(ctx, s.token);
    await withCart(s.token, 3, 1);
    const victimPhone = phoneEnding('01'); // cancels every prompt at once
    const order = await placeOrder(call, victimPhone);
    const statuses: number[] = [];
    let retryAfter = '';
    for (let i = 0; i < 8; i++) {
      await waitForOrder(ctx, s.token, order.orderId);
      const res = await call.post(`/orders/${order.orderId}/pay`, {});
      statuses.push(res.status);
      if (res.status === 429) retryAfter ||= res.headers.get('retry-after') ?? '';
    }
    // The checkout's prompt and two more reached the phone this minute; every further one is refused.
    expect(statuses.slice(0, ctx.env.PROMPTS_PER_PHONE_PER_MINUTE - 1)).toEqual([201, 201]);
    expect(statuses.slice(2)).toEqual(Array(6).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    const sent = ctx.pushes.filter(
      (p) => (p as { PhoneNumber: string }).PhoneNumber === normaliseKenyanPhone(victimPhone),
    );
    expect(sent).toHaveLength(3);
  });

  // Issue 26 §3: six real prompts reached one phone in 15 s, three before a minute turned and three after.
  it('lets three of six prompts straddling a minute boundary reach one phone, and twenty around the hour ten', async () => {
    const db = ctx.database.db;
    const phone = normaliseKenyanPhone(phoneEnding('00'))!;
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(db)));
    const t0 = new Date('2032-06-01T08:00:00Z');
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    const ask = (userId: string, p: string, when: Date) =>
      countPrompt(db, ctx.env, userId, p, when).then(
        () => 'sent',
        (e: { status: number; headers: Record<string, string> }) =>
          `${e.status} after ${e.headers['Retry-After']}`,
      );
    const burst = [];
    for (const [i, s] of [50, 55, 59, 60, 61, 65].entries())
      burst.push(await ask(users[i]!.id, phone, at(s)));
    expect(burst).toEqual(['sent', 'sent', 'sent', '429 after 50', '429 after 49', '429 after 45']);
    expect(await ask(users[0]!.id, phone, at(110))).toBe('sent');

    // Another phone, one prompt every 21 s (within the minute's three) from 08:56:30 to 09:03:09.
    const other = normaliseKenyanPhone(phoneEnding('02'))!;
    const hour = [];
    for (let i = 0; i < 20; i++) hour.push(await ask(users[i % 6]!.id, other, at(3600 - 210 + 21 * i)));
    expect(hour.filter((r) => r === 'sent')).toHaveLength(ctx.env.PROMPTS_PER_PHONE_PER_HOUR);
  });

  it('counts prompts to one phone per minute and per hour, whoever asks, and per account', async () => {
    const db = ctx.database.db;
    const env = ctx.env;
    const phone = normaliseKenyanPhone(phoneEnding('00'))!;
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(db)));
    const t0 = new Date('2032-05-01T08:00:00Z');
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    const ask = (userId: string, p: string, when: Date) =>
      countPrompt(db, env, userId, p, when).then(
        () => 'sent',
        (e: { status: number }) => e.status,
      );
    // Three shoppers, one phone: three prompts a minute in all.
    expect([
      await ask(users[0]!.id, phone, at(0)),
      await ask(users[1]!.id, phone, at(0)),
      await ask(users[2]!.id, phone, at(0)),
    ]).toEqual(['sent', 'sent', 'sent']);
    expect(await ask(users[3]!.id, phone, at(0))).toBe(429);
    // Minute after minute, the hour's ten run out.
    const later = [];
    for (let m = 1; m <= 4; m++)
      for (let k = 0; k < 3; k++) later.push(await ask(users[k]!.id, phone, at(m)));
    expect(later.filter((r) => r === 'sent')).toHaveLength(env.PROMPTS_PER_PHONE_PER_HOUR - 3);
    expect(later.slice(env.PROMPTS_PER_PHONE_PER_HOUR - 3).every((r) => r === 429)).toBe(true);
    // One account, many phones: twenty prompts an hour.
    const spammer = users[3]!.id;
    const perAccount = [];
    for (let i = 0; i < env.PROMPTS_PER_ACCOUNT_PER_HOUR + 2; i++) {
      perAccount.push(
        await ask(spammer, normaliseKenyanPhone(phoneEnding('00'))!, new Date(at(100).getTime() + i * 1000)),
      );
    }
    expect(perAccount.filter((r) => r === 'sent')).toHaveLength(env.PROMPTS_PER_ACCOUNT_PER_HOUR);
  });
});
