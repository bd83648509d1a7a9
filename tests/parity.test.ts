import { shownFigures } from '@contract/checkout-rules';
import {
  ActivityList,
  ADMIN_PRODUCT_SORTS,
  AdminAttribute,
  AdminProduct,
  AdminProductList,
  AttributeDeleted,
  CategoryDeleted,
  compareText,
  UploadedImages,
  type AdminProductRow,
  type AdminProductSort,
} from '@contract/admin';
import { AuthResult, GetUserResult, LogoutResult, User, VerifyOtpResult } from '@contract/auth';
import { Cart, DeliveryAreaList } from '@contract/cart';
import { Category, Image, ProductDetail, ProductList } from '@contract/catalogue';
import { AdminOrder, AdminOrderList, type AdminOrderSummary } from '@contract/admin-orders';
import { CheckoutConflict, CheckoutResult, Order, OrderList } from '@contract/checkout';
import { AdminDashboard } from '@contract/dashboard';
import { InvitationView, StaffInvitation, StaffMember } from '@contract/admin-staff';
import { Delivery, Rider } from '@contract/deliveries';
import { CustomerDetail, CustomerExport, CustomerList } from '@contract/admin-customers';
import { Discount, DiscountDeleted, DiscountList } from '@contract/discounts';
import { ImportPreview, ImportResult } from '@contract/admin-import';
import { countRows, ErrorBody } from '@contract/common';
import { DEMO_ACCOUNTS } from '@contract/demo-accounts';
import { iconPath } from '@contract/icons';
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
import Papa from 'papaparse';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { servedContext, type ServedContext } from '../server/test/shop';

/*
 * The mock/server parity test (docs/design.md#mocks-keep-the-contract). One script of requests — a guest with
 * a cart in the browser, a sign-up with a code, the server cart, saved items, delivery fees, checkouts with
 * every M-Pesa outcome, a payment retry, orders, an admin kept out — runs against the real server (over HTTP,
 * with its Daraja simulator) and against the MSW handlers the SPA's tests and `npm run dev:mock` use. Each
 * step records what a client can rely on: the status, the error code and the fields a 400 names, that the
 * body has the contract's shape, and the outcome of the shared rules (totals, fees, payment states and
 * messages). Catalogues differ (the seed against the fixture), so ids, names, prices and times are not
 * compared; the two lists of steps must be equal.
 */

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

