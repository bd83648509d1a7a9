import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { mailOutbox, orders } from './db/schema';
import { closeDarajaSimulators } from './dev/daraja-simulator';
import { parseEnv, type Env } from './env';
import { reconcilePayments } from './jobs/payment-reconciler';
import { createLogger } from './lib/logger';
import { createDarajaClientFromEnv } from './lib/payments/daraja';
import { adminApi, createViaApi } from './test/admin';
import { createUser } from './test/auth';
import { listen, type Listening } from './test/daraja';
import { eventually, freshDatabase, type TestContext } from './test/harness';
import {
  api,
  attemptsOf,
  checkoutBody,
  checkoutWith,
  createProduct,
  phoneEnding,
  placeOrder,
  shopper,
  stkCallback,
} from './test/shop';

// Issue 13: several instances over one PostgreSQL behave as one shop. Two servers, each with its own
// connection pool, listening connection, catalogue cache and search index, on two ports. PostgreSQL
// only (the server-pg project): PGlite is one process's embedded database.

const logger = createLogger('silent');

interface Instance extends TestContext {
  server: Listening;
  origin: string;
}

/** One instance of the shop: its own pool, app and port, its Daraja simulator calling back to itself. */
async function startInstance(url: string): Promise<Instance> {
  let forward: (req: Request) => Response | Promise<Response> = () =>
    new Response('starting', { status: 503 });
  const server = await listen((req) => forward(req));
  const database = await openDatabase({ url, poolSize: 5 });
  const env: Env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STATIC_DIR: '.tmp/no-spa',
    TRUST_PROXY: '1',
    AUTH_RATE_PER_IP: '20',
    AUTH_RATE_WINDOW_SECONDS: '3600',
    MPESA_BASE_URL: `${server.origin}/api/dev/daraja`,
    MPESA_CALLBACK_BASE_URL: server.origin,
    MPESA_SIMULATOR_DELAY_MS: '150',
    MPESA_TIMEOUT_MS: '5000',
  });
  const app = createApp({ env, database, logger });
  forward = (req) => app.fetch(req);
  const request: TestContext['request'] = (path, init = {}) => {
    const { json, headers, ...rest } = init;
    const h = new Headers(headers);
    if (json !== undefined) h.set('Content-Type', 'application/json');
    return fetch(`${server.origin}${path}`, {
      ...rest,
      headers: h,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  };
  return {
    database,
    env,
    app,
    request,
    server,
    origin: server.origin,
    close: async () => {
      await server.close();
      await database.close();
    },
  };
}

let url: string;
let drop: () => Promise<void>;
let a: Instance;
let b: Instance;
beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  url = fresh.database.pool!.options.connectionString!;
  a = await startInstance(url);
  b = await startInstance(url);
});
afterAll(async () => {
  await closeDarajaSimulators();
  await a?.close();
  await b?.close();
  await drop?.();
});

const json = async (res: Response) => (await res.json()) as { data: unknown };

