/**
 * The Daraja simulator on its own, as Safaricom is for a shop: a separate process, so a bench's
 * server does only the shop's side of each payment (the push, the callback) and its CPU is the shop's.
 * Run by `startDaraja()`; prints `ready <port>` once listening.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { devDarajaModule } from '../../server/dev/daraja-routes';
import { parseEnv } from '../../server/env';
import { mount, type AppEnv } from '../../server/lib/http';
import { createLogger } from '../../server/lib/logger';

const env = parseEnv({ ...process.env, NODE_ENV: 'development' });
const app = mount(
  new Hono<AppEnv>().basePath('/api'),
  devDarajaModule({ env, logger: createLogger('warn') }),
);
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
  console.log(`ready ${info.port}`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
