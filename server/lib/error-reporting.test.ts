import { createTransport } from '@sentry/node';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE } from '../../contract/constants';
import { createApp } from '../app';
import { parseEnv } from '../env';
import { periodic, startJobs } from '../jobs/runner';
import { freshDatabase } from '../test/harness';
import { startErrorReporting, type ErrorReporter } from './error-reporting';
import { createLogger } from './logger';

/** Events as Sentry would receive them: the envelopes the SDK sends, read back (no network). */
function capturingTransport() {
  const events: Record<string, unknown>[] = [];
  const transport = (options: Parameters<typeof createTransport>[0]) =>
    createTransport(options, async (request) => {
      // An envelope: its header, then an item header and its payload per line.
      const body = typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
      const [, , payload] = body.split('\n');
      events.push(JSON.parse(payload!));
      return { statusCode: 200 };
    });
  return { events, transport };
}

const logger = createLogger('silent');
let errors: ErrorReporter;
let events: Record<string, unknown>[];
let shop: { app: ReturnType<typeof createApp> } & Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  const capture = capturingTransport();
  events = capture.events;
  errors = await startErrorReporting({
    dsn: 'https://publickey@o1.ingest.sentry.io/1',
    environment: 'test',
    transport: capture.transport,
  });
  const fresh = await freshDatabase();
  const env = parseEnv({ NODE_ENV: 'test', STATIC_DIR: '.tmp/no-spa' });
  shop = { ...fresh, app: createApp({ env, database: fresh.database, logger, errors }) };
});
afterAll(async () => {
  await errors.flush(1_000);
  await shop.drop();
});

describe('error reports', () => {
  it('report what a client did wrong never (a 4xx is no server error)', async () => {
    const { app } = shop;
    events.length = 0;
    const broken = await app.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(400);
    expect((await app.request('/api/v1/orders')).status).toBe(401);
    await errors.flush(1_000);
    expect(events).toEqual([]);
  });

  it('report a handler that failed: once, with the release and correlation id, and no personal data', async () => {
    const { app, database } = shop;
    // The accounts table gone, signing in fails in the database, whose error lists the query's
    // parameters: the shopper's email among them.
    await database.db.execute(sql`alter table users rename to users_away`);
    events.length = 0;
    try {
      const res = await app.request('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Correlation-Id': 'checkout-trace-0001' },
        body: JSON.stringify({ email: 'amina.wanjiru@example.co.ke', password: 'Nairobi-Maize-2026!' }),
      });
      expect(res.status).toBe(500);
      await errors.flush(2_000);
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event).toMatchObject({
        release: RELEASE,
        environment: 'test',
        tags: { correlation_id: 'checkout-trace-0001' },
        contexts: { sokoni: { where: 'request', method: 'POST', path: '/api/v1/auth/login' } },
      });
      const text = JSON.stringify(event);
      expect(text).toContain('users');
      expect(text).toContain('params: [redacted]');
      expect(text).not.toContain('amina.wanjiru');
      expect(text).not.toContain('Nairobi-Maize');
    } finally {
      await database.db.execute(sql`alter table users_away rename to users`);
    }
  });

  it('report a background job pass that failed, scrubbed, with the job named', async () => {
    events.length = 0;
    const jobs = startJobs(
      [
        periodic(
          'mail outbox',
          async () => {
            throw new Error('SMTP refused mail to wanjiku@example.com, phone 0712345678');
          },
          { everyMs: 60_000, atStart: true },
        ),
      ],
      logger,
      errors,
    );
    await jobs.stop();
    await errors.flush(2_000);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      release: RELEASE,
      tags: { job: 'mail outbox' },
      exception: { values: [{ value: 'SMTP refused mail to [email], phone [phone]' }] },
    });
  });
});
