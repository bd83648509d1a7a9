import { AuthResult, GetUserResult, LogoutResult, User, VerifyOtpResult } from '@contract/auth';
import { Cart, DeliveryAreaList } from '@contract/cart';
import { Category, ProductDetail, ProductList } from '@contract/catalogue';
import { CheckoutResult, Order, OrderList } from '@contract/checkout';
import { countRows, ErrorBody } from '@contract/common';
import { DEFAULT_DELIVERY_SETTINGS, deliveryFee } from '@contract/delivery';
import { DELIVERY_AREAS } from '@contract/delivery-areas';
import { PAYMENT_ISSUE_MESSAGES } from '@contract/payments';
import { SavedItems, SavedItemState } from '@contract/saved-items';
import { SearchResponse } from '@contract/search';
import { CountryList } from '@contract/setups';
import { resetAuthDb } from '@mocks/auth-db';
import { commerceSettings, resetCommerceDb } from '@mocks/commerce-db';
import { resetMockDb } from '@mocks/db';
import { handlers } from '@mocks/handlers/index';
import { getResponse } from 'msw';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { servedContext, type ServedContext } from '../server/test/shop';

/*
 * The mock/server parity test (GUIDE §3). One script of requests — a guest with a cart in the
 * browser, a sign-up with a code, the server cart, saved items, delivery fees, checkouts with every
 * M-Pesa outcome, a payment retry, orders, an admin kept out — runs against the real server (over
 * HTTP, with its Daraja simulator) and against the MSW handlers the SPA's tests and
 * `npm run dev:mock` use. Each step records what a client can rely on: the status, the error code
 * and the fields a 400 names, that the body has the contract's shape, and the outcome of the shared
 * rules (totals, fees, payment states and messages). Catalogues differ (the seed against the
 * fixture), so ids, names, prices and times are not compared; the two lists of steps must be equal.
 */

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

