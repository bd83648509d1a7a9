import { Hono } from 'hono';
import type { Env } from '../env';
import { devSmsModule, smsSimulatorOptionsFromEnv } from '../dev/sms-routes';
import { createSmsSimulator, type SmsSimulator } from '../dev/sms-simulator';
import { deliverDueSms, type SmsWorkerOptions } from '../jobs/sms-outbox';
import { mount, newRouter } from '../lib/http';
import { createLogger } from '../lib/logger';
import { createSmsClient, type SmsClient } from '../lib/sms/africastalking';
import { smsSettings } from '../lib/sms/config';
import type { TestContext } from './harness';

// Test helpers (not tests) for SMS: production's AT_* values, and the simulator wired to a test app.

/** The AT_ and SMS_ values a production environment must have; spread into a production test env. */
export const PRODUCTION_SMS_TEST_ENV = {
  AT_USERNAME: 'sokoni',
  AT_API_KEY: 'test-live-at-api-key',
  SMS_CALLBACK_SECRET: 'test-live-sms-callback-secret-0123456789abcdef',
} as const;

/** One pass of an SMS worker over the test's database with `client`, its clock stopped at `now`. */
export const smsPass = (
  ctx: Pick<TestContext, 'database'>,
  client: SmsClient,
  now: Date,
  extra: Partial<SmsWorkerOptions> = {},
) =>
  deliverDueSms({
    db: ctx.database.db,
    client,
    logger: createLogger('silent'),
    pollMs: 1_000,
    maxAttempts: 3,
    unknownWaitMs: 600_000,
    now: () => now,
    ...extra,
  });

export interface SmsRig {
  simulator: SmsSimulator;
  /** The client the worker uses, talking to the simulator in memory; `sends` counts its requests. */
  client: SmsClient;
  sends: { count: number };
  /** One pass of the worker at `now`. */
  pass(now: Date, extra?: Partial<SmsWorkerOptions>): Promise<number>;
  close(): Promise<void>;
}

/**
 * The SMS simulator in memory: the client's sends reach it without a socket, and its delivery reports
 * reach the test app's callback route (`ctx.request`). Reports come after `delayMs` (default 0).
 */
export function smsRig(ctx: TestContext, { delayMs = 0 }: { delayMs?: number } = {}): SmsRig {
  const env: Env = ctx.env;
  const logger = createLogger('silent');
  const simulator = createSmsSimulator({
    ...smsSimulatorOptionsFromEnv(env, logger),
    delayMs,
    fetch: async (url, init) => ctx.app.request(url, init),
  });
  const gateway = new Hono().route(
    '/api',
    mount(newRouter(), devSmsModule({ env, logger, database: ctx.database }, simulator)),
  );
  const sends = { count: 0 };
  const client = createSmsClient({
    ...smsSettings(env),
    fetch: async (url, init) => {
      sends.count++;
      return gateway.request(url, init);
    },
  });
  return {
    simulator,
    client,
    sends,
    pass: (now, extra) => smsPass(ctx, client, now, extra),
    close: () => simulator.close(),
  };
}
