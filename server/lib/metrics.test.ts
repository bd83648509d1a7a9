import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { parseEnv } from '../env';
import { freshDatabase } from '../test/harness';
import {
  attemptsOf,
  phoneEnding,
  placeOrder,
  postCallback,
  servedContextForFile,
  shopperWithCart,
  stkCallback,
} from '../test/shop';
import { createLogger } from './logger';
import { createMetrics, metricsApp } from './metrics';

const TOKEN = 'prometheus-reads-this-0123456789abcdef';
const ctx = servedContextForFile({ METRICS_TOKEN: TOKEN });

const scrape = (request: (path: string, init?: RequestInit) => Promise<Response>, token = TOKEN) =>
  request('/metrics', { headers: { Authorization: `Bearer ${token}` } });

/** Another app (another instance) over the file's database, as `request`. */
function appOver(overrides: Record<string, string>, database = ctx.database) {
  const env = parseEnv({ NODE_ENV: 'test', STATIC_DIR: '.tmp/no-spa', ...overrides });
  const app = createApp({ env, database, logger: createLogger('silent') });
  return (path: string, init?: RequestInit) => Promise.resolve(app.request(path, init));
}

/** The value of one sample of the Prometheus text (`name{labels}`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers only the bearer of METRICS_TOKEN, and tells anyone else nothing', async () => {
    for (const headers of [{}, { Authorization: 'Bearer not-the-token' }, { Authorization: TOKEN }] as Record<
      string,
      string
    >[]) {
      const res = await ctx.request('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.text()).toBe('Unauthorized');
    }
    const res = await scrape(ctx.request);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('counts requests by route template and status, never by the URL asked for', async () => {
    await ctx.request(`/api/v1/products/${randomUUID()}`);
    await ctx.request(`/api/v1/products/${randomUUID()}`);
    await ctx.request('/api/no/such/route?id=42');
    const text = await (await scrape(ctx.request)).text();
    expect(sample(text, 'http_requests_total{method="GET",route="/api/v1/products/:id",status="404"}')).toBe(
      2,
    );
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/v1/products/:id",status="404"}',
      ),
    ).toBe(2);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(text).not.toContain('/api/no/such');
  });

  it("has Node's own figures: event-loop lag, memory", async () => {
    const text = await (await scrape(ctx.request)).text();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts M-Pesa prompts and callbacks by outcome, and the payments in each state', async () => {
    // Phones ending 09 wait on the simulator's phone: the callbacks are Daraja's, sent from here.
    const paying = await shopperWithCart(ctx, { quantity: 1 });
    const cancelling = await shopperWithCart(ctx, { quantity: 1 });
    const paid = await placeOrder(paying.call, phoneEnding('09'));
    const cancelled = await placeOrder(cancelling.call, phoneEnding('09'));
    const [payment] = await attemptsOf(ctx, paid.orderId);
    const [cancellation] = await attemptsOf(ctx, cancelled.orderId);
    const receipt = { amount: paid.total, receipt: 'MTR0000001', phone: payment!.phone };
    const secret = ctx.env.MPESA_CALLBACK_SECRET;
    await postCallback(ctx, secret, stkCallback(payment!.checkoutRequestId!, 0, receipt));
    await postCallback(ctx, secret, stkCallback(cancellation!.checkoutRequestId!, 1032));
    // A body that is no callback, and a callback for a prompt this shop never sent.
    await postCallback(ctx, secret, { Body: {} });
    await postCallback(ctx, secret, stkCallback('ws_CO_never_sent', 1032));

    const text = await (await scrape(ctx.request)).text();
    const expected: Record<string, number> = {
      'sokoni_mpesa_prompts_total{outcome="accepted"}': 2,
      'sokoni_mpesa_callbacks_total{outcome="paid"}': 1,
      'sokoni_mpesa_callbacks_total{outcome="cancelled"}': 1,
      'sokoni_mpesa_callbacks_total{outcome="invalid"}': 1,
      'sokoni_mpesa_callbacks_total{outcome="unmatched"}': 1,
      'sokoni_payment_attempts{state="paid"}': 1,
      'sokoni_payment_attempts{state="failed"}': 1,
      'sokoni_payment_attempts{state="pending"}': 0,
      sokoni_metrics_database_up: 1,
      'sokoni_backlog{queue="payment_reconciler"}': 0,
      'sokoni_backlog_oldest_age_seconds{queue="payment_reconciler"}': 0,
    };
    expect(Object.fromEntries(Object.keys(expected).map((series) => [series, sample(text, series)]))).toEqual(
      expected,
    );
    // The paid order's confirmation waits in the outbox (no mail worker runs here).
    expect(sample(text, 'sokoni_backlog{queue="mail_outbox"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'sokoni_backlog_oldest_age_seconds{queue="mail_outbox"}')).toBeGreaterThanOrEqual(0);
    // And its SMS (no SMS worker runs here either).
    expect(sample(text, 'sokoni_backlog{queue="sms_outbox"}')).toBeGreaterThanOrEqual(1);
  });

  it('counts SMS sends and delivery reports by outcome', async () => {
    const report = (body: string) =>
      ctx.request(`/api/v1/sms/delivery-reports/${ctx.env.SMS_CALLBACK_SECRET}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
    expect((await report('id=ATXid_nobody&status=Success&phoneNumber=%2B254712000000')).status).toBe(200);
    expect((await report('status=Success')).status).toBe(400);
    const text = await (await scrape(ctx.request)).text();
    expect(sample(text, 'sokoni_sms_delivery_reports_total{outcome="unknown"}')).toBe(1);
    expect(sample(text, 'sokoni_sms_delivery_reports_total{outcome="invalid"}')).toBe(1);

    const metrics = createMetrics(ctx.database);
    metrics.smsSent('accepted');
    metrics.smsSent('retry');
    metrics.smsSent('retry');
    const own = (await metrics.scrape()).text;
    expect(sample(own, 'sokoni_sms_sends_total{outcome="accepted"}')).toBe(1);
    expect(sample(own, 'sokoni_sms_sends_total{outcome="retry"}')).toBe(2);
  });

  it('counts catalogue cache hits and misses', async () => {
    await ctx.request('/api/v2/products?limit=5');
    await ctx.request('/api/v2/products?limit=5');
    const text = await (await scrape(ctx.request)).text();
    expect(sample(text, 'sokoni_catalogue_cache_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'sokoni_catalogue_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(1);
  });

  it('keeps each app to its own figures', async () => {
    const other = appOver({ METRICS_TOKEN: TOKEN });
    const text = await (await scrape(other)).text();
    expect(text).not.toContain('route="/api/v1/products/:id"');
    expect(sample(text, 'sokoni_mpesa_prompts_total{outcome="accepted"}')).toBeUndefined();
  });
});

describe('/metrics where it is not configured', () => {
  it('does not exist without METRICS_TOKEN, nor on the shop port when METRICS_PORT serves it', async () => {
    for (const overrides of [{}, { METRICS_PORT: '3299' }] as Record<string, string>[]) {
      const res = await appOver(overrides)('/metrics');
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('Not found');
    }
  });

  it('is served without a token on its own port (bound to 127.0.0.1 by the server)', async () => {
    const res = await metricsApp(createMetrics(ctx.database)).request('/metrics');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('process_resident_memory_bytes');
  });
});

describe('the database figures', () => {
  it('are left out, and said to be, when the database does not answer; the rest still answers', async () => {
    const { database, drop } = await freshDatabase();
    const request = appOver({ METRICS_TOKEN: TOKEN }, database);
    await drop();
    const started = performance.now();
    const res = await scrape(request);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, 'sokoni_metrics_database_up')).toBe(0);
    expect(text).not.toMatch(/^sokoni_payment_attempts\{/m);
    expect(text).not.toMatch(/^sokoni_backlog/m);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('are given up after a second when the database hangs, so the scrape still answers', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const metrics = createMetrics(database);
      // PGlite has one connection: a transaction that waits holds every other query behind it.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const holding = database.pglite!.transaction(() => held);
      const started = performance.now();
      const { text } = await metrics.scrape();
      expect(performance.now() - started).toBeGreaterThanOrEqual(900);
      expect(sample(text, 'sokoni_metrics_database_up')).toBe(0);
      release();
      await holding;
      // The database back, the next scrape has its figures again.
      expect(sample((await metrics.scrape()).text, 'sokoni_metrics_database_up')).toBe(1);
    } finally {
      await drop();
    }
  });
});
