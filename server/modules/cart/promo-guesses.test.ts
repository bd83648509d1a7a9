import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { createProduct, createPromo, shopper, type TestProduct } from '../../test/shop';

// Guessing promo codes: an unknown code counts against the account and against the address; ten a
// minute (the default) and every code is a 429 with Retry-After until the window lets one out.
// Valid codes never count, so shoppers behind one carrier-grade NAT address are not stopped by each
// other. The proxy's X-Forwarded-For gives each test its own address; the clock is the test's.

let ctx: TestContext;
const NOON = new Date('2031-07-01T09:00:00.000Z');
let product: TestProduct;
let valid: string;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON);
  ctx = await createTestContext({ TRUST_PROXY: '1' });
  product = await createProduct(ctx.database.db, { variants: [{ name: 'Kg', price: 300, quantity: 100 }] });
  valid = `KARIBU-${randomBytes(3).toString('hex').toUpperCase()}`;
  await createPromo(ctx.database.db, { code: valid, appliesTo: 'order', value: 10 });
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const address = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const wrong = () => `NOPE-${randomBytes(4).toString('hex')}`;

/** GET /v1/cart?promoCode= as a signed-in shopper from `ip`. */
const cartWith = (token: string, ip: string, code: string) =>
  ctx.request(`/api/v1/cart?promoCode=${code}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip },
  });

/** The guest quote from `ip`. */
const quoteWith = (ip: string, code: string) =>
  ctx.request('/api/v1/cart/quote', {
    method: 'POST',
    headers: { 'X-Forwarded-For': ip },
    json: {
      items: [{ itemId: 'g-1', productId: product.productId, variantId: product.variantIds[0], quantity: 2 }],
      promoCode: code,
    },
  });

async function expectTooMany(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = await res.json();
  expect(body.code).toBe('rate_limited');
  expect(body.message).toMatch(
    new RegExp(`^Too many wrong promo codes\\. Please try again in ${retryAfter} seconds\\.`),
  );
}

describe('guessing promo codes', () => {
  it('answers the eleventh wrong code from one account within a minute with a 429, whatever the address', async () => {
    const s = await shopper(ctx);
    for (let i = 0; i < 10; i++) {
      // A new address each time: the account's count stops them, not the address's.
      const res = await cartWith(s.token, address(), wrong());
      expect(res.status, `guess ${i + 1}`).toBe(200);
      expect((await res.json()).data.promo).toMatchObject({ applied: false, reason: 'unknown' });
    }
    await expectTooMany(await cartWith(s.token, address(), wrong()));
    // Refused before the code is looked up: a valid code gets the same 429, so it tells nothing.
    await expectTooMany(await cartWith(s.token, address(), valid));
    // The plain cart is never refused.
    const plain = await ctx.request('/api/v1/cart', { headers: { Authorization: `Bearer ${s.token}` } });
    expect(plain.status).toBe(200);

    // A minute later the window has let them out.
    vi.setSystemTime(new Date(Date.now() + 61_000));
    const later = await cartWith(s.token, address(), valid);
    expect(later.status).toBe(200);
    expect((await later.json()).data.promo).toMatchObject({ applied: true, code: valid });
  });

  it('answers the eleventh wrong code from one address with a 429, signed in or not', async () => {
    const ip = address();
    for (let i = 0; i < 10; i++) {
      const res = await quoteWith(ip, wrong());
      expect(res.status, `guess ${i + 1}`).toBe(200);
    }
    await expectTooMany(await quoteWith(ip, wrong()));
    await expectTooMany(await quoteWith(ip, valid));
    // Another shopper at that address is stopped too; another address is not.
    const s = await shopper(ctx);
    await expectTooMany(await cartWith(s.token, ip, wrong()));
    expect((await quoteWith(address(), valid)).status).toBe(200);
  });

  it('never counts a valid code: 50 shoppers behind one address each apply one in a minute', async () => {
    const ip = address();
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper(ctx)));
    const answers = await Promise.all(shoppers.map((s) => cartWith(s.token, ip, valid)));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    for (const r of answers) expect((await r.json()).data.promo).toMatchObject({ applied: true });
    // Nor do guests' valid codes; a few honest typos among them still leave room.
    for (let i = 0; i < 50; i++) expect((await quoteWith(ip, valid)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await quoteWith(ip, wrong())).status).toBe(200);
    expect((await quoteWith(ip, valid)).status).toBe(200);
  });

  it('stores digests, never the account or the address', async () => {
    const rows = await ctx.database.db.select({ bucket: rateLimits.bucket }).from(rateLimits);
    const promoBuckets = rows.filter((r) => r.bucket.startsWith('promo-wrong-'));
    expect(promoBuckets.length).toBeGreaterThan(0);
    for (const { bucket } of promoBuckets) expect(bucket).toMatch(/^promo-wrong-(ip|account):[\w-]{22}$/);
  });
});