interface CallOptions {
  json?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** One side of the comparison: how to send a request, and how to let an M-Pesa prompt end. */
interface Side {
  name: 'server' | 'mock';
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  /** Gives the payment machinery a turn (the mock settles lazily; the server's reconciler runs). */
  tick(): Promise<void>;
}

async function read(res: Response): Promise<Answer> {
  const json = res.headers.get('content-type')?.includes('json');
  return { status: res.status, headers: res.headers, body: json ? await res.json() : await res.text() };
}

function request(origin: string, method: string, path: string, { json, token, headers }: CallOptions = {}) {
  const h = new Headers(headers);
  if (json !== undefined) h.set('Content-Type', 'application/json');
  if (token) h.set('Authorization', `Bearer ${token}`);
  return new Request(new URL(path, origin), {
    method,
    headers: h,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

/** How long a prompt waits on the phone on both sides: long enough to ask about it while it is open. */
const PROMPT_MS = 500;
let ctx: ServedContext;
let server: Side;
// Through getResponse rather than a global interceptor: the server's own calls to its simulator must
// not be answered by the mocks.
const mock: Side = {
  name: 'mock',
  async call(method, path, options) {
    const res = await getResponse(handlers, request('http://localhost', method, path, options));
    if (!res) throw new Error(`no mock handler for ${method} ${path}`);
    return read(res);
  },
  tick: () => new Promise((r) => setTimeout(r, 50)),
};

beforeAll(async () => {
  resetMockDb();
  resetAuthDb();
  resetCommerceDb();
  commerceSettings.paymentDelayMs = PROMPT_MS;
  ctx = await servedContext({ MPESA_SIMULATOR_DELAY_MS: String(PROMPT_MS), PAYMENT_QUERY_DELAY_MS: '100' });
  server = {
    name: 'server',
    call: async (method, path, options) =>
      read(await fetch(request(ctx.server.origin, method, path, options))),
    tick: async () => {
      await ctx.reconcile();
      await new Promise((r) => setTimeout(r, 50));
    },
  };
});
afterAll(async () => {
  resetCommerceDb();
  await ctx.closeAll();
});

// ---- recording what a client can rely on --------------------------------------------------------

interface Step {
  step: string;
  status: number;
  code?: string;
  fields?: string[];
  facts?: unknown;
}

const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/**
 * What one answer tells a client: for an error its code and the fields it names (and that the
 * message carries the correlation id); for a success that the body is `schema`, and the `facts`
 * drawn from it.
 */
function observe<S extends z.ZodType>(
  step: string,
  answer: Answer,
  schema?: S,
  facts?: (body: z.infer<S>, answer: Answer) => unknown,
): Step {
  if (answer.status >= 400) {
    const error = ErrorBody.parse(answer.body);
    expect(error.message, step).toMatch(new RegExp(` Correlation ID: ${error.correlationId}$`));
    return {
      step,
      status: answer.status,
      code: error.code,
      fields: (error.issues ?? []).map((i) => i.path).sort(),
    };
  }
  if (!schema) return { step, status: answer.status };
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new Error(`${step}: not the contract's shape: ${parsed.error.message}`);
  return { step, status: answer.status, ...(facts ? { facts: facts(parsed.data, answer) } : {}) };
}

/** Cart facts that hold whatever the prices: each line's total, the subtotal and the total. */
const cartFacts = (cart: Cart) => ({
  lines: cart.Items.map((i) => ({
    quantity: i.quantity,
    totalIsUnitTimesQuantity: i.totalPrice === i.price * i.quantity,
    saleBelowList: i.onSale ? i.price < i.originalPrice : i.price === i.originalPrice,
    available: i.available,
    availableIsStock: i.available === i.quantity <= i.stock,
  })),
  subtotalAddsUp: cart.subtotal === cart.Items.reduce((s, i) => s + i.totalPrice, 0),
  totalAddsShipping: cart.total === cart.subtotal + cart.shippingRate,
  shippingRate: cart.shippingRate,
  missing: cart.missing,
});

const orderFacts = (o: Order) => ({
  status: o.status,
  paymentStatus: o.paymentStatus,
  paymentIssue: o.paymentIssue,
  paymentMessage: o.paymentMessage,
  canRetryPayment: o.canRetryPayment,
  lines: o.items.length,
  totalAddsUp: o.total === o.subtotal + o.shippingRate,
  attempts: o.payments.map((p) => ({ status: p.status, issue: p.issue, resultCode: p.resultCode })),
});

const resultFacts = (r: CheckoutResult) => ({
  status: r.status,
  paymentStatus: r.paymentStatus,
  paymentIssue: r.paymentIssue,
  paymentMessage: r.paymentMessage,
});

// ---- the script ----------------------------------------------------------------------------------

const EMAIL = 'parity.shopper@example.com';
const PASSWORD = 'parity-password-1';
const ADDRESS = 'Mpaka Road, Block B, flat 4';
/** A phone whose last two digits choose the simulator's outcome on both sides. */
const phone = (ending: string) => `07123456${ending}`;

async function codeFor(side: Side, email: string): Promise<string> {
  const { body } = await side.call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const text = (body as { data: { text: string }[] }).data[0]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`${side.name}: no code mailed to ${email}`);
  return code;
}

/** A product with at least five units of its first variant (each side has its own catalogue). */
async function stockedProduct(side: Side) {
  const { body } = await side.call('GET', '/api/v2/products?inStock=true&limit=100&sort=name');
  const product = (body as ProductList).data.find((p) => (p.variants[0]?.quantity ?? 0) >= 5);
  if (!product) throw new Error(`${side.name}: no product with five units`);
  return {
    productId: product.productId,
    variantId: product.variants[0]!.variantId,
    stock: product.variants[0]!.quantity,
  };
}

/** Polls the order until its payment left `pending`. */
async function settled(side: Side, token: string, orderId: string): Promise<Answer> {
  const until = Date.now() + 15_000;
  for (;;) {
    const answer = await side.call('GET', `/api/v1/orders/${orderId}`, { token });
    if ((answer.body as { data: Order }).data.paymentStatus !== 'pending') return answer;
    if (Date.now() > until) throw new Error(`${side.name}: order ${orderId} still pending`);
    await side.tick();
  }
}

async function shoppingSession(side: Side): Promise<Step[]> {
  const steps: Step[] = [];
  const call = side.call;
  const { productId, variantId, stock } = await stockedProduct(side);

  // A guest: delivery areas are public, the shopper's things are not; the browser's cart is priced
  // in one call.
  const line = (itemId: string, quantity: number, variant = variantId) => ({
    itemId,
    productId,
    variantId: variant,
    quantity,
  });
  const quote = (items: unknown) => call('POST', '/api/v1/cart/quote', { json: { items } });
  steps.push(
    observe(
      'delivery areas',
      await call('GET', '/api/v1/setups/delivery-areas'),
      data(DeliveryAreaList),
      (b) => b.data.map((a) => a.id),
    ),
    observe('cart as a guest', await call('GET', '/api/v1/cart')),
    observe('orders as a guest', await call('GET', '/api/v1/orders')),
    observe('saved items as a guest', await call('GET', '/api/v1/saved-items')),
    observe('checkout as a guest', await call('POST', '/api/v1/checkout', { json: {} })),
    observe(
      'a guest cart priced',
      await quote([line('a', 2), line('b', stock + 1), line('c', 1, randomUUID())]),
      data(Cart),
      ({ data: c }) => ({
        ...cartFacts(c),
        // Stocks differ between the catalogues: the second line asks for one unit more than there is.
        lines: c.Items.map((i) => ({
          itemId: i.itemId,
          available: i.available,
          ...(i.available ? {} : { beyondStock: i.quantity - i.stock }),
        })),
      }),
    ),
    observe('a guest cart with a line twice', await quote([line('a', 1), line('a', 1)])),
    observe('a guest cart with a price', await quote([{ ...line('a', 1), price: 1 }])),
  );

  // Sign-up, email first, with a code.
  steps.push(
    observe(
      'get-user with a bad email',
      await call('POST', '/api/v1/auth/get-user', { json: { email: 'nope' } }),
    ),
  );
  const start = await call('POST', '/api/v1/auth/get-user', { json: { email: EMAIL } });
  steps.push(
    observe('get-user for a new email', start, data(GetUserResult), ({ data: d }) => ({
      ...d,
      id: typeof d.id,
    })),
  );
  const challenge = (start.body as { data: GetUserResult }).data.id!;
  const code = await codeFor(side, EMAIL);
  const wrong = code === '000000' ? '111111' : '000000';
  const verify = (id: string, otp: string) => call('POST', '/api/v1/auth/verify-otp', { json: { id, otp } });
  steps.push(
    observe('a wrong code', await verify(challenge, wrong)),
    observe('a code for an unknown challenge', await verify(randomUUID(), code)),
  );
  const verified = await verify(challenge, code);
  steps.push(
    observe('the right code', verified, data(VerifyOtpResult), ({ data: d }) => ({
      newAccount: d.newAccount,
      purpose: d.purpose,
    })),
  );
  const profileToken = (verified.body as { data: VerifyOtpResult }).data.token;
  const profile = (json: unknown) => call('PATCH', `/api/v1/auth/update-profile/${profileToken}`, { json });
  steps.push(
    observe('the code again', await verify(challenge, code)),
    observe('a profile without a name', await profile({ name: '', password: PASSWORD })),
  );
  const created = await profile({
    name: 'Parity Shopper',
    phone: '+254712345678',
    country: 'KE',
    password: PASSWORD,
  });
  steps.push(
    observe('the profile', created, data(AuthResult), ({ data: d }) => ({
      name: d.user.name,
      type: d.user.type,
    })),
  );
  const token = (created.body as { data: AuthResult }).data.token;
  const login = (password: string) =>
    call('POST', '/api/v1/auth/login', { json: { email: EMAIL, password } });
  steps.push(
    observe('me', await call('GET', '/api/v1/auth/me', { token }), data(User), ({ data: u }) => ({
      email: u.email,
      country: u.country,
    })),
    observe(
      'get-user for a known email',
      await call('POST', '/api/v1/auth/get-user', { json: { email: EMAIL.toUpperCase() } }),
      data(GetUserResult),
      ({ data: d }) => d,
    ),
    observe('a wrong password', await login('not-the-password')),
    observe('the right password', await login(PASSWORD), data(AuthResult), ({ data: d }) => d.user.type),
  );

  // The server cart.
  const cart = (answer: Answer) => (answer.body as { data: Cart }).data;
  const add = (item: Record<string, unknown>) => call('POST', '/api/v1/cart', { token, json: { item } });
  const change = (itemId: string, quantity: number) =>
    call('PATCH', `/api/v1/cart/${itemId}`, { token, json: { quantity } });
  steps.push(
    observe('an empty cart', await call('GET', '/api/v1/cart', { token }), data(Cart), ({ data: c }) =>
      cartFacts(c),
    ),
    observe('adding no units', await add({ productId, quantity: 0 })),
    observe('adding a price', await add({ productId, quantity: 1, price: 1 })),
    observe('adding an unknown product', await add({ productId: randomUUID(), quantity: 1 })),
    observe('adding more than the stock', await add({ productId, quantity: stock + 1 })),
  );
  const added = await add({ productId, quantity: 2 });
  steps.push(observe('adding two units', added, data(Cart), ({ data: c }) => cartFacts(c)));
  const itemId = cart(added).Items[0]!.itemId;
  const pushed = { productId, quantity: 1, localItemId: 'guest-line-1' };
  steps.push(
    observe('a guest line pushed', await add(pushed), data(Cart), ({ data: c }) => cartFacts(c)),
    observe('the same guest line again', await add(pushed), data(Cart), ({ data: c }) => cartFacts(c)),
    observe('one more', await change(itemId, 1), data(Cart), ({ data: c }) => cartFacts(c)),
    observe('one less', await change(itemId, -1), data(Cart), ({ data: c }) => cartFacts(c)),
    observe('two more at once', await change(itemId, 2)),
    observe('a line that is not there', await change(randomUUID(), 1)),
    observe('a bad line id', await call('DELETE', '/api/v1/cart/not-a-uuid', { token })),
  );
  for (const area of ['karen', 'thika', 'nairobi-cbd']) {
    const place = DELIVERY_AREAS.find((a) => a.id === area)!;
    steps.push(
      observe(
        `the cart delivered to ${area}`,
        await call('GET', `/api/v1/cart?deliveryAreaId=${area}`, { token }),
        data(Cart),
        ({ data: c }) => ({
          ...cartFacts(c),
          feeByTheRule: c.shippingRate === deliveryFee(place, DEFAULT_DELIVERY_SETTINGS),
        }),
      ),
    );
  }
  steps.push(
    observe(
      'the cart delivered to a point',
      await call('GET', '/api/v1/cart?lat=-1.3&lng=36.8', { token }),
      data(Cart),
      ({ data: c }) => c.shippingRate,
    ),
    observe('an unknown area', await call('GET', '/api/v1/cart?deliveryAreaId=atlantis', { token })),
    observe('a latitude alone', await call('GET', '/api/v1/cart?lat=-1.3', { token })),
    observe('a point outside Kenya', await call('GET', '/api/v1/cart?lat=51.5&lng=-0.1', { token })),
  );

  // Saved items.
  const save = (json: unknown) => call('POST', '/api/v1/saved-items', { token, json });
  const savedItems = () => call('GET', '/api/v1/saved-items', { token });
  steps.push(
    observe('saving a bad id', await save({ productId: 'nope' })),
    observe('saving an unknown product', await save({ productId: randomUUID() })),
    observe('saving', await save({ productId }), data(SavedItemState), ({ data: d }) => d.saved),
    observe('saving again', await save({ productId }), data(SavedItemState), ({ data: d }) => d.saved),
    observe('the saved items', await savedItems(), data(SavedItems), ({ data: d }) => d.count),
    observe(
      'unsaving',
      await call('DELETE', `/api/v1/saved-items/${productId}`, { token }),
      data(SavedItemState),
      ({ data: d }) => d.saved,
    ),
    observe('the saved items after', await savedItems(), data(SavedItems), ({ data: d }) => d.count),
  );

  // Checkout.
  const body = (ending: string) => ({ phone: phone(ending), deliveryAreaId: 'westlands', address: ADDRESS });
  const checkout = (json: unknown, key?: string) =>
    call('POST', '/api/v1/checkout', { token, json, headers: key ? { 'Idempotency-Key': key } : {} });
  const beforeCheckout = cart(await call('GET', '/api/v1/cart?deliveryAreaId=westlands', { token }));
  steps.push(
    observe('checkout without a key', await checkout(body('00'))),
    observe(
      'checkout with a bad phone',
      await checkout({ ...body('00'), phone: '0812345678' }, randomUUID()),
    ),
    observe(
      'checkout with an area and a point',
      await checkout({ ...body('00'), lat: -1.3, lng: 36.8 }, randomUUID()),
    ),
    observe('checkout with a short address', await checkout({ ...body('00'), address: 'x' }, randomUUID())),
    observe('checkout with a price', await checkout({ ...body('00'), total: 1 }, randomUUID())),
  );
  const key = randomUUID();
  const placed = await checkout(body('00'), key);
  steps.push(
    observe('checkout', placed, data(CheckoutResult), ({ data: r }) => ({
      ...resultFacts(r),
      chargesTheCartTotal: r.total === beforeCheckout.total,
    })),
  );
  const orderId = (placed.body as { data: CheckoutResult }).data.orderId;
  const pay = (id: string, json: unknown = {}) => call('POST', `/api/v1/orders/${id}/pay`, { token, json });
  steps.push(
    // Right away: the prompt stays open for PROMPT_MS on both sides.
    observe('paying while the prompt is open', await pay(orderId)),
    observe(
      'the same checkout again',
      await checkout(body('00'), key),
      data(CheckoutResult),
      ({ data: r }, a) => ({
        sameOrder: r.orderId === orderId,
        replayed: a.headers.get('Idempotent-Replayed'),
      }),
    ),
    observe('the key with another body', await checkout(body('01'), key)),
    observe(
      'the cart after checkout',
      await call('GET', '/api/v1/cart', { token }),
      data(Cart),
      ({ data: c }) => cartFacts(c),
    ),
    observe('checkout with an empty cart', await checkout(body('00'), randomUUID())),
    observe('the order, paid', await settled(side, token, orderId), data(Order), ({ data: o }) =>
      orderFacts(o),
    ),
    observe('paying a paid order', await pay(orderId)),
  );

  // Every outcome the simulator plays, then a retry of a cancelled payment.
  const orderIds: Record<string, string> = {};
  for (const ending of ['01', '02', '03', '04', '06']) {
    await add({ productId, quantity: 1 });
    const answer = await checkout(body(ending), randomUUID());
    steps.push(
      observe(`checkout paid from a phone ending ${ending}`, answer, data(CheckoutResult), ({ data: r }) =>
        resultFacts(r),
      ),
    );
    const id = (answer.body as { data: CheckoutResult }).data.orderId;
    orderIds[ending] = id;
    steps.push(
      observe(`the order paid from …${ending}`, await settled(side, token, id), data(Order), ({ data: o }) =>
        orderFacts(o),
      ),
    );
  }
  const cancelled = orderIds['01']!;
  steps.push(
    observe('a retry with a bad phone', await pay(cancelled, { phone: '12' })),
    observe('a retry', await pay(cancelled, { phone: phone('00') }), data(CheckoutResult), ({ data: r }) =>
      resultFacts(r),
    ),
    observe('the retried order, paid', await settled(side, token, cancelled), data(Order), ({ data: o }) =>
      orderFacts(o),
    ),
    observe('a retry of an order under review', await pay(orderIds['06']!)),
  );

  // Orders.
  steps.push(
    observe('the orders', await call('GET', '/api/v1/orders?limit=3', { token }), OrderList, (l) => ({
      total: l.meta.total,
      page: l.data.map((o) => o.paymentStatus),
    })),
    observe('a bad page size', await call('GET', '/api/v1/orders?limit=0', { token })),
    observe('an order that is not there', await call('GET', `/api/v1/orders/${randomUUID()}`, { token })),
    observe('a bad order id', await call('GET', '/api/v1/orders/42', { token })),
  );

  // An admin has no cart, orders or saved items; a signed-out token gets nothing.
  const admin = await call('POST', '/api/v1/auth/login', {
    json: { email: 'admin@sokoni.co.ke', password: 'sokoni-admin-123' },
  });
  const adminToken = (admin.body as { data: AuthResult }).data.token;
  const asAdmin = { token: adminToken };
  steps.push(
    observe('an admin signs in', admin, data(AuthResult), ({ data: d }) => d.user.type),
    observe('the cart of an admin', await call('GET', '/api/v1/cart', asAdmin)),
    observe('the orders of an admin', await call('GET', '/api/v1/orders', asAdmin)),
    observe('the saved items of an admin', await call('GET', '/api/v1/saved-items', asAdmin)),
    observe(
      'an admin checks out',
      await call('POST', '/api/v1/checkout', {
        ...asAdmin,
        json: body('00'),
        headers: { 'Idempotency-Key': randomUUID() },
      }),
    ),
    observe(
      'logging out',
      await call('POST', '/api/v1/auth/logout', { token }),
      data(LogoutResult),
      ({ data: d }) => d,
    ),
    observe('me after logging out', await call('GET', '/api/v1/auth/me', { token })),
  );
  return steps;
}

function both(path: string): Promise<[Answer, Answer]> {
  return Promise.all([server.call('GET', path), mock.call('GET', path)]);
}

/** The same request answered alike: status, error code and the fields a 400 names. */
async function expectSameAnswer(path: string) {
  const [s, m] = await both(path);
  expect(observe(path, m)).toEqual(observe(path, s));
}

describe('mocks and server agree', () => {
  it('on a whole shopping session, step by step', async () => {
    const expected = await shoppingSession(server);
    const actual = await shoppingSession(mock);
    expect(actual).toEqual(expected);
    // The script reached the places it is about.
    expect(expected.find((s) => s.step === 'the order, paid')!.facts).toMatchObject({
      paymentStatus: 'paid',
      paymentMessage: null,
    });
    expect(expected.find((s) => s.step === 'the order paid from …06')!.facts).toMatchObject({
      paymentStatus: 'needs_review',
      paymentMessage: PAYMENT_ISSUE_MESSAGES.amount_mismatch,
    });
    expect(expected.find((s) => s.step === 'a guest cart priced')!.facts).toMatchObject({
      lines: [
        { itemId: 'a', available: true },
        { itemId: 'b', available: false, beyondStock: 1 },
      ],
      missing: ['c'],
    });
  }, 120_000);

  it('on the product list, its defaults and its bad queries', async () => {
    for (const answer of await both('/api/v2/products')) {
      expect(observe('list', answer, ProductList, (l) => l.meta)).toMatchObject({
        status: 200,
        facts: { limit: 24, offset: 0 },
      });
    }
    for (const query of ['limit=0', 'limit=1000', 'limit=abc', 'offset=-1', 'sort=cheapest']) {
      await expectSameAnswer(`/api/v2/products?${query}`);
    }
  });

  it('on product details, bad ids and unknown ids', async () => {
    for (const side of [server, mock]) {
      const { productId } = await stockedProduct(side);
      expect(
        observe('detail', await side.call('GET', `/api/v1/products/${productId}`), data(ProductDetail)),
      ).toEqual({
        step: 'detail',
        status: 200,
      });
    }
    await expectSameAnswer('/api/v1/products/not-a-uuid');
    await expectSameAnswer(`/api/v1/products/${randomUUID()}`);
  });

  it('on categories, countries and unknown setups', async () => {
    for (const answer of await both('/api/v1/categories')) {
      expect(observe('categories', answer, data(countRows(Category))).status).toBe(200);
    }
    for (const answer of await both('/api/v1/setups/countries')) {
      expect(
        observe('countries', answer, data(CountryList), ({ data: d }) => d[0]?.name.common),
      ).toMatchObject({
        facts: 'Kenya',
      });
    }
    await expectSameAnswer('/api/v1/setups/planets');
  });

  it('on search, its typos and its bad queries', async () => {
    for (const answer of await both('/api/v1/search/orama?q=tilapa')) {
      expect(observe('search', answer, SearchResponse, (r) => r.data[0]?.name)).toMatchObject({
        status: 200,
        facts: expect.stringMatching(/tilapia/i),
      });
    }
    for (const q of ['', '%20%20%20', 'a'.repeat(101), 'fish&limit=51']) {
      await expectSameAnswer(`/api/v1/search/orama?q=${q}`);
    }
  });

  it('on unknown API routes', async () => {
    await expectSameAnswer('/api/nope');
    expect((await server.call('GET', '/api/nope')).status).toBe(404);
  });
});
