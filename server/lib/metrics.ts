import { and, count, inArray, lte, min } from 'drizzle-orm';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ATTEMPT_STATUSES } from '../../contract/checkout';
import { OPEN_ATTEMPT } from '../../contract/payments';
import type { Database } from '../db/client';
import { mailOutbox, paymentAttempts, smsOutbox } from '../db/schema';
import { within } from './deadline';
import { sameSecret } from './secrets';

// The Prometheus figures of one app instance, in a registry of its own (tests build many apps in one
// process; prom-client's global registry would mix them). Counters are counted where things happen;
// what lives in the database (payments by state, the mail and reconciler backlogs) is read when
// Prometheus asks, within a short deadline, so a slow database never holds a scrape.

/** How an M-Pesa prompt went: Daraja took it, refused it, we had no token to send it, or no answer came. */
type PromptOutcome = 'accepted' | 'refused' | 'not_sent' | 'unknown';

/**
 * How a send to the SMS gateway went: accepted, refused for good, refused for now (`retry`, e.g. no
 * balance or the gateway down), or no answer (`unknown`: the delivery report settles it).
 */
type SmsSendOutcome = 'accepted' | 'refused' | 'retry' | 'unknown';

/** How long the database figures of one scrape may take before they are left out of it. */
const DATABASE_MS = 1_000;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface Metrics {
  /** Counts and times every request by method, route template and status. */
  readonly requests: MiddlewareHandler;
  promptSent(outcome: PromptOutcome): void;
  /** `paid`, the failure reason (`cancelled`, `insufficient_funds`…), `unmatched`, `invalid` or `not_applied`. */
  callbackReceived(outcome: string): void;
  smsSent(outcome: SmsSendOutcome): void;
  /** `delivered`, `failed`, `sent` (an intermediate report), `unchanged`, `unknown` or `invalid`. */
  smsReportReceived(outcome: string): void;
  /** Reads the catalogue cache's counts at each scrape (null while the cache is off). */
  watchCatalogueCache(stats: () => { hits: number; misses: number } | null): void;
  /** The Prometheus text of every figure, and its content type. */
  scrape(): Promise<{ text: string; contentType: string }>;
}

/** Whether the configuration asks for /metrics (a token, or a port of its own). */
export const metricsWanted = (env: { METRICS_TOKEN?: string; METRICS_PORT?: number }) =>
  Boolean(env.METRICS_TOKEN || env.METRICS_PORT);

/**
 * The route template a request was answered by (`/api/v1/products/:idOrSlug`), never its URL, so the
 * labels stay as few as the routes: the first route of the request's method it matched (Hono runs them
 * in order), an API path no route has being `unmatched` rather than the storefront's `*`.
 */
function routeOf(c: Context): string {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const api = c.req.path === '/api' || c.req.path.startsWith('/api/');
  const route = matchedRoutes(c).find(
    (r) => r.method === method && (!api || (r.path.startsWith('/api/') && r.path !== '/api/*')),
  );
  return route?.path ?? 'unmatched';
}

