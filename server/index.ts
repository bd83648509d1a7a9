import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { createApp } from './app';
import { closeDarajaSimulators } from './dev/daraja-simulator';
import { prepareDatabase } from './boot';
import { EnvError, parseEnv } from './env';
import { createLogger } from './lib/logger';
import { createDarajaClientFromEnv } from './lib/payments/daraja';
import { createMailTransport } from './lib/mail/transport';
import { startMailWorker } from './lib/mail/worker';
import { startAuthHousekeeping } from './modules/auth/housekeeping';
import { startPaymentReconciler } from './jobs/payment-reconciler';

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`${err.message}\nThe server did not start.\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(env.LOG_LEVEL);
  let database;
  try {
    database = await prepareDatabase(env, logger);
  } catch (err) {
    logger.error('database unavailable; the server did not start', { error: (err as Error).message });
    process.exit(1);
  }
  const app = createApp({ env, database, logger });
  const mailWorker = startMailWorker({
    db: database.db,
    transport: createMailTransport(env, logger),
    logger,
    pollMs: env.MAIL_POLL_MS,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
  });
  const housekeeping = startAuthHousekeeping(database.db, logger);
  const reconciler = startPaymentReconciler({
    db: database.db,
    daraja: createDarajaClientFromEnv(env),
    logger,
    queryDelayMs: env.PAYMENT_QUERY_DELAY_MS,
    intervalMs: env.PAYMENT_RECONCILE_INTERVAL_MS,
  });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) =>
    logger.info('listening', { url: `http://localhost:${info.port}`, database: database.kind }),
  ) as Server;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.warn('shutdown timed out; closing remaining connections');
      server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Stop accepting, let in-flight requests finish, then close the database.
    server.close(async () => {
      housekeeping.stop();
      // Before the simulator and the database: a pass in hand may still query Daraja and settle.
      await reconciler.stop().catch(() => undefined);
      await closeDarajaSimulators().catch(() => undefined);
      await mailWorker.stop().catch(() => undefined);
      await database.close().catch(() => undefined);
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('unhandledRejection', (reason) => logger.error('unhandled rejection', { error: String(reason) }));
}

void main();
