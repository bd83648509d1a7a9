import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Cart } from '../../contract/cart';
import type { StaffRole } from '../../contract/roles';
import { shownFigures } from '../../contract/checkout-rules';
import type { Db } from '../db/client';
import {
  discountCategories,
  discountProducts,
  discounts,
  paymentAttempts,
  products,
  variants,
} from '../db/schema';
import { closeDarajaSimulators } from '../dev/daraja-simulator';
import { listen, type Listening } from './daraja';
import { issueSession } from '../lib/auth/session';
import { createLogger } from '../lib/logger';
import { createDarajaClientFromEnv } from '../lib/payments/daraja';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestContext, type TestContext } from './harness';
import { createUser } from './auth';
import { reconcilePayments } from '../jobs/payment-reconciler';

// Test helpers (not tests) for the cart, checkout and orders suites.

/** A shopper (or admin) account with a live bearer token. */
export async function shopper(ctx: TestContext, type: 'customer' | 'admin' = 'customer') {
  const user = await createUser(ctx.database.db, { type });
  const token = await issueSession(ctx.database.db, ctx.env, user);
  return { ...user, token };
}

/** A staff member with the role, signed in: the account, its bearer token and calls made with it. */
export async function staffMember(
  ctx: TestContext,
  role: StaffRole,
  o: { name?: string; phone?: string; password?: string } = {},
) {
  const user = await createUser(ctx.database.db, { type: 'admin', role, name: `A ${role}`, ...o });
  const token = await issueSession(ctx.database.db, ctx.env, user);
  return { ...user, token, call: api(ctx, token) };
}

/** Calls `/api/v1…` with the given bearer token (and headers). */
export function api(ctx: TestContext, token?: string) {
  const call = (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
    ctx.request(`/api/v1${path}`, {
      method,
      json,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    });
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, json?: unknown, headers?: Record<string, string>) =>
      call('POST', path, json, headers),
    put: (path: string, json: unknown, headers?: Record<string, string>) => call('PUT', path, json, headers),
    patch: (path: string, json?: unknown, headers?: Record<string, string>) =>
      call('PATCH', path, json, headers),
    delete: (path: string, headers?: Record<string, string>) => call('DELETE', path, undefined, headers),
  };
}
export type Api = ReturnType<typeof api>;

export interface TestProduct {
  productId: string;
  pid: string;
  name: string;
  /** Variant ids in position order; the first is the default. */
  variantIds: string[];
}

/** A product of its own for a test: variants with the given price and stock (first = default). */
export async function createProduct(
  db: Db,
  {
    name = `Test product ${randomBytes(3).toString('hex')}`,
    variants: specs = [{ name: 'Regular', price: 500, quantity: 10 }],
    discountPercent,
  }: {
    name?: string;
    variants?: { name: string; price: number; quantity: number }[];
    /** An active percentage discount on the product. */
    discountPercent?: number;
  } = {},
): Promise<TestProduct> {
  const pid = `TST-${randomBytes(4).toString('hex')}`;
  const [product] = await db.insert(products).values({ pid, name }).returning({ id: products.id });
  const rows = await db
    .insert(variants)
    .values(specs.map((v, position) => ({ productId: product!.id, position, ...v })))
    .returning({ id: variants.id, position: variants.position });
  if (discountPercent) {
    const [d] = await db
      .insert(discounts)
      .values({
        name: 'Test sale',
        kind: 'percentage',
        value: discountPercent,
        startsAt: new Date(Date.now() - 60_000),
      })
      .returning({ id: discounts.id });
    await db.insert(discountProducts).values({ discountId: d!.id, productId: product!.id });
  }
  return {
    productId: product!.id,
    pid,
    name,
    variantIds: rows.sort((a, b) => a.position - b.position).map((r) => r.id),
  };
}

/** A promo code's discount as a test writes it: `code` and what differs from the defaults. */
export interface TestPromo {
  code: string;
  name?: string;
  kind?: 'percentage' | 'fixed';
  value?: number;
  appliesTo?: 'items' | 'order' | 'delivery';
  productIds?: string[];
  categoryIds?: string[];
  minSubtotal?: number | null;
  firstOrderOnly?: boolean;
  /** Default 1, as the admin form; null for none. */
  perShopperLimit?: number | null;
  usageLimit?: number | null;
  active?: boolean;
  startsAt?: Date;
  endsAt?: Date | null;
}

/**
 * A discount with a promo code (default: 10 % off, started a minute ago by the test's clock, once per
 * shopper), and what it covers; answers its id.
 */
