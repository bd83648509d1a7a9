import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { createApp } from './app';
import { prepareDatabase } from './boot';
import { closeDarajaSimulators } from './dev/daraja-simulator';
import { closeSmsSimulators } from './dev/sms-simulator';
import { EnvError, parseEnv } from './env';
import { instanceJobs } from './jobs/instance-jobs';
import { startJobs } from './jobs/runner';
import { gracefulClose } from './lib/drain';
import type { Runtime } from './lib/http';
import { startErrorReporting } from './lib/error-reporting';
import { createLogger } from './lib/logger';
import { createMetrics, metricsApp, metricsWanted } from './lib/metrics';
import { createMailTransport } from './lib/mail/transport';
import { createDarajaClientFromEnv } from './lib/payments/daraja';
import { createSmsClientFromEnv } from './lib/sms/africastalking';

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
  // Loads @sentry/node only when there is somewhere to report to.
  const errors = env.SENTRY_DSN
    ? await startErrorReporting({
        dsn: env.SENTRY_DSN,
        environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
      })
    : undefined;
  let database;
  try {
    database = await prepareDatabase(env, logger);
  } catch (err) {
    // One plain sentence for the person starting it, as for a bad environment, and the log line.
    process.stderr.write(`${(err as Error).message}\nThe server did not start.\n`);
    logger.error('database unavailable; the server did not start', { error: (err as Error).message });
    errors?.report(err, { where: 'start' });
    await errors?.flush(2_000);
    process.exit(1);
  }
  // Readiness (/api/health/ready) reads what runs beside the app: the jobs, once started.
  const runtime: Runtime = {};
  const metrics = metricsWanted(env) ? createMetrics(database) : undefined;
  const app = createApp({ env, database, logger, runtime, metrics, errors });
  if (!env.RUN_JOBS)
    logger.info('background jobs off on this instance (RUN_JOBS=false): another instance must run them');
  const jobs = startJobs(
    instanceJobs(env, database, logger, {
      daraja: () => createDarajaClientFromEnv(env),
      mail: () => createMailTransport(env, logger),
      sms: () => createSmsClientFromEnv(env),
      metrics,
    }),
    logger,
    errors,
  );
  runtime.jobs = jobs;
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info('listening', { url: `http://localhost:${info.port}`, database: database.kind });
    // The page renderer (server/lib/ssr.ts) loads on the first page asked for, and renders it: ~1 s
    // during which every visitor waits (bench:api measured p99 503 ms at 500 req/s from a cold
    // start). The landing page is asked for here instead, before anyone else does.
    void Promise.resolve(app.request('/', { headers: { Accept: 'text/html' } })).catch(() => undefined);
  }) as Server;

  const graceful = gracefulClose(server);
  // Prometheus's own port: this machine only, so no token is asked there.
  const metricsServer =
    metrics && env.METRICS_PORT
      ? (serve({ fetch: metricsApp(metrics).fetch, port: env.METRICS_PORT, hostname: '127.0.0.1' }, (info) =>
          logger.info('metrics listening', { url: `http://127.0.0.1:${info.port}/metrics` }),
        ) as Server)
      : undefined;
  metricsServer?.on('error', (err) =>
    logger.error('metrics port unavailable; /metrics is not served', { error: err.message }),
  );

  // After the server: the jobs (the reconciler and the SMS worker may still call the simulators),
  // then the simulators, then the database.
  const stopServices = async () => {
    metricsServer?.closeAllConnections();
    metricsServer?.close();
    await jobs.stop();
    logger.info('jobs stopped');
    await closeDarajaSimulators().catch(() => undefined);
    await closeSmsSimulators().catch(() => undefined);
    await database.close().catch(() => undefined);
    logger.info('database closed');
    await errors?.flush(2_000);
  };

  let stopping = false;
  // The server could not listen: one line that says why (no stack trace), and exit 1.
  server.on('error', async (err: NodeJS.ErrnoException) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(
      err.code === 'EADDRINUSE'
        ? `port ${env.PORT} is in use: set PORT\n`
        : `cannot listen on ${env.HOST}:${env.PORT}: ${err.message}\n`,
    );
    await stopServices();
    process.exit(1);
  });
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.shuttingDown = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.warn('shutdown timed out; closing remaining connections');
      server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Answer every request already sent (with `Connection: close`), stop accepting and end the idle
    // connections; resolves once the last connection is closed.
    await graceful.close({
      acceptForMs: env.SHUTDOWN_TIMEOUT_MS / 2,
      onStopAccepting: (accepted) =>
        logger.info('not accepting connections', { acceptedSinceSignal: accepted }),
    });
    logger.info('server closed');
    // Only now, as the requests in flight may have needed them.
    await stopServices();
    logger.info('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
    process.on(signal, () => void shutdown(signal));
  process.on('unhandledRejection', (reason) => {
    logger.error('unhandled rejection', { error: String(reason) });
    errors?.report(reason, { where: 'unhandled rejection' });
  });
}

void main();