/** The registry of one app over `database`, with Node's own figures (event-loop lag, memory, GC). */
export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames,
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const prompts = new Counter({
    name: 'sokoni_mpesa_prompts_total',
    help: 'M-Pesa prompts (STK push) sent, by outcome: accepted, refused, not_sent (no Daraja token), unknown (no answer).',
    labelNames: ['outcome'],
    registers,
  });
  const callbacks = new Counter({
    name: 'sokoni_mpesa_callbacks_total',
    help: 'M-Pesa callbacks received, by outcome: paid, the failure reason, unmatched, invalid, not_applied.',
    labelNames: ['outcome'],
    registers,
  });
  const smsSends = new Counter({
    name: 'sokoni_sms_sends_total',
    help: 'SMS sent to the gateway, by outcome: accepted, refused (for good), retry (refused for now), unknown (no answer).',
    labelNames: ['outcome'],
    registers,
  });
  const smsReports = new Counter({
    name: 'sokoni_sms_delivery_reports_total',
    help: 'SMS delivery reports received, by outcome: delivered, failed, sent, unchanged (replayed or late), unknown (no such message), invalid.',
    labelNames: ['outcome'],
    registers,
  });
  let cacheStats: () => { hits: number; misses: number } | null = () => null;
  new Counter({
    name: 'sokoni_catalogue_cache_lookups_total',
    help: 'Catalogue answers asked of the per-instance cache, by result (hit or miss).',
    labelNames: ['result'],
    registers,
    collect() {
      const stats = cacheStats();
      this.reset();
      if (!stats) return;
      this.inc({ result: 'hit' }, stats.hits);
      this.inc({ result: 'miss' }, stats.misses);
    },
  });
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'sokoni_database_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  const databaseUp = new Gauge({
    name: 'sokoni_metrics_database_up',
    help: `1 when the database figures below are in this scrape; 0 when the database did not give them within ${DATABASE_MS} ms (they are left out).`,
    registers,
  });
  const payments = new Gauge({
    name: 'sokoni_payment_attempts',
    help: 'M-Pesa payment attempts in the database, by state.',
    labelNames: ['state'],
    registers,
  });
  // Labelled, so that a scrape without the database leaves them out rather than showing 0.
  const backlog = new Gauge({
    name: 'sokoni_backlog',
    help: 'Work waiting in the database, by queue: mail_outbox (mail pending or being sent), sms_outbox (SMS queued or being sent, or waiting for the report of a send without an answer), payment_reconciler (open payment attempts whose check is due).',
    labelNames: ['queue'],
    registers,
  });
  const backlogAge = new Gauge({
    name: 'sokoni_backlog_oldest_age_seconds',
    help: "How long the oldest piece of a queue's backlog has waited (mail and SMS: since queued; payments: past its check); 0 when none waits.",
    labelNames: ['queue'],
    registers,
  });
  const databaseGauges = [payments, backlog, backlogAge];

  const readDatabase = async () => {
    const { db } = database;
    const now = new Date();
    const byState = await db
      .select({ state: paymentAttempts.status, n: count() })
      .from(paymentAttempts)
      .groupBy(paymentAttempts.status);
    const [outbox] = await db
      .select({ n: count(), oldest: min(mailOutbox.createdAt) })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ['pending', 'sending']));
    const [sms] = await db
      .select({ n: count(), oldest: min(smsOutbox.createdAt) })
      .from(smsOutbox)
      .where(inArray(smsOutbox.status, ['queued', 'sending']));
    const [due] = await db
      .select({ n: count(), oldest: min(paymentAttempts.nextCheckAt) })
      .from(paymentAttempts)
      .where(and(inArray(paymentAttempts.status, [...OPEN_ATTEMPT]), lte(paymentAttempts.nextCheckAt, now)));
    const age = (since: Date | string | null | undefined) =>
      since ? Math.max(0, (now.getTime() - new Date(since).getTime()) / 1000) : 0;
    return { byState, outbox, sms, due, age };
  };
  // One read at a time: a scrape that comes while the last read still runs waits for that one.
  let reading: Promise<void> | null = null;
  const refreshDatabaseGauges = () =>
    (reading ??= (async () => {
      try {
        const { byState, outbox, sms, due, age } = await within(DATABASE_MS, readDatabase());
        for (const state of ATTEMPT_STATUSES) payments.set({ state }, 0);
        for (const { state, n } of byState) payments.set({ state }, n);
        backlog.set({ queue: 'mail_outbox' }, outbox?.n ?? 0);
        backlogAge.set({ queue: 'mail_outbox' }, age(outbox?.oldest));
        backlog.set({ queue: 'sms_outbox' }, sms?.n ?? 0);
        backlogAge.set({ queue: 'sms_outbox' }, age(sms?.oldest));
        backlog.set({ queue: 'payment_reconciler' }, due?.n ?? 0);
        backlogAge.set({ queue: 'payment_reconciler' }, age(due?.oldest));
        databaseUp.set(1);
      } catch {
        for (const gauge of databaseGauges) gauge.reset();
        databaseUp.set(0);
      } finally {
        reading = null;
      }
    })());

  return {
    requests: async (c, next) => {
      const started = performance.now();
      try {
        await next();
      } finally {
        const labels = {
          method: METHODS.has(c.req.method) ? c.req.method : 'other',
          route: routeOf(c),
          // A handler that threw before the error handler answered is a 500.
          status: String(c.res?.status ?? 500),
        };
        requests.inc(labels);
        durations.observe(labels, (performance.now() - started) / 1000);
      }
    },
    promptSent: (outcome) => prompts.inc({ outcome }),
    callbackReceived: (outcome) => callbacks.inc({ outcome }),
    smsSent: (outcome) => smsSends.inc({ outcome }),
    smsReportReceived: (outcome) => smsReports.inc({ outcome }),
    watchCatalogueCache(stats) {
      cacheStats = stats;
    },
    async scrape() {
      await refreshDatabaseGauges();
      return { text: await registry.metrics(), contentType: registry.contentType };
    },
  };
}

/**
 * GET /metrics behind `Authorization: Bearer <token>`, compared in constant time. A wrong or
 * missing token is a bare 401 that says nothing of what is behind it.
 */
export function metricsHandler(metrics: Metrics, token: string | undefined) {
  return async (c: Context) => {
    if (token !== undefined) {
      const given = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) {
        c.header('WWW-Authenticate', 'Bearer');
        c.header('Cache-Control', 'no-store');
        return c.text('Unauthorized', 401);
      }
    }
    const { text, contentType } = await metrics.scrape();
    c.header('Content-Type', contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(text, 200);
  };
}

/** What METRICS_PORT serves: GET /metrics with no token (the port is bound to 127.0.0.1), and nothing else. */
export function metricsApp(metrics: Metrics) {
  return new Hono().get('/metrics', metricsHandler(metrics, undefined));
}