export async function createPromo(db: Db, p: TestPromo): Promise<string> {
  const [d] = await db
    .insert(discounts)
    .values({
      name: p.name ?? `Promo ${p.code}`,
      kind: p.kind ?? 'percentage',
      value: p.value ?? 10,
      code: p.code.toUpperCase(),
      appliesTo: p.appliesTo ?? 'items',
      minSubtotal: p.minSubtotal ?? null,
      firstOrderOnly: p.firstOrderOnly ?? false,
      perShopperLimit: p.perShopperLimit === undefined ? 1 : p.perShopperLimit,
      usageLimit: p.usageLimit ?? null,
      active: p.active ?? true,
      startsAt: p.startsAt ?? new Date(Date.now() - 60_000),
      endsAt: p.endsAt ?? null,
    })
    .returning({ id: discounts.id });
  const discountId = d!.id;
  if (p.productIds?.length)
    await db.insert(discountProducts).values(p.productIds.map((productId) => ({ discountId, productId })));
  if (p.categoryIds?.length)
    await db
      .insert(discountCategories)
      .values(p.categoryIds.map((categoryId) => ({ discountId, categoryId })));
  return discountId;
}

/** Units in stock of a variant now. */
export async function stockOf(db: Db, variantId: string): Promise<number> {
  const [row] = await db.select({ q: variants.quantity }).from(variants).where(eq(variants.id, variantId));
  return row!.q;
}

/** A Kenyan mobile number whose last two digits choose the simulator's outcome (00 pays, 01 cancels…). */
export const phoneEnding = (ending: string) =>
  `07${String(randomInt(0, 1_000_000)).padStart(6, '0')}${ending}`;

export const idempotencyKey = () => randomUUID();

export const checkoutBody = (phone: string, extra: Record<string, unknown> = {}) => ({
  phone,
  deliveryAreaId: 'westlands',
  address: 'Mpaka Road, Block B, flat 4',
  ...extra,
});

export interface ServedContext extends TestContext {
  server: Listening;
  /** Bodies of the STK pushes that reached the simulator. */
  pushes: unknown[];
  /** Bodies of the callbacks that reached the app. */
  callbacks: unknown[];
  reconcile(): ReturnType<typeof reconcilePayments>;
  closeAll(): Promise<void>;
}

/**
 * The app behind a real HTTP server on an ephemeral port, with MPESA_BASE_URL pointing at its own
 * simulator and the callbacks coming back to it over HTTP, as in development.
 */
export async function servedContext(overrides: Record<string, string> = {}): Promise<ServedContext> {
  let forward: (req: Request) => Response | Promise<Response> = () =>
    new Response('starting', { status: 503 });
  const server = await listen((req) => forward(req));
  const ctx = await createTestContext({
    MPESA_BASE_URL: `${server.origin}/api/dev/daraja`,
    MPESA_CALLBACK_BASE_URL: server.origin,
    MPESA_SIMULATOR_DELAY_MS: '150',
    MPESA_TIMEOUT_MS: '5000',
    ...overrides,
  });
  const pushes: unknown[] = [];
  const callbacks: unknown[] = [];
  forward = async (req) => {
    const path = new URL(req.url).pathname;
    if (path.endsWith('/mpesa/stkpush/v1/processrequest')) pushes.push(await req.clone().json());
    if (path.startsWith('/api/v1/payments/mpesa/callback/'))
      callbacks.push(
        await req
          .clone()
          .json()
          .catch(() => null),
      );
    return ctx.app.fetch(req);
  };
  const daraja = createDarajaClientFromEnv(ctx.env);
  return {
    ...ctx,
    server,
    pushes,
    callbacks,
    reconcile: () =>
      reconcilePayments({
        db: ctx.database.db,
        daraja,
        logger: createLogger('silent'),
        queryDelayMs: 50,
        intervalMs: 50,
      }),
    closeAll: async () => {
      await closeDarajaSimulators();
      await server.close();
      await ctx.close();
    },
  };
}

/**
 * The served context of a test file (see servedContext): started before its tests, closed after
 * them. The object is filled in when the file's tests start.
 */
export function servedContextForFile(overrides: Record<string, string> = {}): ServedContext {
  const ctx = {} as ServedContext;
  beforeAll(async () => {
    Object.assign(ctx, await servedContext(overrides));
  });
  afterAll(() => ctx.closeAll());
  return ctx;
}

