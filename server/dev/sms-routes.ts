import { createRoute, z } from '@hono/zod-openapi';
import { formatKenyanPhone, normaliseKenyanPhone } from '../../contract/phone';
import { ORDER_NOTICE_EVENTS, SMS_STATUSES } from '../../contract/sms';
import { LANGUAGES } from '../../contract/languages';
import type { Env } from '../env';
import { publicSecurity } from '../lib/auth/middleware';
import { AppError } from '../lib/errors';
import { errorResponse, newRouter, type Deps, type Mount } from '../lib/http';
import type { Logger } from '../lib/logger';
import { escapeHtml } from '../lib/mail/templates';
import { error, ok } from '../lib/openapi';
import { SMS_SIMULATOR_PATH, smsSettings } from '../lib/sms/config';
import { listSms, type SmsRow } from '../lib/sms/outbox';
import { createSmsSimulator, type SmsSimulator, type SmsSimulatorOptions } from './sms-simulator';
import { thisMachineOnly } from './loopback';

// Development only: app.ts never mounts this in production (and env.ts refuses the simulator there),
// and it answers only this machine (./loopback.ts). The simulator's endpoints speak Africa's
// Talking's shapes, not ours, so they are not OpenAPI routes; the dev SMS outbox is.

/** The simulator's settings from the environment: the credentials and report URL the client uses. */
export function smsSimulatorOptionsFromEnv(env: Env, logger?: Logger): SmsSimulatorOptions {
  const s = smsSettings(env);
  return {
    username: s.username,
    apiKey: s.apiKey,
    callbackUrl: s.callbackUrl,
    delayMs: env.SMS_SIMULATOR_DELAY_MS,
    balanceEmpty: env.SMS_SIMULATOR_BALANCE_EMPTY,
    logger,
  };
}

const DevSms = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    event: z.enum(ORDER_NOTICE_EVENTS),
    to: z.string().meta({ description: 'The phone, 2547XXXXXXXX' }),
    language: z.enum(LANGUAGES),
    text: z.string(),
    status: z.enum(SMS_STATUSES),
    reason: z.string().nullable().meta({ description: 'Why it failed, or why the last try did not go' }),
    attempts: z.number().int(),
    gatewayMessageId: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    sentAt: z.iso.datetime({ offset: true }).nullable(),
    deliveredAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'DevSmsMessage' });

const devSmsRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listDevSms',
  tags: ['dev'],
  security: publicSecurity,
  summary: 'Development only: the SMS the server queued and sent, newest first, optionally to one phone',
  request: { query: z.object({ to: z.string().max(32).optional() }) },
  responses: {
    200: ok('Messages', z.array(DevSms)),
    400: error('`to` is longer than 32 characters, or not a Kenyan mobile number'),
    403: error(
      'Asked through a proxy or tunnel (a forwarding header, or a host other than localhost): the dev tools answer only this machine (`dev_tools_local_only`)',
    ),
  },
});

const LIMIT = 50;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toDevSms = (m: SmsRow) => ({
  id: m.id,
  orderId: m.orderId,
  event: m.event,
  to: m.phone,
  language: m.language,
  text: m.text,
  status: m.status,
  reason: m.lastError,
  attempts: m.attempts,
  gatewayMessageId: m.gatewayMessageId,
  createdAt: m.createdAt.toISOString(),
  sentAt: iso(m.sentAt),
  deliveredAt: iso(m.deliveredAt),
});

/**
 * The simulated gateway alone (`POST …/version1/messaging` and the balance switch), for a process
 * with no database: the benches run it apart from the shop, as Africa's Talking is.
 */
