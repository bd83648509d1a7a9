import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEnv } from '../env';
import { mount, newRouter } from '../lib/http';
import { createLogger } from '../lib/logger';
import { devDarajaModule, simulatorOptionsFromEnv } from '../dev/daraja-routes';
import {
  createDarajaSimulator,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
} from '../dev/daraja-simulator';

// Test helpers (not tests): a real HTTP Daraja simulator and a callback receiver on ephemeral ports.
// The checkout and orders tests can use them too.

/**
 * MPESA_* values a production environment must have (parseEnv refuses production without them);
 * spread into a test's production env: `parseEnv({ NODE_ENV: 'production', …, ...PRODUCTION_MPESA_TEST_ENV })`.
 */
export const PRODUCTION_MPESA_TEST_ENV = {
  MPESA_BASE_URL: 'https://api.safaricom.co.ke',
  MPESA_CONSUMER_KEY: 'test-live-consumer-key',
  MPESA_CONSUMER_SECRET: 'test-live-consumer-secret',
  MPESA_SHORTCODE: '600100',
  MPESA_PASSKEY: 'test-live-passkey',
  MPESA_CALLBACK_SECRET: 'test-live-callback-secret-0123456789abcdef',
} as const;

export interface Listening {
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** Serves a fetch handler on 127.0.0.1 on a free port. */
export function listen(handler: (req: Request) => Response | Promise<Response>): Promise<Listening> {
  return new Promise((resolve) => {
    const server = serve({ fetch: handler, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        origin: `http://127.0.0.1:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            (server as Server).closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

export interface SimulatorServer extends Listening {
  simulator: DarajaSimulator;
  /** The MPESA_BASE_URL of this simulator. */
  baseUrl: string;
  options: DarajaSimulatorOptions;
}

/** The simulator behind a real HTTP server, with the development credentials and a 50 ms phone. */
export async function startSimulatorServer(
  overrides: Partial<DarajaSimulatorOptions> = {},
): Promise<SimulatorServer> {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MPESA_SIMULATOR_DELAY_MS: '50' });
  const logger = createLogger('silent');
  const options: DarajaSimulatorOptions = { ...simulatorOptionsFromEnv(env, logger), ...overrides };
  const simulator = createDarajaSimulator(options);
  const app = new Hono().route('/api', mount(newRouter(), devDarajaModule({ env, logger }, simulator)));
  const server = await listen(app.fetch);
  return {
    ...server,
    simulator,
    options,
    baseUrl: `${server.origin}/api/dev/daraja`,
    close: async () => {
      await simulator.close();
      await server.close();
    },
  };
}

export interface CallbackReceiver extends Listening {
  /** Where the simulator should POST (any path is accepted and recorded). */
  url: string;
  /** Every JSON body received, in arrival order, with its path. */
  received: { path: string; body: unknown }[];
  /** Resolves once `count` callbacks have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<{ path: string; body: unknown }[]>;
}

/** A tiny HTTP server that records the callbacks posted to it. */
export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: { path: string; body: unknown }[] = [];
  const waiters = new Set<() => void>();
  const server = await listen(async (req) => {
    received.push({ path: new URL(req.url).pathname, body: await req.json().catch(() => null) });
    for (const w of waiters) w();
    return Response.json({ ResultCode: 0, ResultDesc: 'Accepted' });
  });
  return {
    ...server,
    url: `${server.origin}/api/v1/payments/mpesa/callback/test-secret`,
    received,
    waitFor: (count, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          cleanup();
          resolve(received.slice());
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`expected ${count} callbacks within ${timeoutMs} ms, got ${received.length}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
  };
}