/** Polls the order until `done` holds (default: the payment left `pending`); fails after `timeoutMs`. */
export async function waitForOrder(
  ctx: TestContext,
  token: string,
  orderId: string,
  done: (order: { paymentStatus: string; payments: { status: string }[] }) => boolean = (o) =>
    o.paymentStatus !== 'pending',
  // Generous: on a loaded two-core machine a prompt's simulated answer has taken over 10 s to land.
  timeoutMs = 20_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(ctx, token).get(`/orders/${orderId}`);
    const { data } = await res.json();
    if (done(data)) return data;
    if (Date.now() > until) throw new Error(`order ${orderId} still ${JSON.stringify(data.paymentStatus)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An order as `GET /v1/orders/{orderId}` answers it: the fields the tests read. */
export interface TestOrder {
  orderId: string;
  number: number;
  status: string;
  paymentStatus: string;
  paymentIssue: string | null;
  paymentMessage: string | null;
  canRetryPayment: boolean;
  total: number;
  subtotal: number;
  shippingRate: number;
  items: { name: string; price: number; quantity: number; totalPrice: number; variantId: string }[];
  payments: { status: string; issue: string | null; receipt: string | null; resultCode: number | null }[];
}

/** A shopper with `quantity` of a fresh product (`stock` units) in the cart. */
export async function shopperWithCart(ctx: TestContext, { stock = 5, quantity = 2, price = 480 } = {}) {
  const product = await createProduct(ctx.database.db, {
    variants: [{ name: '1 kg', price, quantity: stock }],
  });
  const s = await shopper(ctx);
  const call = api(ctx, s.token);
  const res = await call.post('/cart', { item: { productId: product.productId, quantity } });
  expect(res.status).toBe(200);
  return { ...s, call, product, variantId: product.variantIds[0]! };
}

/**
 * What the checkout page shows for the cart, place and code of `body`, as `shown` (contract
 * ShownFigures): the `GET /v1/cart` answer for that place and code. Zeros when the cart cannot be read (a bad place), so a
 * test of another refusal still sends a well-formed body.
 */
export async function shownFor(call: Api, body: Record<string, unknown>) {
  const query = new URLSearchParams();
  for (const k of ['deliveryAreaId', 'lat', 'lng', 'promoCode'] as const)
    if (body[k] !== undefined) query.set(k, String(body[k]));
  const res = await call.get(`/cart?${query}`);
  if (res.status !== 200) return { total: 0, shippingRate: 0, items: [] };
  return shownFigures(((await res.json()) as { data: Cart }).data);
}

/** The body with `shown` as the page would send it now, unless it already has one (or is no object). */
async function asShown(call: Api, body: unknown) {
  if (typeof body !== 'object' || body === null || 'shown' in body) return body;
  return { ...body, shown: await shownFor(call, body as Record<string, unknown>) };
}

/**
 * `POST /v1/checkout` with a fresh Idempotency-Key, or the one given; the body gets the figures the
 * page shows now (asShown) unless it carries its own `shown`.
 */
export const checkoutWith = async (call: Api, body: unknown, key: string = idempotencyKey()) =>
  call.post('/checkout', await asShown(call, body), { 'Idempotency-Key': key });

/** Checks the cart out, paying from `phone`; the order must be placed. */
export async function placeOrder(call: ReturnType<typeof api>, phone: string): Promise<TestOrder> {
  const res = await checkoutWith(call, checkoutBody(phone));
  expect(res.status).toBe(201);
  return (await res.json()).data;
}

/** The order as its shopper reads it. */
export const orderOf = async (ctx: TestContext, token: string, orderId: string): Promise<TestOrder> =>
  (await (await api(ctx, token).get(`/orders/${orderId}`)).json()).data;

/** The payment attempts of an order, as stored. */
export const attemptsOf = (ctx: TestContext, orderId: string) =>
  ctx.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));

/** Lets the reconciler look at the order's open attempt now (as if its next check were due), until `done`. */
export async function reconcileUntil(
  ctx: ServedContext,
  token: string,
  orderId: string,
  done: (o: TestOrder) => boolean,
  timeoutMs = 10_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await ctx.database.db
      .update(paymentAttempts)
      .set({ nextCheckAt: new Date(0) })
      .where(
        and(eq(paymentAttempts.orderId, orderId), inArray(paymentAttempts.status, ['pending', 'unknown'])),
      );
    await ctx.reconcile();
    const o = await orderOf(ctx, token, orderId);
    if (done(o)) return o;
    if (Date.now() > until) throw new Error(`order still ${o.paymentStatus}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Posts a body to the M-Pesa callback route with the given path secret, as Daraja would. */
export const postCallback = (ctx: TestContext, secret: string, body: unknown) =>
  ctx.request(`/api/v1/payments/mpesa/callback/${secret}`, { method: 'POST', json: body });

/** A Daraja STK callback body; a payment (result 0) carries `meta`. */
export function stkCallback(
  checkoutRequestId: string,
  resultCode: number,
  meta?: { amount: number; receipt: string; phone: string },
) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: resultCode,
        ResultDesc:
          resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
        ...(meta
          ? {
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: meta.amount },
                  { Name: 'MpesaReceiptNumber', Value: meta.receipt },
                  { Name: 'Balance' },
                  { Name: 'TransactionDate', Value: 20251122101530 },
                  { Name: 'PhoneNumber', Value: Number(meta.phone) },
                ],
              },
            }
          : {}),
      },
    },
  };
}