export function smsGatewayRoutes(simulator: SmsSimulator): Mount {
  const gateway = newRouter()
    .use('*', thisMachineOnly)
    .post('/version1/messaging', async (c) => {
      const answer = simulator.messaging(c.req.header('apiKey'), await c.req.text());
      c.header('Cache-Control', 'no-store');
      return 'json' in answer ? c.json(answer.json, answer.status) : c.text(answer.text, answer.status);
    })
    .post('/balance', async (c) => {
      const body = (await c.req.json().catch(() => null)) as { empty?: unknown } | null;
      if (typeof body?.empty !== 'boolean')
        return errorResponse(c, 400, 'validation_failed', 'Send {"empty": true} or {"empty": false}.');
      simulator.setBalanceEmpty(body.empty);
      return c.json({ data: { empty: simulator.balanceEmpty() } }, 200);
    });
  return [SMS_SIMULATOR_PATH, gateway];
}

/**
 * The SMS simulator under /dev/africastalking, the dev SMS outbox (JSON at /dev/sms) and the texts a
 * phone received (a page at /dev/sms/phone).
 */
export function devSmsModule(
  { env, logger, database }: Pick<Deps, 'env' | 'logger' | 'database'>,
  simulator: SmsSimulator = createSmsSimulator(smsSimulatorOptionsFromEnv(env, logger)),
): Mount[] {
  const outbox = newRouter();
  outbox.use('*', thisMachineOnly);
  outbox.openapi(devSmsRoute, async (c) => {
    const raw = c.req.valid('query').to?.trim();
    const phone = raw ? normaliseKenyanPhone(raw) : undefined;
    if (phone === null) throw new AppError(400, 'validation_failed', '`to` is not a Kenyan mobile number.');
    const rows = await listSms(database.db, { phone, limit: LIMIT });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: rows.map(toDevSms) }, 200);
  });
  outbox.get('/phone', async (c) => {
    const raw = c.req.query('to')?.trim().slice(0, 32);
    const phone = raw ? (normaliseKenyanPhone(raw) ?? undefined) : undefined;
    const rows = raw && !phone ? [] : await listSms(database.db, { phone, limit: LIMIT });
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
    return c.html(phonePage(rows, phone, simulator.balanceEmpty()));
  });

  return [smsGatewayRoutes(simulator), ['/dev/sms', outbox]];
}

function phonePage(rows: SmsRow[], phone: string | undefined, balanceEmpty: boolean) {
  const items = rows
    .map(
      (m) => `<article>
<p class="meta">To ${escapeHtml(formatKenyanPhone(m.phone))} · ${escapeHtml(m.createdAt.toISOString())} · <strong>${escapeHtml(m.status)}</strong>${
        m.lastError ? ` · ${escapeHtml(m.lastError)}` : ''
      }</p>
<p class="text">${escapeHtml(m.text)}</p>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="3">
<title>Sokoni SMS phone</title>
<style>
body{font-family:system-ui,sans-serif;max-width:560px;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:12px;padding:.25rem 1rem;margin:1rem 0;background:#f3f7f3}
.meta{color:#555;font-size:.85rem} .text{white-space:pre-wrap}
</style></head>
<body>
<h1>SMS phone</h1>
<p>Texts the server queued and sent${phone ? ` to ${escapeHtml(formatKenyanPhone(phone))}` : ''}, newest first (the last ${LIMIT}). This page refreshes itself every 3 seconds.</p>
<form method="get"><label>Phone <input name="to" inputmode="tel" value="${escapeHtml(phone ? formatKenyanPhone(phone) : '')}"></label> <button>Filter</button></form>
${items || '<p>No texts yet.</p>'}
<h2>How the simulator answers</h2>
<p>A phone ending in 09 gets a delivery report "Failed" (undeliverable); any other, "Success", after SMS_SIMULATOR_DELAY_MS.
The balance is ${balanceEmpty ? '<strong>empty</strong>: every send is answered 405 InsufficientBalance' : 'topped up'} (SMS_SIMULATOR_BALANCE_EMPTY, or POST /api/dev/africastalking/balance {"empty": true}).</p>
</body></html>`;
}