interface CallOptions {
  json?: unknown;
  /** A multipart body (its boundary goes in the Content-Type the request makes). */
  form?: FormData;
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

function request(
  origin: string,
  method: string,
  path: string,
  { json, form, token, headers }: CallOptions = {},
) {
  const h = new Headers(headers);
  if (json !== undefined) h.set('Content-Type', 'application/json');
  if (token) h.set('Authorization', `Bearer ${token}`);
  return new Request(new URL(path, origin), {
    method,
    headers: h,
    body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
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
  ctx = await servedContext({
    MPESA_SIMULATOR_DELAY_MS: String(PROMPT_MS),
    PAYMENT_QUERY_DELAY_MS: '100',
    // The sessions prompt the same few demo phones many times a minute; the mocks count no prompts
    // (server/security/stock-hoarding.test.ts proves the server's limits).
    PROMPTS_PER_PHONE_PER_MINUTE: '1000',
    PROMPTS_PER_PHONE_PER_HOUR: '1000',
    PROMPTS_PER_ACCOUNT_PER_HOUR: '1000',
  });
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
/** The facts of an error answer that has a schema of its own beside the envelope. */
function errorFacts<S extends z.ZodType>(
  schema: S,
  facts: (body: z.infer<S>, answer: Answer) => unknown,
  answer: Answer,
) {
  const parsed = schema.safeParse(answer.body);
  return parsed.success ? { facts: facts(parsed.data, answer) } : {};
}

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
      // An error with more than the envelope (a 409 price_changed's new figures): its facts too.
      ...(schema && facts ? errorFacts(schema, facts, answer) : {}),
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
  totalAddsShipping: cart.total === cart.subtotal - cart.orderSaving + cart.shippingRate,
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
  totalAddsUp: o.total === o.subtotal - o.orderSaving + o.shippingRate,
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
/** What the checkout page shows for the cart delivered to Westlands: the body's `shown`. */
async function shownAtWestlands(side: Side, token: string) {
  const { data: c } = (await side.call('GET', '/api/v1/cart?deliveryAreaId=westlands', { token })).body as {
    data: Cart;
  };
  return shownFigures(c);
}

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
  // As the page does: the body carries what the page shows now.
  const checkout = async (json: object, key?: string) =>
    call('POST', '/api/v1/checkout', {
      token,
      json: 'shown' in json ? json : { ...json, shown: await shownAtWestlands(side, token) },
      headers: key ? { 'Idempotency-Key': key } : {},
    });
  const beforeCheckout = cart(await call('GET', '/api/v1/cart?deliveryAreaId=westlands', { token }));
  const shownBefore = await shownAtWestlands(side, token);
  steps.push(
    observe(
      'checkout with a total the page no longer shows',
      await checkout(
        { ...body('00'), shown: { ...shownBefore, total: shownBefore.total + 10 } },
        randomUUID(),
      ),
      CheckoutConflict,
      (e) => ({
        code: e.code,
        newTotal: e.priceChange?.cart.total === beforeCheckout.total,
        sentence: e.message.includes(`not KSH ${(shownBefore.total + 10).toLocaleString('en-KE')}`),
      }),
    ),
    observe(
      'checkout with a delivery fee the page no longer shows',
      await checkout(
        {
          ...body('00'),
          shown: {
            ...shownBefore,
            total: shownBefore.total - 10,
            shippingRate: shownBefore.shippingRate - 10,
          },
        },
        randomUUID(),
      ),
      CheckoutConflict,
      (e) => ({ code: e.code, feeNamed: e.message.startsWith('The delivery fee changed from') }),
    ),
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

// ---- the back office -----------------------------------------------------------------------------

async function signIn(side: Side, account: { email: string; password: string }): Promise<string> {
  const answer = await side.call('POST', '/api/v1/auth/login', {
    json: { email: account.email, password: account.password },
  });
  return (answer.body as { data: AuthResult }).data.token;
}

const categoryFacts = (c: Category) => ({
  slug: c.slug,
  color: c.color,
  icon: c.icon,
  iconPathIsTheIcon: c.iconPath === iconPath(c.icon),
  productCount: c.productCount,
});

const attributeFacts = (a: AdminAttribute) => ({
  name: a.name,
  values: a.values,
  productCount: a.productCount,
  valueCounts: a.valueCounts,
});

/**
 * An admin runs the catalogue: categories and attributes with their refusals (and a guest and a
 * customer kept out of each kind of call).
 */
async function backOfficeSession(side: Side): Promise<Step[]> {
  const steps: Step[] = [];
  const call = side.call;
  const asAdmin = { token: await signIn(side, DEMO_ACCOUNTS.admin) };
  const asShopper = { token: await signIn(side, DEMO_ACCOUNTS.shopper) };
  const greens = { name: 'Parity Greens', icon: 'mdiLeaf', color: 'green' };

  // Who may: a guest and a customer are refused every kind of admin call.
  for (const [who, as] of [
    ['a guest', {}],
    ['a customer', asShopper],
  ] as const) {
    steps.push(
      observe(`${who} adds a category`, await call('POST', '/api/v1/categories', { ...as, json: greens })),
      observe(`${who} lists attributes`, await call('GET', '/api/v1/attribute?eager=true', as)),
      observe(
        `${who} adds an attribute`,
        await call('POST', '/api/v1/attribute', { ...as, json: { name: 'Size', values: [] } }),
      ),
    );
  }

  // Categories.
  const created = await call('POST', '/api/v1/categories', { ...asAdmin, json: greens });
  const greensId = (created.body as { data: Category }).data.categoryId;
  steps.push(
    observe('a category added', created, data(Category), ({ data: c }) => categoryFacts(c)),
    observe(
      'a category with a taken name',
      await call('POST', '/api/v1/categories', { ...asAdmin, json: { ...greens, name: 'PARITY GREENS' } }),
    ),
    observe(
      'a second category of that slug',
      await call('POST', '/api/v1/categories', { ...asAdmin, json: { ...greens, name: 'Parity greens!' } }),
    ),
    observe(
      'a category with nothing right',
      await call('POST', '/api/v1/categories', {
        ...asAdmin,
        json: { name: ' ', icon: 'leaf', color: '#00ff00' },
      }),
    ),
    observe(
      'a category with an unknown icon',
      await call('POST', '/api/v1/categories', {
        ...asAdmin,
        json: { ...greens, name: 'Odd', icon: 'mdiNoSuchIcon' },
      }),
    ),
    observe(
      'a category renamed',
      await call('PUT', `/api/v1/categories/${greensId}`, {
        ...asAdmin,
        json: { name: 'Parity Leafy Greens', icon: 'mdiSprout', color: 'teal' },
      }),
      data(Category),
      ({ data: c }) => categoryFacts(c),
    ),
    observe(
      'an unknown category renamed',
      await call('PUT', `/api/v1/categories/${randomUUID()}`, { ...asAdmin, json: greens }),
    ),
    observe(
      'a category by a bad id',
      await call('PUT', '/api/v1/categories/nope', { ...asAdmin, json: greens }),
    ),
  );
  const listed = (await call('GET', '/api/v1/categories')).body as { data: { rows: Category[] } };
  const ids = listed.data.rows.map((c) => c.categoryId);
  const reordered = await call('POST', '/api/v1/categories/reorder', {
    ...asAdmin,
    json: { categoryIds: [...ids].reverse() },
  });
  steps.push(
    observe(
      'categories reordered',
      reordered,
      data(countRows(Category)),
      ({ data: d }) => d.rows.map((c) => c.categoryId).join() === [...ids].reverse().join(),
    ),
    observe(
      'a reorder that leaves one out',
      await call('POST', '/api/v1/categories/reorder', { ...asAdmin, json: { categoryIds: ids.slice(1) } }),
    ),
  );

  // Attributes.
  const ripeness = await call('POST', '/api/v1/attribute', {
    ...asAdmin,
    json: { name: 'Parity Ripeness', values: ['Ripe', 'Unripe'] },
  });
  const ripenessId = (ripeness.body as { data: AdminAttribute }).data.attributeId;
  const attributeList = (answer: Answer) =>
    (answer.body as { data: { rows: AdminAttribute[] } }).data.rows.find((a) => a.attributeId === ripenessId);
  steps.push(
    observe('an attribute added', ripeness, data(AdminAttribute), ({ data: a }) => attributeFacts(a)),
    observe(
      'an attribute with a taken name',
      await call('POST', '/api/v1/attribute', { ...asAdmin, json: { name: 'parity ripeness', values: [] } }),
    ),
    observe(
      'an attribute with a value twice',
      await call('POST', '/api/v1/attribute', { ...asAdmin, json: { name: 'Twice', values: ['a', 'A'] } }),
    ),
    observe(
      'the attributes with their values',
      await call('GET', '/api/v1/attribute?eager=true', asAdmin),
      data(countRows(AdminAttribute)),
      (_, answer) => attributeFacts(attributeList(answer)!),
    ),
    observe(
      'the attributes without their values',
      await call('GET', '/api/v1/attribute', asAdmin),
      data(countRows(AdminAttribute)),
      (_, answer) => attributeFacts(attributeList(answer)!),
    ),
    observe(
      'an attribute renamed with a value swapped',
      await call('PUT', `/api/v1/attribute/${ripenessId}`, {
        ...asAdmin,
        json: { name: 'Parity Ripeness', values: ['Ripe', 'Half ripe'] },
      }),
      data(AdminAttribute),
      ({ data: a }) => attributeFacts(a),
    ),
    observe(
      'a value deleted',
      await call('DELETE', `/api/v1/attribute/${ripenessId}/value`, {
        ...asAdmin,
        json: { value: 'Half ripe' },
      }),
      data(AdminAttribute),
      ({ data: a }) => attributeFacts(a),
    ),
    observe(
      'an unknown value deleted',
      await call('DELETE', `/api/v1/attribute/${ripenessId}/value`, {
        ...asAdmin,
        json: { value: 'Rotten' },
      }),
    ),
    observe(
      'a value of an unknown attribute deleted',
      await call('DELETE', `/api/v1/attribute/${randomUUID()}/value`, {
        ...asAdmin,
        json: { value: 'Ripe' },
      }),
    ),
  );

  // Deleting: a category into itself is refused; moved into another, then the attribute.
  const other = ids.find((id) => id !== greensId)!;
  steps.push(
    observe(
      'a category moved into itself',
      await call('DELETE', `/api/v1/categories/${greensId}?moveTo=${greensId}`, asAdmin),
    ),
    observe(
      'a category moved into an unknown one',
      await call('DELETE', `/api/v1/categories/${greensId}?moveTo=${randomUUID()}`, asAdmin),
    ),
    observe(
      'a category deleted',
      await call('DELETE', `/api/v1/categories/${greensId}?moveTo=${other}`, asAdmin),
      data(CategoryDeleted),
      ({ data: d }) => ({ products: d.products, movedToTheOther: d.movedTo === other }),
    ),
    observe(
      'a deleted category deleted again',
      await call('DELETE', `/api/v1/categories/${greensId}`, asAdmin),
    ),
    observe(
      'an attribute deleted',
      await call('DELETE', `/api/v1/attribute/${ripenessId}`, asAdmin),
      data(AttributeDeleted),
      ({ data: d }) => d.products,
    ),
    observe(
      'a deleted attribute deleted again',
      await call('DELETE', `/api/v1/attribute/${ripenessId}`, asAdmin),
    ),
  );
  return steps;
}

// ---- the back office: products, images and the activity log ---------------------------------------

const UPLOADS = new URL('../server/test/fixtures/uploads/', import.meta.url);

/** A real file of the upload fixtures, as a browser's file input hands it over. */
async function fixtureFile(name: string, type: string): Promise<File> {
  return new File([await readFile(new URL(name, UPLOADS))], name, { type });
}

/** The upload form: an `images` part and its `altText` part, for each file in order. */
function uploadForm(parts: { file?: File; altText?: string }[]): FormData {
  const form = new FormData();
  for (const { file, altText } of parts) {
    if (file) form.append('images', file);
    if (altText !== undefined) form.append('altText', altText);
  }
  return form;
}

/** A product as the admin's form shows it to a client: what holds whatever the catalogue. */
const adminProductFacts = (p: AdminProduct) => ({
  name: p.name,
  status: p.status,
  hidden: p.hidden,
  archived: p.archivedAt !== null,
  version: p.version,
  pid: /^SKN-\d+$/.test(p.pid),
  recipeTips: p.recipeTips,
  images: p.images.map((i) => ({ altText: i.altText, isListed: p.imageIds.includes(i.imageId) })),
  variants: p.variants.map((v) => ({
    name: v.name,
    price: v.price,
    quantity: v.quantity,
    isAvailable: v.isAvailable,
    archived: v.archivedAt !== null,
    values: v.attributes.map((a) => a.value),
  })),
});

const rowFacts = (r: AdminProductRow) => ({
  name: r.name,
  status: r.status,
  categories: r.categories.map((c) => c.name),
  minPrice: r.minPrice,
  maxPrice: r.maxPrice,
  totalStock: r.totalStock,
  variantCount: r.variantCount,
  hasThumb: r.thumbUrl !== null,
  version: r.version,
});

/** The ETag as the product's version (the server's compression on the way makes it a weak one). */
const etag = (a: Answer) => a.headers.get('ETag')?.replace(/^W\//, '');

/** Whether each row comes where the sort puts it (rows of equal keys may come in any order). */
const SORTED: Record<AdminProductSort, (a: AdminProductRow, b: AdminProductRow) => boolean> = {
  updated: (a, b) => a.updatedAt >= b.updatedAt,
  newest: () => true,
  name: (a, b) => compareText(a.name, b.name) <= 0,
  price_asc: (a, b) => a.minPrice <= b.minPrice,
  price_desc: (a, b) => a.minPrice >= b.minPrice,
  stock: (a, b) => a.totalStock <= b.totalStock,
};

/**
 * An admin makes a product from nothing: a category and an attribute, an uploaded photo, the
 * product with two variants (one with a value typed inline), its refusals, the table, saves that
 * race, hiding, archiving and restoring it (the shop following each), and its history.
 */
async function productSession(side: Side): Promise<Step[]> {
  const steps: Step[] = [];
  const call = side.call;
  const asAdmin = { token: await signIn(side, DEMO_ACCOUNTS.admin) };
  const asShopper = { token: await signIn(side, DEMO_ACCOUNTS.shopper) };
  const png = await fixtureFile('plain.png', 'image/png');

  // Who may: a guest and a customer are refused the products, uploads and the activity log.
  for (const [who, as] of [
    ['a guest', {}],
    ['a customer', asShopper],
  ] as const) {
    steps.push(
      observe(`${who} lists the products`, await call('GET', '/api/v1/admin/products', as)),
      observe(`${who} adds a product`, await call('POST', '/api/v1/products', { ...as, json: {} })),
      observe(
        `${who} uploads an image`,
        await call('POST', '/api/v1/assets/image', { ...as, form: uploadForm([{ file: png, altText: '' }]) }),
      ),
      observe(
        `${who} reads the activity`,
        await call('GET', `/api/v1/admin/activity?entity=product&id=${randomUUID()}`, as),
      ),
    );
  }

  // What the product will be filed under, made in this session.
  const fruit = await call('POST', '/api/v1/categories', {
    ...asAdmin,
    json: { name: 'Parity Fruit', icon: 'mdiFruitCherries', color: 'orange' },
  });
  const fruitId = (fruit.body as { data: Category }).data.categoryId;
  const size = await call('POST', '/api/v1/attribute', {
    ...asAdmin,
    json: { name: 'Parity Size', values: ['Small'] },
  });
  const sizeId = (size.body as { data: AdminAttribute }).data.attributeId;
  steps.push(observe('the category for it', fruit), observe('the attribute for it', size));

  // Images: a photo, refusals by content, alt text.
  const uploaded = await call('POST', '/api/v1/assets/image', {
    ...asAdmin,
    form: uploadForm([{ file: png, altText: '  A green square  ' }]),
  });
  const imageId = (uploaded.body as { data: Image[] }).data[0]?.imageId ?? randomUUID();
  const upload = async (parts: { file?: File; altText?: string }[]) =>
    call('POST', '/api/v1/assets/image', { ...asAdmin, form: uploadForm(parts) });
  const altText = (id: string, json: unknown) =>
    call('PATCH', `/api/v1/assets/image/${id}`, { ...asAdmin, json });
  steps.push(
    observe('a photo uploaded', uploaded, data(UploadedImages), ({ data: d }) =>
      d.map((i) => ({ altText: i.altText, sized: i.width > 0 && i.height > 0 })),
    ),
    observe('an SVG uploaded', await upload([{ file: await fixtureFile('drawing.svg', 'image/svg+xml') }])),
    observe(
      'a PHP script named .jpg uploaded',
      await upload([{ file: await fixtureFile('shell.jpg', 'image/jpeg'), altText: 'me' }]),
    ),
    observe(
      'an empty file uploaded',
      await upload([{ file: new File([], 'empty.png', { type: 'image/png' }) }]),
    ),
    observe('an upload without images', await upload([{ altText: 'nothing' }])),
    observe(
      'an upload with more alt texts than images',
      await upload([{ file: png, altText: 'one' }, { altText: 'two' }]),
    ),
    observe(
      'an upload that is not multipart',
      await call('POST', '/api/v1/assets/image', { ...asAdmin, json: { images: [] } }),
    ),
    observe(
      'alt text changed',
      await altText(imageId, { altText: ' A plain green square ' }),
      data(Image),
      ({ data: i }) => i.altText,
    ),
    observe('alt text too long', await altText(imageId, { altText: 'x'.repeat(251) })),
    observe('alt text of an unknown image', await altText(randomUUID(), { altText: 'x' })),
    observe('alt text of a bad image id', await altText('nope', { altText: 'x' })),
  );

  // The product: a new value typed inline, two variants, the photo; then refusals naming fields.
  const NAME = 'Parity Kent Mango';
  const input = {
    name: NAME,
    description: 'Sweet and fibreless.',
    recipeTips: '<p>Hi<script>alert(1)</script></p>',
    categoryIds: [fruitId],
    imageIds: [imageId],
    variants: [
      {
        name: 'One',
        price: 120,
        quantity: 10,
        isAvailable: true,
        attributes: [{ attributeId: sizeId, value: 'small' }],
      },
      {
        name: 'Tray of six',
        price: 650,
        quantity: 3,
        isAvailable: true,
        attributes: [{ attributeId: sizeId, value: 'Tray' }],
      },
    ],
  };
  const create = (json: unknown) => call('POST', '/api/v1/products', { ...asAdmin, json });
  const createdProduct = await create(input);
  const product = (createdProduct.body as { data: AdminProduct }).data;
  const productId = product.productId;
  steps.push(
    observe('a product created', createdProduct, data(AdminProduct), ({ data: p }) => ({
      ...adminProductFacts(p),
      categoryIds: p.categoryIds.join() === fruitId,
      imageIds: p.imageIds.join() === imageId,
    })),
    observe('a product without variants', await create({ ...input, variants: [] })),
    observe('a product in an unknown category', await create({ ...input, categoryIds: [randomUUID()] })),
    observe('a product with an unknown image', await create({ ...input, imageIds: [imageId, randomUUID()] })),
    observe(
      'a product with a negative price',
      await create({ ...input, variants: [{ ...input.variants[0]!, price: -5 }] }),
    ),
    observe(
      'a product with an unknown attribute',
      await create({
        ...input,
        variants: [{ ...input.variants[0]!, attributes: [{ attributeId: randomUUID(), value: 'x' }] }],
      }),
    ),
    observe(
      'the attribute with the value typed inline',
      await call('GET', '/api/v1/attribute?eager=true', asAdmin),
      data(countRows(AdminAttribute)),
      ({ data: d }) => attributeFacts(d.rows.find((a) => a.attributeId === sizeId)!),
    ),
  );

  // The admin's reads: the product, and the table by name, status, sort and page.
  const table = (query: string) => call('GET', `/api/v1/admin/products?${query}`, asAdmin);
  const q = `q=${encodeURIComponent('kent mANGO')}`;
  const found = (l: AdminProductList) => ({ total: l.meta.total, rows: l.data.map(rowFacts) });
  steps.push(
    observe(
      'the product for the form',
      await call('GET', `/api/v1/admin/products/${productId}`, asAdmin),
      data(AdminProduct),
      ({ data: p }, a) => ({
        ...adminProductFacts(p),
        etag: etag(a),
      }),
    ),
    observe('the table by name', await table(q), AdminProductList, found),
    observe('the table by name, hidden only', await table(`${q}&status=hidden`), AdminProductList, found),
    observe('a table page', await table('limit=3&offset=2'), AdminProductList, (l) => ({
      meta: { limit: l.meta.limit, offset: l.meta.offset },
      rows: l.data.length === Math.min(3, Math.max(0, l.meta.total - 2)),
    })),
    observe('a table of a bad status', await table('status=gone')),
    observe('a table of a bad page size', await table('limit=101')),
  );
  for (const sort of ADMIN_PRODUCT_SORTS) {
    steps.push(
      observe(`the table sorted by ${sort}`, await table(`sort=${sort}&limit=50`), AdminProductList, (l) => ({
        sorted: l.data.every((row, i) => i === 0 || SORTED[sort](l.data[i - 1]!, row)),
        fullPage: l.data.length === Math.min(50, l.meta.total),
      })),
    );
  }

  // Saving the whole product: If-Match, a race lost, a variant dropped.
  const put = (json: unknown, headers?: Record<string, string>, id = productId) =>
    call('PUT', `/api/v1/products/${id}`, { ...asAdmin, json, headers });
  const [one, tray] = product.variants;
  const edited = {
    ...input,
    variants: [{ ...input.variants[0]!, variantId: one?.variantId, price: 130 }],
  };
  steps.push(
    observe('a save without If-Match', await put(edited)),
    observe('a save with a bad If-Match', await put(edited, { 'If-Match': 'latest' })),
    observe(
      'a save with a variant of another product',
      await put(
        { ...edited, variants: [{ ...edited.variants[0]!, variantId: randomUUID() }] },
        { 'If-Match': '"1"' },
      ),
    ),
    observe('a save of an unknown product', await put(edited, { 'If-Match': '"1"' }, randomUUID())),
    observe('a save of an unknown product without If-Match', await put(edited, {}, randomUUID())),
    observe('a save', await put(edited, { 'If-Match': 'W/"1"' }), data(AdminProduct), ({ data: p }, a) => ({
      ...adminProductFacts(p),
      etag: etag(a),
      droppedIsTheTray: p.variants.find((v) => v.archivedAt !== null)?.variantId === tray?.variantId,
    })),
    observe('a save from the old version', await put(edited, { 'If-Match': '1' })),
  );

  // Visibility: hidden, the shop leaves it out; shown; archived; restored and shown at once.
  const patch = (json: unknown, id = productId) =>
    call('PATCH', `/api/v1/products/${id}`, { ...asAdmin, json });
  const shop = async (when: string) => {
    steps.push(
      observe(
        `the shop's page ${when}`,
        await call('GET', `/api/v1/products/${productId}`),
        data(ProductDetail),
        ({ data: p }) => p.name,
      ),
      observe(
        `the shop's category ${when}`,
        await call('GET', `/api/v2/products?categoryId=${fruitId}`),
        ProductList,
        (l) => l.meta.total,
      ),
      observe(
        `search ${when}`,
        await call('GET', `/api/v1/search/orama?q=${encodeURIComponent(NAME)}`),
        SearchResponse,
        (r) => r.data.some((hit) => hit.name === NAME),
      ),
    );
  };
  const patched = async (step: string, json: unknown) =>
    steps.push(observe(step, await patch(json), data(AdminProduct), ({ data: p }) => adminProductFacts(p)));
  await shop('while visible');
  await patched('hidden', { hidden: true });
  await shop('while hidden');
  steps.push(
    observe(
      'the table by name, hidden only, again',
      await table(`${q}&status=hidden`),
      AdminProductList,
      found,
    ),
  );
  await patched('hidden again', { hidden: true });
  await patched('shown', { hidden: false });
  await shop('when shown');
  await patched('hidden to be archived', { hidden: true });
  steps.push(
    observe(
      'archived',
      await call('DELETE', `/api/v1/products/${productId}`, asAdmin),
      data(AdminProduct),
      ({ data: p }) => adminProductFacts(p),
    ),
  );
  await shop('while archived');
  steps.push(
    observe('the table by name, archived left out', await table(q), AdminProductList, found),
    observe('the table by name, archived only', await table(`${q}&status=archived`), AdminProductList, found),
  );
  await patched('restored and shown', { archived: false, hidden: false });
  await shop('when restored');
  steps.push(
    observe('a patch of nothing', await patch({})),
    observe('a patch of an unknown product', await patch({ hidden: true }, randomUUID())),
    observe('a patch of a bad id', await patch({ hidden: true }, 'nope')),
    observe('an unknown product archived', await call('DELETE', `/api/v1/products/${randomUUID()}`, asAdmin)),
    observe('a bad id archived', await call('DELETE', '/api/v1/products/42', asAdmin)),
    observe(
      'an unknown product for the form',
      await call('GET', `/api/v1/admin/products/${randomUUID()}`, asAdmin),
    ),
    observe('a bad id for the form', await call('GET', '/api/v1/admin/products/42', asAdmin)),
  );

  // A value in use is not deleted silently.
  const dropValue = (force: string) =>
    call('DELETE', `/api/v1/attribute/${sizeId}/value${force}`, { ...asAdmin, json: { value: 'Small' } });
  steps.push(
    observe('a value in use deleted', await dropValue('')),
    observe(
      'a value in use deleted anyway',
      await dropValue('?force=true'),
      data(AdminAttribute),
      ({ data: a }) => attributeFacts(a),
    ),
    observe(
      'the product without the value',
      await call('GET', `/api/v1/admin/products/${productId}`, asAdmin),
      data(AdminProduct),
      ({ data: p }) => adminProductFacts(p).variants,
    ),
  );

  // The history, newest first.
  const history = (entity: string, id: string) =>
    call('GET', `/api/v1/admin/activity?entity=${entity}&id=${id}`, asAdmin);
  const entries = (l: ActivityList) => ({
    total: l.meta.total,
    entries: l.data.map((e) => ({
      action: e.action,
      summary: e.summary.replace(/SKN-\d+/, 'SKN-…'),
      actor: e.actorName,
    })),
  });
  steps.push(
    observe("the product's history", await history('product', productId), ActivityList, entries),
    observe("the photo's history", await history('image', imageId), ActivityList, (l) =>
      l.data.map((e) => e.action),
    ),
    observe('the history of a bad entity', await history('planet', productId)),
    observe('the history of a bad id', await history('product', 'nope')),
  );
  return steps;
}

// ---- the back office: orders -----------------------------------------------------------------------

const adminOrderFacts = (o: AdminOrder) => ({
  status: o.status,
  paymentStatus: o.paymentStatus,
  paymentIssue: o.paymentIssue,
  nextStatus: o.nextStatus,
  canCancel: o.canCancel,
  timeline: o.timeline.map((e) => e.kind),
  rider: o.rider && { name: o.rider.name, phone: o.rider.phone },
  payments: o.payments.map((p) => ({ status: p.status, hasPrompt: p.checkoutRequestId !== null })),
  refund: o.refund && {
    status: o.refund.status,
    amountIsTheTotal: o.refund.amount === null ? null : o.refund.amount === o.total,
    reference: o.refund.reference !== null,
  },
});

/** An M-Pesa transaction id no one has used: 10 letters and digits. */
const transactionId = (prefix: string) =>
  (prefix + randomUUID().replace(/-/g, '')).slice(0, 10).toUpperCase();

/**
 * An admin imports the catalogue as CSV: who may, a file refused as a whole, a preview with a
 * problem by row, a preview that creates a missing category, its confirmations and refusals, then
 * the export and the search finding the new product. The files are built from each side's own
 * export, so the same rows mean the same thing to both catalogues.
 */
async function importSession(side: Side): Promise<Step[]> {
  const steps: Step[] = [];
  const call = side.call;
  const asAdmin = { token: await signIn(side, DEMO_ACCOUNTS.admin) };
  const asShopper = { token: await signIn(side, DEMO_ACCOUNTS.shopper) };
  const fileForm = (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return form;
  };
  const preview = (text: string | File, name = 'parity.csv') =>
    call('POST', '/api/v1/admin/products/import', {
      ...asAdmin,
      form: fileForm(typeof text === 'string' ? new File([text], name, { type: 'text/csv' }) : text),
    });
  const previewFacts = (p: ImportPreview) => ({
    ready: p.importId !== null,
    fileName: p.fileName,
    rows: p.rows,
    products: p.products,
    variants: p.variants,
    missing: p.missing,
    problems: p.problems.map((x) => ({ row: x.row, column: x.column, blocking: x.blocking })),
    problemCount: p.problemCount,
    changes: p.changes.map((c) => ({ row: c.row, action: c.action, fields: c.fields.length })),
  });

  steps.push(
    observe(
      'a guest previews an import',
      await call('POST', '/api/v1/admin/products/import', { form: fileForm(new File(['x'], 'x.csv')) }),
    ),
    observe('a customer exports the products', await call('GET', '/api/v1/admin/products/export', asShopper)),
    observe('a PNG previewed', await preview(await fixtureFile('plain.png', 'image/png'))),
  );

  const exported = await call('GET', '/api/v1/admin/products/export?sort=name', asAdmin);
  const table = Papa.parse<string[]>(String(exported.body).trim()).data;
  const header = Papa.unparse([table[0]!]);
  const first = table[1]!;
  const repriced = Papa.unparse([[...first.slice(0, 5), String(Number(first[5]) + 1), ...first.slice(6)]]);
  const loaf = ',Parity Import Loaf,Baked for the parity test.,Parity Vegatables,,95,6,yes,,yes';
  steps.push(
    observe(
      'a file with a price in words',
      await preview(`${header}\r\n${repriced}\r\n,Parity Bad Price,,,,"KSh 1,200",3,,,\r\n`),
      data(ImportPreview),
      ({ data: d }) => ({
        ...previewFacts(d),
        messages: d.problems.filter((x) => x.blocking).map((x) => x.message),
      }),
    ),
  );
  const ready = await preview(`${header}\r\n${repriced}\r\n${loaf}\r\n`);
  const importId = (ready.body as { data?: ImportPreview }).data?.importId ?? randomUUID();
  const confirm = (id: string, json: unknown) =>
    call('POST', `/api/v1/admin/products/import/${id}/confirm`, { ...asAdmin, json });
  steps.push(
    observe('a file with a new product in a missing category', ready, data(ImportPreview), ({ data: d }) => ({
      ...previewFacts(d),
      messages: d.problems.filter((x) => x.column === 'categories').map((x) => x.message),
    })),
    observe('confirmed without creating what is missing', await confirm(importId, { createMissing: false })),
    observe('confirmed with a bad body', await confirm(importId, { createMissing: 'yes' })),
    observe(
      'confirmed creating it',
      await confirm(importId, { createMissing: true }),
      data(ImportResult),
      ({ data: d }) => d,
    ),
    observe('confirmed again', await confirm(importId, { createMissing: true })),
    observe('an unknown import confirmed', await confirm(randomUUID(), { createMissing: true })),
    observe('a bad import id confirmed', await confirm('not-an-id', { createMissing: true })),
  );
  const after = await call('GET', '/api/v1/admin/products/export?q=parity%20import', asAdmin);
  steps.push({
    step: 'the export after it',
    status: after.status,
    facts: {
      type: after.headers.get('content-type'),
      disposition: /^attachment; filename="sokoni-products-\d{4}-\d{2}-\d{2}\.csv"$/.test(
        after.headers.get('content-disposition') ?? '',
      ),
      rows: String(after.body)
        .trim()
        .split('\r\n')
        .map((r) => r.replace(/^SKN-\d+,/, 'SKN,')),
    },
  });
  const found = await call('GET', '/api/v1/search/orama?q=parity%20import%20loaf', asAdmin);
  steps.push(
    observe('the search after it', found, SearchResponse, (b) => ({
      found: b.data.some((r) => r.name === 'Parity Import Loaf'),
    })),
  );
  return steps;
}

/**
 * The demo shopper places orders paid in every way the back office handles, and an admin runs them:
 * the list with its filters, search, pages and CSV, one order, each step, cancels, refunds, a payment
 * settled by hand and a check with M-Pesa (and a guest and a customer kept out of every route).
 */
async function ordersSession(side: Side): Promise<Step[]> {
  const steps: Step[] = [];
  const call = side.call;
  const asAdmin = { token: await signIn(side, DEMO_ACCOUNTS.admin) };
  const shopper = { token: await signIn(side, DEMO_ACCOUNTS.shopper) };
  const someOrder = `/api/v1/admin/orders/${randomUUID()}`;

  for (const [who, as] of [
    ['a guest', {}],
    ['a customer', shopper],
  ] as const) {
    steps.push(
      observe(`${who} lists orders`, await call('GET', '/api/v1/admin/orders', as)),
      observe(
        `${who} asks for the CSV`,
        await call('GET', '/api/v1/admin/orders', { ...as, headers: { Accept: 'text/csv' } }),
      ),
      observe(`${who} reads an order`, await call('GET', someOrder, as)),
      observe(
        `${who} moves an order`,
        await call('PATCH', someOrder, { ...as, json: { status: 'processing' } }),
      ),
      observe(
        `${who} records a refund`,
        await call('POST', `${someOrder}/refund`, { ...as, json: { reference: 'RVS1234567', amount: 1 } }),
      ),
      observe(`${who} asks M-Pesa`, await call('POST', `${someOrder}/payment-check`, as)),
    );
  }

  // The demo shopper checks out four times: paid twice, paid the wrong amount, and left waiting.
  const { productId } = await stockedProduct(side);
  const placed: Record<string, { orderId: string; number: number }> = {};
  for (const [name, ending] of [
    ['delivered', '00'],
    ['cancelled', '00'],
    ['review', '06'],
    ['waiting', '09'],
  ] as const) {
    await call('POST', '/api/v1/cart', { ...shopper, json: { item: { productId, quantity: 1 } } });
    const answer = await call('POST', '/api/v1/checkout', {
      ...shopper,
      json: {
        phone: phone(ending),
        deliveryAreaId: 'westlands',
        address: ADDRESS,
        shown: await shownAtWestlands(side, shopper.token),
      },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    const result = (answer.body as { data: CheckoutResult }).data;
    steps.push(
      observe(`checkout of the ${name} order`, answer, data(CheckoutResult), ({ data: r }) => r.status),
    );
    if (ending !== '09') await settled(side, shopper.token, result.orderId);
    placed[name] = { orderId: result.orderId, number: result.number };
  }
  const ours = new Set(Object.values(placed).map((o) => o.orderId));
  const path = (name: string, rest = '') => `/api/v1/admin/orders/${placed[name]!.orderId}${rest}`;
  const list = (query: string, headers?: Record<string, string>) =>
    call('GET', `/api/v1/admin/orders${query}`, { ...asAdmin, headers });
  /** Whether every row answers the filter, and which of the session's orders are in it. */
  const listFacts =
    (holds: (o: AdminOrderSummary) => boolean) =>
    ({ data: rows, meta }: AdminOrderList) => ({
      allMatch: rows.every(holds),
      ours: Object.entries(placed)
        .filter(([, o]) => rows.some((r) => r.orderId === o.orderId))
        .map(([name]) => name),
      newestFirst: rows.every((r, i) => i === 0 || rows[i - 1]!.createdAt >= r.createdAt),
      limit: meta.limit,
    });

  // The list: each filter, search, pages, CSV.
  for (const paymentStatus of ['paid', 'needs_review', 'pending'] as const) {
    steps.push(
      observe(
        `orders paid ${paymentStatus}`,
        await list(`?paymentStatus=${paymentStatus}&limit=100`),
        AdminOrderList,
        listFacts((o) => o.paymentStatus === paymentStatus),
      ),
    );
  }
  steps.push(
    observe(
      'new orders',
      await list('?status=new&limit=100'),
      AdminOrderList,
      listFacts((o) => o.status === 'new'),
    ),
    observe(
      'orders of today',
      await list(`?from=${nairobiDay()}&to=${nairobiDay()}&limit=100`),
      AdminOrderList,
      listFacts(() => true),
    ),
    observe('orders by a range that ends before it starts', await list('?from=2026-03-12&to=2026-03-11')),
    observe('orders by an unknown status', await list('?status=shipped')),
    observe(
      'orders by number',
      await list(`?q=SKN${placed.review!.number}`),
      AdminOrderList,
      listFacts((o) => o.number === placed.review!.number),
    ),
    observe(
      'orders by email',
      await list(`?q=${encodeURIComponent(DEMO_ACCOUNTS.shopper.email.toUpperCase())}&limit=100`),
      AdminOrderList,
      listFacts((o) => o.customer.email === DEMO_ACCOUNTS.shopper.email),
    ),
    observe(
      'orders by phone',
      await list(`?q=${encodeURIComponent('+2547123456 06')}&limit=100`),
      AdminOrderList,
      listFacts((o) => o.phone.replace(/\s/g, '').endsWith('06')),
    ),
  );
  const first = await list('?limit=2');
  const second = await list('?limit=2&offset=2');
  steps.push(
    observe('the first page', first, AdminOrderList, ({ data: rows, meta }) => ({
      rows: rows.length,
      meta: { limit: meta.limit, offset: meta.offset },
      totalAtLeastOurs: meta.total >= ours.size,
    })),
    observe('the second page', second, AdminOrderList, ({ data: rows, meta }) => ({
      rows: rows.length,
      offset: meta.offset,
      followsTheFirst:
        rows[0]!.createdAt <= (first.body as AdminOrderList).data[1]!.createdAt &&
        !rows.some((r) => (first.body as AdminOrderList).data.some((f) => f.orderId === r.orderId)),
    })),
    observe('a page too large', await list('?limit=1000')),
  );
  const csv = await list('?paymentStatus=needs_review', { Accept: 'text/csv' });
  steps.push({
    step: 'the CSV',
    status: csv.status,
    facts: {
      type: csv.headers.get('content-type'),
      disposition: /^attachment; filename="sokoni-orders-\d{4}-\d{2}-\d{2}\.csv"$/.test(
        csv.headers.get('content-disposition') ?? '',
      ),
      header: String(csv.body).split('\r\n')[0],
      hasTheReviewOrder: String(csv.body).includes(`\r\nSKN${placed.review!.number},`),
    },
  });

  // One order, then each step forward, an illegal jump and cancels.
  const detail = (name: string) => call('GET', path(name), asAdmin);
  const facts = data(AdminOrder);
  const move = (name: string, status: string) => call('PATCH', path(name), { ...asAdmin, json: { status } });
  steps.push(
    observe('the paid order', await detail('delivered'), facts, ({ data: o }) => adminOrderFacts(o)),
    observe('the order under review', await detail('review'), facts, ({ data: o }) => adminOrderFacts(o)),
    observe('the waiting order', await detail('waiting'), facts, ({ data: o }) => adminOrderFacts(o)),
    observe('an unknown order', await call('GET', someOrder, asAdmin)),
    observe('an order by a bad id', await call('GET', '/api/v1/admin/orders/42', asAdmin)),
    observe('a jump to delivered', await move('delivered', 'delivered')),
    observe('an unknown status', await move('delivered', 'shipped')),
  );
  steps.push(
    observe('moved to processing', await move('delivered', 'processing'), facts, ({ data: o }) =>
      adminOrderFacts(o),
    ),
  );

  // Out for delivery with the demo rider, who marks it delivered from their round.
  const asRider = { token: await signIn(side, DEMO_ACCOUNTS.rider) };
  const asPacker = { token: await signIn(side, DEMO_ACCOUNTS.packer) };
  const riders = await call('GET', '/api/v1/admin/riders', asPacker);
  const riderRows = (riders.body as { data: { rows: Rider[] } }).data.rows;
  const riderId = riderRows.find((r) => r.name === DEMO_ACCOUNTS.rider.name)!.userId;
  const packerId = ((await call('GET', '/api/v1/auth/me', asPacker)).body as { data: User }).data.userId;
  const sendOut = (json: unknown) => call('PATCH', path('delivered'), { ...asAdmin, json });
  const deliver = (orderId: string, as = asRider) =>
    call('POST', `/api/v1/admin/deliveries/${orderId}/delivered`, as);
  const round = data(countRows(Delivery));
  steps.push(
    observe('the riders', riders, data(countRows(Rider)), ({ data: d }) => ({
      demoRider: d.rows.filter((r) => r.userId === riderId).map((r) => [r.name, r.phone]),
      counted: d.count === d.rows.length,
    })),
    observe('the riders, asked by a rider', await call('GET', '/api/v1/admin/riders', asRider)),
    observe('sent out without a rider', await sendOut({ status: 'out_for_delivery' })),
    observe('sent out with the packer', await sendOut({ status: 'out_for_delivery', riderId: packerId })),
    observe('given to a rider before it is out', await sendOut({ riderId })),
    observe(
      'moved to out_for_delivery',
      await sendOut({ status: 'out_for_delivery', riderId }),
      facts,
      ({ data: o }) => adminOrderFacts(o),
    ),
    observe('given to the same rider again', await sendOut({ riderId }), facts, ({ data: o }) =>
      adminOrderFacts(o),
    ),
    observe(
      "the rider's round",
      await call('GET', '/api/v1/admin/deliveries', asRider),
      round,
      ({ data: d }) => ({
        ours: d.rows.filter((r) => r.orderId === placed.delivered!.orderId).map((r) => r.status),
        onTheRoadFirst: d.rows.every(
          (r, i) =>
            i === 0 || r.status !== 'out_for_delivery' || d.rows[i - 1]!.status === 'out_for_delivery',
        ),
      }),
    ),
    observe('the rider lists orders', await call('GET', '/api/v1/admin/orders', asRider)),
    observe('the rider reads the order', await call('GET', path('delivered'), asRider)),
    observe('the owner asks for a round', await call('GET', '/api/v1/admin/deliveries', asAdmin)),
    observe('a guest asks for a round', await call('GET', '/api/v1/admin/deliveries')),
    observe("the rider marks another's order", await deliver(placed.review!.orderId)),
    observe('the rider marks an unknown order', await deliver(randomUUID())),
    observe('the rider marks a bad id', await deliver('42')),
    observe('the packer marks it', await deliver(placed.delivered!.orderId, asPacker)),
    observe(
      'moved to delivered',
      await deliver(placed.delivered!.orderId),
      data(Delivery),
      ({ data: d }) => ({
        status: d.status,
        delivered: d.deliveredAt !== null,
        items: d.items.length,
      }),
    ),
    observe('marked delivered again', await deliver(placed.delivered!.orderId)),
    observe('the delivered order', await detail('delivered'), facts, ({ data: o }) => adminOrderFacts(o)),
    observe('given to a rider once delivered', await sendOut({ riderId })),
  );
  steps.push(
    observe('a delivered order cancelled', await move('delivered', 'cancelled')),
    observe('an unpaid order prepared', await move('waiting', 'processing')),
    observe('a waiting order cancelled', await move('waiting', 'cancelled')),
    observe('a paid order cancelled', await move('cancelled', 'cancelled'), facts, ({ data: o }) =>
      adminOrderFacts(o),
    ),
    observe('a cancelled order moved on', await move('cancelled', 'processing')),
  );

  // Refunds: refusals, then the reversal; then no second one.
  const cancelledTotal = (await detail('cancelled')).body as { data: AdminOrder };
  const refund = (name: string, json: unknown) => call('POST', path(name, '/refund'), { ...asAdmin, json });
  const reversal = transactionId('RVS');
  steps.push(
    observe(
      'a refund of more than was paid',
      await refund('cancelled', { reference: transactionId('RVS'), amount: cancelledTotal.data.total + 1 }),
    ),
    observe('a refund with a bad reference', await refund('cancelled', { reference: 'x', amount: 1 })),
    observe('a refund of nothing', await refund('cancelled', { reference: reversal, amount: 0 })),
    observe(
      'a refund of an order that owes none',
      await refund('review', { reference: reversal, amount: 1 }),
    ),
    observe(
      'a refund',
      await refund('cancelled', { reference: reversal, amount: cancelledTotal.data.total }),
      facts,
      ({ data: o }) => adminOrderFacts(o),
    ),
    observe('the refund again', await refund('cancelled', { reference: transactionId('RVS'), amount: 1 })),
  );

  // A payment under review settled by hand: a bad receipt, one that belongs to another order, a good one.
  const paidReceipt = ((await detail('delivered')).body as { data: AdminOrder }).data.payments[0]!.receipt!;
  const markPaid = (name: string, receipt: string) =>
    call('PATCH', path(name), { ...asAdmin, json: { paymentStatus: 'paid', receipt } });
  steps.push(
    observe('marked paid with a bad receipt', await markPaid('review', 'ABC')),
    observe("marked paid with another order's receipt", await markPaid('review', paidReceipt)),
    observe('a paid order marked paid', await markPaid('delivered', transactionId('QAB'))),
    observe('a waiting order marked paid', await markPaid('waiting', transactionId('QAB'))),
    observe('marked paid', await markPaid('review', transactionId('QPR')), facts, ({ data: o }) =>
      adminOrderFacts(o),
    ),
    observe(
      "a refund with a payment's receipt",
      await refund('cancelled', { reference: paidReceipt, amount: 1 }),
    ),
  );

  // Asking M-Pesa: about a prompt still open, about a paid order; refused for an unknown order.
  steps.push(
    observe(
      'M-Pesa asked about a waiting prompt',
      await call('POST', path('waiting', '/payment-check'), asAdmin),
      facts,
      ({ data: o }) => ({ ...adminOrderFacts(o), said: o.timeline.at(-1)!.summary }),
    ),
    observe(
      'M-Pesa asked about a paid order',
      await call('POST', path('delivered', '/payment-check'), asAdmin),
      facts,
      ({ data: o }) => ({ paymentStatus: o.paymentStatus, said: o.timeline.at(-1)!.summary }),
    ),
    observe('M-Pesa asked about an unknown order', await call('POST', `${someOrder}/payment-check`, asAdmin)),
  );
  return steps;
}

/** Today's date in Nairobi, `YYYY-MM-DD`. */
const nairobiDay = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

// ---- the back office: discounts --------------------------------------------------------------------

const discountFacts = (d: Discount) => ({
  name: d.name,
  kind: d.kind,
  value: d.value,
  products: d.products.length,
  categories: d.categories.length,
  active: d.active,
  state: d.state,
  usageLimit: d.usageLimit,
  redemptions: d.redemptions,
});

/** A product on no discount now, with its first variant's price (each side has its own catalogue). */
async function plainProduct(side: Side) {
  const { body } = await side.call('GET', '/api/v2/products?inStock=true&limit=100&sort=name');
  const product = (body as ProductList).data.find(
    (p) => p.discountIds.length === 0 && p.categoryIds.length > 0 && !p.variants[0]!.saleInfo.onSale,
  );
  if (!product) throw new Error(`${side.name}: no product off sale`);
  return product;
}

/** An admin puts a product on sale and a category on a later sale, pauses, resumes, deletes. */
async function discountsSession(side: Side): Promise<Step[]> {
  const steps: Step[] = [];
  const call = side.call;
  const asAdmin = { token: await signIn(side, DEMO_ACCOUNTS.admin) };
  const shopper = { token: await signIn(side, DEMO_ACCOUNTS.shopper) };
  const product = await plainProduct(side);
  const price = product.variants[0]!.price;
  const hour = 3_600_000;
  const tenOff = {
    name: 'Parity ten off',
    kind: 'percentage',
    value: 10,
    productIds: [product.productId],
    categoryIds: [],
    startsAt: new Date(Date.now() - hour).toISOString(),
    endsAt: null,
    active: true,
    usageLimit: null,
  };
  const later = {
    ...tenOff,
    name: 'Parity fifty off later',
    kind: 'fixed',
    value: 50,
    productIds: [],
    categoryIds: [product.categoryIds[0]!],
    startsAt: new Date(Date.now() + 24 * hour).toISOString(),
    endsAt: new Date(Date.now() + 48 * hour).toISOString(),
    usageLimit: 5,
  };
  const someDiscount = `/api/v1/discounts/${randomUUID()}`;

  for (const [who, as] of [
    ['a guest', {}],
    ['a customer', shopper],
  ] as const) {
    steps.push(
      observe(`${who} lists discounts`, await call('GET', '/api/v1/discounts', as)),
      observe(`${who} adds a discount`, await call('POST', '/api/v1/discounts', { ...as, json: tenOff })),
      observe(`${who} changes a discount`, await call('PUT', someDiscount, { ...as, json: tenOff })),
      observe(`${who} deletes a discount`, await call('DELETE', someDiscount, as)),
    );
  }

  const create = (json: unknown) => call('POST', '/api/v1/discounts', { ...asAdmin, json });
  steps.push(
    observe('a discount of 0', await create({ ...tenOff, value: 0 })),
    observe('a discount of 100 %', await create({ ...tenOff, value: 100 })),
    observe('a discount that ends before it starts', await create({ ...later, endsAt: later.startsAt })),
    observe('a discount of an unknown product', await create({ ...tenOff, productIds: [randomUUID()] })),
    observe('a discount of nothing', await create({ ...tenOff, productIds: [] })),
  );
  const created = await create(tenOff);
  const laterCreated = await create(later);
  const id = (a: Answer) => (a.body as { data: Discount }).data.discountId;
  const tenOffId = id(created);
  const laterId = id(laterCreated);
  const saleOf = async () => {
    const answer = await call('GET', `/api/v1/products/${product.productId}`);
    const variant = (answer.body as { data: ProductDetail }).data.variants[0]!;
    return {
      status: answer.status,
      onSale: variant.saleInfo.onSale,
      tenPercentOff: variant.saleInfo.discountedPrice === Math.round(price * 90) / 100,
    };
  };
  const byState = async (state: string) => {
    const answer = await call('GET', `/api/v1/discounts?state=${state}&limit=100`, asAdmin);
    return observe(`discounts ${state}`, answer, DiscountList, ({ data: rows }) => ({
      allInState: rows.every((d) => d.state === state),
      tenOff: rows.some((d) => d.discountId === tenOffId),
      later: rows.some((d) => d.discountId === laterId),
    }));
  };
  const put = (discountId: string, json: unknown) =>
    call('PUT', `/api/v1/discounts/${discountId}`, { ...asAdmin, json });
  steps.push(
    observe('a percentage off a product', created, data(Discount), ({ data: d }) => discountFacts(d)),
    observe('a fixed amount off a category, later', laterCreated, data(Discount), ({ data: d }) =>
      discountFacts(d),
    ),
    { step: 'the product on sale', status: 200, facts: await saleOf() },
    await byState('active'),
    await byState('scheduled'),
    observe('paused', await put(tenOffId, { ...tenOff, active: false }), data(Discount), ({ data: d }) =>
      discountFacts(d),
    ),
    { step: 'the product off sale', status: 200, facts: await saleOf() },
    await byState('paused'),
    observe('resumed', await put(tenOffId, tenOff), data(Discount), ({ data: d }) => discountFacts(d)),
    { step: 'the product on sale again', status: 200, facts: await saleOf() },
    observe('a change to 100 %', await put(tenOffId, { ...tenOff, value: 100 })),
    observe('an unknown discount changed', await put(randomUUID(), tenOff)),
    observe('a discount by a bad id', await put('nope', tenOff)),
    observe(
      'deleted',
      await call('DELETE', `/api/v1/discounts/${tenOffId}`, asAdmin),
      data(DiscountDeleted),
      ({ data: d }) => d.discountId === tenOffId,
    ),
    { step: 'the product after the delete', status: 200, facts: await saleOf() },
    observe('deleted again', await call('DELETE', `/api/v1/discounts/${tenOffId}`, asAdmin)),
    observe('the later one deleted', await call('DELETE', `/api/v1/discounts/${laterId}`, asAdmin)),
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

// ---- promo codes -------------------------------------------------------------------------------------

/** What a cart priced with a code tells the shopper, whatever the prices. */
const promoFacts = (c: Cart) => ({
  ...cartFacts(c),
  promo: c.promo && {
    applied: c.promo.applied,
    code: c.promo.code,
    ...(c.promo.applied
      ? {
          appliesTo: c.promo.appliesTo,
          tenPercentOfTheOrder: c.orderSaving === c.subtotal - Math.round(c.subtotal * 0.9),
          savingIsTheOrderSaving: c.promo.saving === c.orderSaving,
        }
      : { reason: c.promo.reason, message: c.promo.message }),
  },
});

/**
 * An admin makes promo codes (and is refused a taken one, or an order-wide discount without one); a
 * guest and a new shopper price carts with them; the shopper pays with one and is refused it after.
 */
async function promoSession(side: Side): Promise<Step[]> {
  const steps: Step[] = [];
  const call = side.call;
  const asAdmin = { token: await signIn(side, DEMO_ACCOUNTS.admin) };
  const { productId, variantId } = await stockedProduct(side);
  const hour = 3_600_000;
  const code = {
    name: 'Parity welcome',
    kind: 'percentage',
    value: 10,
    productIds: [],
    categoryIds: [],
    startsAt: new Date(Date.now() - hour).toISOString(),
    endsAt: null,
    active: true,
    usageLimit: 100,
    code: 'parity-10',
    appliesTo: 'order',
    minSubtotal: null,
    firstOrderOnly: true,
  };
  const create = (json: unknown) => call('POST', '/api/v1/discounts', { ...asAdmin, json });
  steps.push(
    observe('a promo code created', await create(code), data(Discount), ({ data: d }) => ({
      ...discountFacts(d),
      code: d.code,
      appliesTo: d.appliesTo,
      firstOrderOnly: d.firstOrderOnly,
      perShopperLimit: d.perShopperLimit,
    })),
    observe('the same code in other letters', await create({ ...code, name: 'Twin', code: 'PARITY-10' })),
    observe('a code of two letters', await create({ ...code, code: 'ab' })),
    observe('the whole order without a code', await create({ ...code, code: null, firstOrderOnly: false })),
    observe(
      'a code out of reach created',
      await create({ ...code, name: 'Parity big spender', code: 'PARITY-BIG', minSubtotal: 1_000_000 }),
    ),
  );

  // A guest prices the browser's cart with codes; the shopper checks wait for sign-in.
  const quote = (promoCode: string) =>
    call('POST', '/api/v1/cart/quote', {
      json: { items: [{ itemId: 'a', productId, variantId, quantity: 1 }], promoCode },
    });
  steps.push(
    observe('a guest cart with the code', await quote('parity-10'), data(Cart), ({ data: c }) =>
      promoFacts(c),
    ),
    observe(
      'a guest cart with a code out of reach',
      await quote('parity-big'),
      data(Cart),
      ({ data: c }) => ({
        reason: c.promo?.applied === false && c.promo.reason,
        spendsTheRest:
          c.promo?.applied === false &&
          c.promo.message.includes(`${(1_000_000 - c.subtotal).toLocaleString('en-KE')} more`),
      }),
    ),
    observe('a guest cart with an unknown code', await quote('nope-nope'), data(Cart), ({ data: c }) =>
      promoFacts(c),
    ),
    observe('a guest cart with a malformed code', await quote('no way!')),
  );

  // A new shopper, signed up with a code, pays with the promo code and is refused it after.
  const email = `parity.promo.${side.name}@example.com`;
  const started = await call('POST', '/api/v1/auth/get-user', { json: { email } });
  const challenge = (started.body as { data: GetUserResult }).data.id!;
  const verified = await call('POST', '/api/v1/auth/verify-otp', {
    json: { id: challenge, otp: await codeFor(side, email) },
  });
  const profileToken = (verified.body as { data: VerifyOtpResult }).data.token;
  const created = await call('PATCH', `/api/v1/auth/update-profile/${profileToken}`, {
    json: { name: 'Promo Shopper', phone: '0711 222 444', password: PASSWORD },
  });
  const token = (created.body as { data: AuthResult }).data.token;
  await call('POST', '/api/v1/cart', { token, json: { item: { productId, variantId, quantity: 2 } } });
  const priced = (promoCode: string) =>
    call('GET', `/api/v1/cart?deliveryAreaId=westlands&promoCode=${encodeURIComponent(promoCode)}`, {
      token,
    });
  const withCode = await priced('PARITY-10');
  steps.push(
    observe('the cart with the code', withCode, data(Cart), ({ data: c }) => promoFacts(c)),
    observe('the cart with a malformed code', await priced('#')),
  );
  const shown = shownFigures((withCode.body as { data: Cart }).data);
  const checkout = (promoCode: string | undefined) =>
    call('POST', '/api/v1/checkout', {
      token,
      json: { phone: phone('00'), deliveryAreaId: 'westlands', address: ADDRESS, shown, promoCode },
      headers: { 'Idempotency-Key': randomUUID() },
    });
  steps.push(observe('checkout with a code the page did not price', await checkout('PARITY-BIG')));
  const placed = await checkout('parity-10');
  steps.push(
    observe('checkout with the code', placed, data(CheckoutResult), ({ data: r }) => ({
      ...resultFacts(r),
      totalIsTheShown: r.total === shown.total,
    })),
  );
  const orderId = (placed.body as { data: CheckoutResult }).data.orderId;
  steps.push(
    observe(
      'the order with the code, paid',
      await settled(side, token, orderId),
      data(Order),
      ({ data: o }) => ({
        ...orderFacts(o),
        promoCode: o.promoCode,
        savingIsTheOrderSaving: o.promoSaving === o.orderSaving && o.orderSaving > 0,
      }),
    ),
  );
  await call('POST', '/api/v1/cart', { token, json: { item: { productId, variantId, quantity: 1 } } });
  steps.push(
    observe('the code on a second order', await priced('parity-10'), data(Cart), ({ data: c }) =>
      promoFacts(c),
    ),
  );
  return steps;
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

  it('on a back-office session, step by step', async () => {
    const expected = await backOfficeSession(server);
    const actual = await backOfficeSession(mock);
    expect(actual).toEqual(expected);
    expect(expected.find((s) => s.step === 'a second category of that slug')!).toMatchObject({ status: 201 });
  }, 60_000);

  it('on an orders back-office session, step by step', async () => {
    const expected = await ordersSession(server);
    const actual = await ordersSession(mock);
    expect(actual).toEqual(expected);
    // The script reached the places it is about.
    expect(expected.find((s) => s.step === 'a paid order cancelled')!.facts).toMatchObject({
      status: 'cancelled',
      refund: { status: 'due' },
    });
    expect(expected.find((s) => s.step === "marked paid with another order's receipt")!.code).toBe(
      'receipt_taken',
    );
    expect(expected.find((s) => s.step === 'a waiting order cancelled')!.status).toBe(409);
    const riderSteps = ['sent out without a rider', "the rider marks another's order", 'moved to delivered'];
    expect(riderSteps.map((step) => expected.find((s) => s.step === step))).toMatchObject([
      { status: 400, fields: ['riderId'] },
      { status: 404 },
      { status: 200, facts: { status: 'delivered', delivered: true } },
    ]);
    expect(expected.find((s) => s.step === 'the delivered order')!.facts).toMatchObject({
      rider: { name: DEMO_ACCOUNTS.rider.name, phone: '0722 334 455' },
    });
  }, 120_000);

  it('on a discounts session, step by step', async () => {
    const expected = await discountsSession(server);
    const actual = await discountsSession(mock);
    expect(actual).toEqual(expected);
    expect(expected.find((s) => s.step === 'the product on sale')!.facts).toEqual({
      status: 200,
      onSale: true,
      tenPercentOff: true,
    });
    expect(expected.find((s) => s.step === 'the product off sale')!.facts).toMatchObject({ onSale: false });
  }, 60_000);

  it('on a promo code session, step by step', async () => {
    const expected = await promoSession(server);
    const actual = await promoSession(mock);
    expect(actual).toEqual(expected);
    // The script reached the places it is about.
    expect(expected.find((s) => s.step === 'the order with the code, paid')!.facts).toMatchObject({
      paymentStatus: 'paid',
      promoCode: 'PARITY-10',
      savingIsTheOrderSaving: true,
    });
    expect(expected.find((s) => s.step === 'the code on a second order')!.facts).toMatchObject({
      promo: { applied: false, reason: 'used_by_you' },
    });
  }, 60_000);

  it('on a back-office product session, step by step', async () => {
    const expected = await productSession(server);
    const actual = await productSession(mock);
    expect(actual).toEqual(expected);
    // The script reached the places it is about.
    expect(expected.find((s) => s.step === 'a product created')!).toMatchObject({
      status: 201,
      facts: { recipeTips: '<p>Hi</p>', categoryIds: true, imageIds: true },
    });
    expect(expected.find((s) => s.step === "the shop's page while hidden")!.status).toBe(404);
    expect(expected.find((s) => s.step === 'a save from the old version')!.code).toBe('version_conflict');
  }, 60_000);

  it('on a catalogue CSV import and export, step by step', async () => {
    const expected = await importSession(server);
    const actual = await importSession(mock);
    expect(actual).toEqual(expected);
    expect(expected.find((s) => s.step === 'confirmed creating it')!).toMatchObject({
      status: 200,
      facts: { products: { created: 1, updated: 1 }, categoriesCreated: 1 },
    });
    expect(expected.find((s) => s.step === 'the search after it')!.facts).toEqual({ found: true });
  }, 60_000);

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

  it('on the dashboard: who may ask, and the answer as one shape', async () => {
    // The figures come from each side's own data; what must agree is the door and the shape.
    const run = async (side: Side) => {
      const asShopper = { token: await signIn(side, DEMO_ACCOUNTS.shopper) };
      const asAdmin = { token: await signIn(side, DEMO_ACCOUNTS.admin) };
      return [
        observe('a guest asks', await side.call('GET', '/api/v1/admin/dashboard')),
        observe('a customer asks', await side.call('GET', '/api/v1/admin/dashboard', asShopper)),
        observe(
          'the admin asks',
          await side.call('GET', '/api/v1/admin/dashboard', asAdmin),
          data(AdminDashboard),
          ({ data: d }) => ({
            timeZone: d.timeZone,
            days: d.revenueByDay!.length,
            periods: Object.keys(d.periods).sort(),
            statuses: Object.keys(d.ordersByStatus).sort(),
            payments: Object.keys(d.ordersByPaymentStatus).sort(),
          }),
        ),
      ];
    };
    const expected = await run(server);
    expect(await run(mock)).toEqual(expected);
    expect(expected.map((s) => s.status)).toEqual([401, 403, 200]);
  });

  it('on the staff screen: who may ask, changes, deactivation and the refusals', async () => {
    const run = async (side: Side) => {
      const owner = { token: await signIn(side, DEMO_ACCOUNTS.admin) };
      const packerSession = { token: await signIn(side, DEMO_ACCOUNTS.packer) };
      const listed = await side.call('GET', '/api/v1/admin/staff', owner);
      const rows = (listed.body as { data: { rows: StaffMember[] } }).data.rows;
      const byEmail = (email: string) => rows.find((r) => r.email === email)!;
      const packer = byEmail(DEMO_ACCOUNTS.packer.email).userId;
      const me = byEmail(DEMO_ACCOUNTS.admin.email).userId;
      const staffPath = (id: string) => `/api/v1/admin/staff/${id}`;
      const member = data(StaffMember);
      const memberFacts = ({ data: m }: { data: StaffMember }) => ({ role: m.role, active: m.active });
      return [
        observe('a guest asks', await side.call('GET', '/api/v1/admin/staff')),
        observe('the packer asks', await side.call('GET', '/api/v1/admin/staff', packerSession)),
        observe('the owner lists', listed, data(countRows(StaffMember)), ({ data: d }) => ({
          owner: memberFacts({ data: byEmail(DEMO_ACCOUNTS.admin.email) }),
          packer: memberFacts({ data: byEmail(DEMO_ACCOUNTS.packer.email) }),
          packerSignedIn: byEmail(DEMO_ACCOUNTS.packer.email).lastSignInAt !== null,
          counted: d.count === d.rows.length,
        })),
        observe(
          'the owner changes their own role',
          await side.call('PATCH', staffPath(me), { ...owner, json: { role: 'manager' } }),
        ),
        observe('an empty change', await side.call('PATCH', staffPath(packer), { ...owner, json: {} })),
        observe(
          'an unknown role',
          await side.call('PATCH', staffPath(packer), { ...owner, json: { role: 'boss' } }),
        ),
        observe(
          'a bad id',
          await side.call('PATCH', staffPath('nope'), { ...owner, json: { role: 'manager' } }),
        ),
        observe(
          'an unknown member',
          await side.call('PATCH', staffPath(randomUUID()), { ...owner, json: { active: false } }),
        ),
        observe(
          'the packer keeps the catalogue',
          await side.call('PATCH', staffPath(packer), { ...owner, json: { role: 'catalogue' } }),
          member,
          memberFacts,
        ),
        observe(
          'the packer is deactivated',
          await side.call('PATCH', staffPath(packer), { ...owner, json: { active: false } }),
          member,
          memberFacts,
        ),
        observe("the packer's open session", await side.call('GET', '/api/v1/admin/orders', packerSession)),
        observe(
          'the packer signs in again',
          await side.call('POST', '/api/v1/auth/login', {
            json: { email: DEMO_ACCOUNTS.packer.email, password: DEMO_ACCOUNTS.packer.password },
          }),
        ),
        observe(
          'the packer is back, packing',
          await side.call('PATCH', staffPath(packer), {
            ...owner,
            json: { active: true, role: 'fulfilment' },
          }),
          member,
          memberFacts,
        ),
      ];
    };
    const expected = await run(server);
    expect(await run(mock)).toEqual(expected);
    expect(expected.map((s) => s.status)).toEqual([
      401, 403, 200, 409, 400, 400, 400, 404, 200, 200, 401, 403, 200,
    ]);
  });

  it('on staff invitations: sending, refusals, taking one up once, resending and revoking', async () => {
    const run = async (side: Side) => {
      const owner = { token: await signIn(side, DEMO_ACCOUNTS.admin) };
      const packerSession = { token: await signIn(side, DEMO_ACCOUNTS.packer) };
      const invitations = '/api/v1/admin/staff/invitations';
      const invitee = `parity.invitee.${side.name}@example.com`;
      const withdrawn = `parity.withdrawn.${side.name}@example.com`;
      const linkTo = async (email: string) => {
        const { body } = await side.call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
        const text = (body as { data: { text: string }[] }).data[0]?.text ?? '';
        return /\/admin\/join\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? 'missing';
      };
      const invitation = data(StaffInvitation);
      const facts = ({ data: i }: { data: StaffInvitation }) => ({ role: i.role, expired: i.expired });
      const sent = await side.call('POST', invitations, {
        ...owner,
        json: { email: invitee, role: 'fulfilment' },
      });
      const sentId = (sent.body as { data: StaffInvitation }).data.invitationId;
      const token = await linkTo(invitee);
      const profile = { name: 'Parity Packer', password: 'packing-bananas-at-dawn' };
      const steps = [
        observe(
          'a guest invites',
          await side.call('POST', invitations, { json: { email: invitee, role: 'rider' } }),
        ),
        observe('the packer lists', await side.call('GET', invitations, packerSession)),
        observe('the owner invites', sent, invitation, facts),
        observe(
          "a shopper's email",
          await side.call('POST', invitations, {
            ...owner,
            json: { email: DEMO_ACCOUNTS.shopper.email, role: 'manager' },
          }),
        ),
        observe(
          "a staff member's email",
          await side.call('POST', invitations, {
            ...owner,
            json: { email: DEMO_ACCOUNTS.packer.email, role: 'manager' },
          }),
        ),
        observe(
          'the same email again',
          await side.call('POST', invitations, { ...owner, json: { email: invitee, role: 'rider' } }),
        ),
        observe(
          'a bad role',
          await side.call('POST', invitations, { ...owner, json: { email: 'x@example.com', role: 'boss' } }),
        ),
        observe(
          'the owner lists',
          await side.call('GET', invitations, owner),
          data(countRows(StaffInvitation)),
          ({ data: d }) => ({
            listed: d.rows.some((r) => r.email === invitee),
          }),
        ),
        observe(
          'the invitee opens the link',
          await side.call('GET', `/api/v1/auth/invitations/${token}`),
          data(InvitationView),
        ),
        observe('an unknown link', await side.call('GET', `/api/v1/auth/invitations/${'x'.repeat(43)}`)),
        observe('a broken link', await side.call('GET', '/api/v1/auth/invitations/short')),
        observe(
          'no name',
          await side.call('POST', `/api/v1/auth/invitations/${token}/accept`, {
            json: { password: profile.password },
          }),
        ),
        observe(
          'the invitee joins',
          await side.call('POST', `/api/v1/auth/invitations/${token}/accept`, { json: profile }),
          data(AuthResult),
          ({ data: r }) => ({ type: r.user.type, role: r.user.role }),
        ),
        observe(
          'the link again',
          await side.call('POST', `/api/v1/auth/invitations/${token}/accept`, { json: profile }),
        ),
        observe(
          'resending a taken-up one',
          await side.call('POST', `${invitations}/${sentId}/resend`, owner),
        ),
      ];
      const second = await side.call('POST', invitations, {
        ...owner,
        json: { email: withdrawn, role: 'rider' },
      });
      const secondId = (second.body as { data: StaffInvitation }).data.invitationId;
      const resent = await side.call('POST', `${invitations}/${secondId}/resend`, owner);
      const secondToken = await linkTo(withdrawn);
      return [
        ...steps,
        observe('another invitation', second, invitation, facts),
        observe('sent again', resent, invitation, facts),
        observe(
          'a rider without a phone',
          await side.call('POST', `/api/v1/auth/invitations/${secondToken}/accept`, { json: profile }),
        ),
        observe('revoked', await side.call('DELETE', `${invitations}/${secondId}`, owner)),
        observe('revoked twice', await side.call('DELETE', `${invitations}/${secondId}`, owner)),
        observe('the withdrawn link', await side.call('GET', `/api/v1/auth/invitations/${secondToken}`)),
        observe('an unknown invitation', await side.call('DELETE', `${invitations}/${randomUUID()}`, owner)),
        observe('a bad id', await side.call('POST', `${invitations}/nope/resend`, owner)),
      ];
    };
    const expected = await run(server);
    expect(await run(mock)).toEqual(expected);
    expect(expected.map((s) => s.status)).toEqual([
      401, 403, 201, 409, 409, 409, 400, 200, 200, 404, 400, 400, 200, 409, 409, 201, 200, 400, 200, 409, 410,
      404, 400,
    ]);
  });

  it('on the customers screen: search, block and a refused checkout, export and erasure', async () => {
    const email = 'parity.erasable@example.com';
    const run = async (side: Side) => {
      const { token: ownerToken, user: ownerUser } = (
        (
          await side.call('POST', '/api/v1/auth/login', {
            json: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
          })
        ).body as {
          data: AuthResult;
        }
      ).data;
      const owner = { token: ownerToken };
      const packer = { token: await signIn(side, DEMO_ACCOUNTS.packer) };
      // A shopper of this session's own, signed up with a code: erasing them breaks nobody else's steps.
      const started = await side.call('POST', '/api/v1/auth/get-user', { json: { email } });
      const challenge = (started.body as { data: GetUserResult }).data.id!;
      const verified = await side.call('POST', '/api/v1/auth/verify-otp', {
        json: { id: challenge, otp: await codeFor(side, email) },
      });
      const profileToken = (verified.body as { data: VerifyOtpResult }).data.token;
      const profile = { name: 'Erasable Shopper', phone: '0711 222 333', password: PASSWORD };
      const created = await side.call('PATCH', `/api/v1/auth/update-profile/${profileToken}`, {
        json: profile,
      });
      const shopperId = (created.body as { data: AuthResult }).data.user.userId;
      const shopperSession = { token: (created.body as { data: AuthResult }).data.token };
      const customerPath = (id: string, rest = '') => `/api/v1/admin/customers/${id}${rest}`;
      const search = (q: string) =>
        side.call('GET', `/api/v1/admin/customers?q=${encodeURIComponent(q)}`, owner);
      const listFacts = ({ data: rows, meta }: CustomerList) => ({
        emails: rows.map((r) => r.email),
        figures: rows.map((r) => [r.ordersCount, r.totalPaid, r.lastOrderAt, r.blocked, r.erased]),
        total: meta.total,
      });
      const detail = data(CustomerDetail);
      const detailFacts = ({ data: d }: { data: CustomerDetail }) => ({
        name: d.name,
        email: d.email === email ? 'theirs' : d.email.replace(shopperId, '<id>'),
        phone: d.phone,
        blocked: d.blocked,
        blockedReason: d.blockedReason,
        erased: d.erased,
        orders: d.orders.length,
        addresses: d.addresses.length,
        savedItemsCount: d.savedItemsCount,
      });
      const checkout = (session: { token: string }) =>
        side.call('POST', '/api/v1/checkout', {
          ...session,
          headers: { 'Idempotency-Key': randomUUID() },
          json: {
            phone: '0711 222 333',
            deliveryAreaId: 'westlands',
            address: ADDRESS,
            shown: { total: 100, shippingRate: 100, items: [] },
          },
        });
      const steps = [
        observe('signed up', created, data(AuthResult), ({ data: d }) => d.user.type),
        observe('a guest asks', await side.call('GET', '/api/v1/admin/customers')),
        observe('the packer asks', await side.call('GET', '/api/v1/admin/customers', packer)),
      ];
      for (const q of ['0711 222 333', '711222333', '+254711222333', '254711222333', 'erasable shop'])
        steps.push(observe(`found by ${q}`, await search(q), CustomerList, listFacts));
      steps.push(
        observe('their page', await side.call('GET', customerPath(shopperId), owner), detail, detailFacts),
        observe('a bad id', await side.call('GET', customerPath('nope'), owner)),
        observe('a staff account', await side.call('GET', customerPath(ownerUser.userId), owner)),
        observe('an unknown id', await side.call('GET', customerPath(randomUUID()), owner)),
        observe(
          'a block without a reason',
          await side.call('POST', customerPath(shopperId, '/block'), { ...owner, json: { reason: ' ab ' } }),
        ),
        observe(
          'blocked',
          await side.call('POST', customerPath(shopperId, '/block'), {
            ...owner,
            json: { reason: 'Chargebacks' },
          }),
          detail,
          detailFacts,
        ),
        observe(
          'blocked again',
          await side.call('POST', customerPath(shopperId, '/block'), { ...owner, json: { reason: 'Again' } }),
        ),
        observe("the shopper's open session", await side.call('GET', '/api/v1/cart', shopperSession)),
      );
      const again = { token: await signIn(side, { email, password: PASSWORD }) };
      steps.push(
        observe('the blocked shopper checks out', await checkout(again)),
        observe(
          'unblocked',
          await side.call('POST', customerPath(shopperId, '/unblock'), owner),
          detail,
          detailFacts,
        ),
        observe('unblocked again', await side.call('POST', customerPath(shopperId, '/unblock'), owner)),
        observe('the shopper checks out an empty cart', await checkout(again)),
      );
      const file = await side.call('GET', customerPath(shopperId, '/export'), owner);
      steps.push(
        observe('their data exported', file, CustomerExport, (f, answer) => ({
          disposition: answer.headers.get('Content-Disposition')?.replace(shopperId, '<id>'),
          profile: [f.profile.name, f.profile.phone],
          orders: f.orders.length,
          savedItems: f.savedItems.length,
        })),
        observe(
          'erased with another email',
          await side.call('POST', customerPath(shopperId, '/erase'), {
            ...owner,
            json: { confirmEmail: 'x@y.co' },
          }),
        ),
        observe(
          'erased',
          await side.call('POST', customerPath(shopperId, '/erase'), {
            ...owner,
            json: { confirmEmail: email },
          }),
          detail,
          detailFacts,
        ),
        observe(
          'erased again',
          await side.call('POST', customerPath(shopperId, '/erase'), {
            ...owner,
            json: { confirmEmail: `erased-${shopperId}@erased.invalid` },
          }),
        ),
        observe('their session after erasure', await side.call('GET', '/api/v1/cart', again)),
        observe(
          'they sign in with their password',
          await side.call('POST', '/api/v1/auth/login', { json: { email, password: PASSWORD } }),
        ),
        observe(
          'a code for the erased account',
          await side.call('POST', '/api/v1/auth/get-user', {
            json: { email: `erased-${shopperId}@erased.invalid` },
          }),
        ),
      );
      return steps;
    };
    const expected = await run(server);
    expect(await run(mock)).toEqual(expected);
    expect(expected.map((s) => [s.step, s.status, s.code])).toContainEqual([
      'the blocked shopper checks out',
      403,
      'customer_blocked',
    ]);
    expect(expected.find((s) => s.step === 'erased')!.facts).toMatchObject({
      name: 'Erased customer',
      erased: true,
    });
  });

  it('on unknown API routes', async () => {
    await expectSameAnswer('/api/nope');
    expect((await server.call('GET', '/api/nope')).status).toBe(404);
  });
});