describe('two instances over one PostgreSQL', () => {
  it("serves an admin's change made on one from the other, and finds it by search, within a second", async () => {
    const admin = await shopper(a, 'admin');
    const created = await createViaApi(adminApi(a, admin.token), undefined);
    const name = created.name;
    const product = await eventually(
      async () => (await b.request(`/api/v1/products/${created.productId}`)).status === 200,
      1_000,
    );
    expect(product).toBeLessThan(1_000);
    const found = await eventually(
      async () =>
        JSON.stringify(
          await json(await b.request(`/api/v1/search/orama?q=${encodeURIComponent(name)}`)),
        ).includes(name),
      1_000,
    );
    expect(found).toBeLessThan(1_000);
    // A category added on the other one shows in this one's (cached) list as quickly.
    const category = await api(b, admin.token).post('/categories', {
      name: 'Two Instance Treats',
      icon: 'mdiCookie',
      color: 'orange',
    });
    expect(category.status).toBe(201);
    await eventually(
      async () =>
        JSON.stringify(await json(await a.request('/api/v1/categories'))).includes('Two Instance Treats'),
      1_000,
    );
  });

  it('takes a session made on one on the other, and a logout on either ends it on both', async () => {
    const user = await createUser(a.database.db, { password: 'a-long-passphrase' });
    const login = await a.request('/api/v1/auth/login', {
      method: 'POST',
      json: { email: user.email, password: 'a-long-passphrase' },
      headers: { 'X-Forwarded-For': '198.51.100.10' },
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()).data as { token: string };
    const me = (i: Instance) =>
      i.request('/api/v1/auth/me', {
        headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '198.51.100.10' },
      });
    expect((await me(b)).status).toBe(200);
    expect(
      (
        await b.request('/api/v1/auth/logout', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(200);
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(401);
  });

  it('shares the rate limits: requests from one address count on both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const instance = i % 2 ? b : a;
      const res = await instance.request('/api/v1/auth/get-user', {
        method: 'POST',
        json: { email: `shared-${i}@example.com` },
        headers: { 'X-Forwarded-For': '198.51.100.20' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('shares the per-phone prompt limit and the unpaid-order cap', async () => {
    const s = await shopper(a);
    const phone = phoneEnding('09');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const instance = i % 2 ? b : a;
      const product = await createProduct(a.database.db);
      await api(instance, s.token).post('/cart', { item: { productId: product.productId, quantity: 1 } });
      statuses.push((await checkoutWith(api(instance, s.token), checkoutBody(phone))).status);
    }
    // Three prompts a minute to one phone, and three unpaid orders: the fourth is refused by both rules.
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    expect([409, 429]).toContain(statuses[3]);
  });

  it('settles one payment once when its callback reaches both and both reconcilers run', async () => {
    const s = await shopper(a);
    const product = await createProduct(a.database.db);
    await api(a, s.token).post('/cart', { item: { productId: product.productId, quantity: 1 } });
    const order = await placeOrder(api(a, s.token), phoneEnding('09'));
    const [attempt] = await attemptsOf(a, order.orderId);
    await eventually(async () => Boolean((await attemptsOf(a, order.orderId))[0]?.checkoutRequestId), 5_000);
    const checkoutRequestId = (await attemptsOf(a, order.orderId))[0]!.checkoutRequestId!;
    const body = stkCallback(checkoutRequestId, 0, {
      amount: order.total,
      receipt: 'TWO1NSTNC3',
      phone: '254700000009',
    });
    const post = (i: Instance) =>
      i.request(`/api/v1/payments/mpesa/callback/${i.env.MPESA_CALLBACK_SECRET}`, {
        method: 'POST',
        json: body,
      });
    const reconcile = (i: Instance) =>
      reconcilePayments({
        db: i.database.db,
        daraja: createDarajaClientFromEnv(i.env),
        logger,
        queryDelayMs: 10,
        intervalMs: 10,
      });
    const answers = await Promise.all([post(a), post(b), post(a), post(b), reconcile(a), reconcile(b)]);
    for (const res of answers.slice(0, 4) as Response[]) expect(res.status).toBe(200);
    const attempts = await attemptsOf(a, order.orderId);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ id: attempt!.id, status: 'paid', receipt: 'TWO1NSTNC3' });
    const [paid] = await a.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(paid!.paymentStatus).toBe('paid');
    const mails = await a.database.db.select().from(mailOutbox);
    expect(
      mails.filter(
        (m) => m.subject.includes(String(order.number)) && /paid|payment received/i.test(m.subject),
      ),
    ).toHaveLength(1);
  });

  it('keeps serving from one while the other restarts', async () => {
    await a.close();
    const during = await Promise.all([
      b.request('/api/health'),
      b.request('/api/v2/products'),
      b.request('/api/v1/categories'),
    ]);
    expect(during.map((r) => r.status)).toEqual([200, 200, 200]);
    a = await startInstance(url);
    const after = await Promise.all([a.request('/api/v2/products'), b.request('/api/v2/products')]);
    expect(after.map((r) => r.status)).toEqual([200, 200]);
  });
});
