/**
 * The payment and SMS gateways' simulators on their own, as Safaricom and Africa's Talking are for a
 * shop: a separate process, so a bench's server does only the shop's side of each payment (the push,
 * the callback) and of each SMS (the send, the delivery report), and its CPU is the shop's. Run by
 * bench/rush.ts; prints `ready <port>` once listening. A line `reports <origin>` on stdin tells it
 * the shop whose delivery-report address the SMS reports go to (Africa's Talking has one per app).
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createInterface } from 'node:readline';
import { devDarajaModule } from '../../server/dev/daraja-routes';
import { smsGatewayRoutes, smsSimulatorOptionsFromEnv } from '../../server/dev/sms-routes';
import { createSmsSimulator } from '../../server/dev/sms-simulator';
import { parseEnv } from '../../server/env';
import { mount, type AppEnv } from '../../server/lib/http';
import { createLogger } from '../../server/lib/logger';
import { smsSettings } from '../../server/lib/sms/config';

const env = parseEnv({ ...process.env, NODE_ENV: 'development' });
const logger = createLogger('warn');
let reportsTo: string | undefined;
const sms = createSmsSimulator({
  ...smsSimulatorOptionsFromEnv(env, logger),
  // Until the shop is known, a report has nowhere to go.
  fetch: (url, init) => fetch(reportsTo ?? url, init),
});
createInterface({ input: process.stdin }).on('line', (line) => {
  const origin = /^reports (\S+)$/.exec(line)?.[1];
  if (origin)
    reportsTo = smsSettings(
      parseEnv({ ...process.env, NODE_ENV: 'development', PUBLIC_URL: origin }),
    ).callbackUrl;
});

const app = mount(new Hono<AppEnv>().basePath('/api'), [
  ...devDarajaModule({ env, logger }),
  smsGatewayRoutes(sms),
]);
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
  console.log(`ready ${info.port}`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
