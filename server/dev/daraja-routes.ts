import type { Context } from 'hono';
import { SIMULATOR_OUTCOMES } from '../../contract/mpesa-simulator';
import { formatKenyanPhone, normaliseKenyanPhone } from '../../contract/phone';
import type { Env } from '../env';
import { errorResponse, newRouter, type AppEnv, type Deps, type Mount } from '../lib/http';
import type { Logger } from '../lib/logger';
import { escapeHtml } from '../lib/mail/templates';
import { DARAJA_SIMULATOR_PATH, darajaSettings } from '../lib/payments/config';
import {
  createDarajaSimulator,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
  type PromptView,
  type SimulatorAnswer,
} from './daraja-simulator';
import { thisMachineOnly } from './loopback';

// Development only: app.ts never mounts this in production (and env.ts refuses the simulator there),
// and it answers only this machine (./loopback.ts).
// The Daraja endpoints are deliberately not OpenAPI routes: they speak Daraja's shapes, not ours.

/** The simulator's settings from the environment: the same credentials and account the client will use. */
export function simulatorOptionsFromEnv(env: Env, logger?: Logger): DarajaSimulatorOptions {
  const s = darajaSettings(env);
  return {
    consumerKey: s.consumerKey,
    consumerSecret: s.consumerSecret,
    accountType: s.accountType,
    shortcode: s.shortcode,
    ...(s.tillNumber ? { tillNumber: s.tillNumber } : {}),
    passkey: s.passkey,
    delayMs: env.MPESA_SIMULATOR_DELAY_MS,
    logger,
  };
}

/** The Daraja simulator under /dev/daraja and the virtual phone at /dev/phone. */
export function devDarajaModule(
  { env, logger }: Pick<Deps, 'env' | 'logger'>,
  simulator: DarajaSimulator = createDarajaSimulator(simulatorOptionsFromEnv(env, logger)),
): Mount[] {
  const send = (c: Context<AppEnv>, answer: SimulatorAnswer) => {
    c.header('Cache-Control', 'no-store');
    return c.json(answer.body, answer.status);
  };
  const phoneFilter = (raw: string | undefined) =>
    raw ? (normaliseKenyanPhone(raw) ?? undefined) : undefined;

  const daraja = newRouter()
    .use('*', thisMachineOnly)
    .get('/oauth/v1/generate', (c) =>
      send(c, simulator.oauth(c.req.header('Authorization'), c.req.query('grant_type'))),
    )
    .post('/mpesa/stkpush/v1/processrequest', async (c) =>
      send(c, simulator.stkPush(c.req.header('Authorization'), await c.req.text())),
    )
    .post('/mpesa/stkpushquery/v1/query', async (c) =>
      send(c, simulator.stkQuery(c.req.header('Authorization'), await c.req.text())),
    );
  const virtualPhone = newRouter()
    .use('*', thisMachineOnly)
    .get('/prompts', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: simulator.prompts(phoneFilter(c.req.query('phone'))) }, 200);
    })
    .post('/prompts/:checkoutRequestId/:choice{pay|cancel}', async (c) => {
      // The page is a dev tool, but another site should still not be able to press its buttons.
      if (c.req.header('Sec-Fetch-Site') === 'cross-site') {
        return errorResponse(c, 403, 'forbidden', 'The virtual phone only answers its own page.');
      }
      const choice = c.req.param('choice') === 'pay' ? 'pay' : 'cancel';
      const answered = simulator.answer(c.req.param('checkoutRequestId'), choice);
      const isForm = (c.req.header('Content-Type') ?? '').includes('application/x-www-form-urlencoded');
      if (isForm) {
        const form = await c.req.parseBody();
        const phone = typeof form.phone === 'string' ? phoneFilter(form.phone) : undefined;
        const page = c.req.path.replace(/\/prompts\/[^/]+\/(pay|cancel)$/, '');
        return c.redirect(phone ? `${page}?phone=${phone}` : page, 303);
      }
      if (!answered) return errorResponse(c, 404, 'not_found', 'That prompt is not waiting for an answer.');
      return c.json({ data: { checkoutRequestId: c.req.param('checkoutRequestId'), choice } }, 200);
    })
    .get('/', (c) => {
      const phone = phoneFilter(c.req.query('phone'));
      c.header('Cache-Control', 'no-store');
      c.header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      );
      return c.html(phonePage(simulator.prompts(phone), phone, env.MPESA_SIMULATOR_DELAY_MS));
    });
  return [
    [DARAJA_SIMULATOR_PATH, daraja],
    ['/dev/phone', virtualPhone],
  ];
}

function phonePage(prompts: PromptView[], phone: string | undefined, delayMs: number) {
  const keep = phone ? `<input type="hidden" name="phone" value="${escapeHtml(phone)}">` : '';
  const items = prompts
    .map((p) => {
      const id = encodeURIComponent(p.checkoutRequestId);
      return `<article>
<p class="to">To ${escapeHtml(formatKenyanPhone(p.phone))}</p>
<p>Do you want to pay <strong>Ksh ${escapeHtml(p.amount.toFixed(2))}</strong> to ${
        p.accountType === 'till'
          ? `till <strong>${escapeHtml(p.shortcode)}</strong>?`
          : `<strong>${escapeHtml(p.shortcode)}</strong>
for account <strong>${escapeHtml(p.accountReference)}</strong>?`
      }</p>
<p class="meta">${escapeHtml(p.description)} · ${escapeHtml(p.checkoutRequestId)}</p>
<form method="post" action="phone/prompts/${escapeHtml(id)}/pay">${keep}<button class="pay">Pay</button></form>
<form method="post" action="phone/prompts/${escapeHtml(id)}/cancel">${keep}<button>Cancel</button></form>
</article>`;
    })
    .join('\n');
  const table = Object.entries(SIMULATOR_OUTCOMES)
    .map(([ending, o]) => `<tr><td>…${escapeHtml(ending)}</td><td>${escapeHtml(o.summary)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="3">
<title>Sokoni virtual phone</title>
<style>
body{font-family:system-ui,sans-serif;max-width:560px;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:12px;padding:.5rem 1rem 1rem;margin:1rem 0}
form{display:inline} button{font-size:1rem;padding:.5rem 1.25rem;margin-right:.5rem;border-radius:8px;border:1px solid #999;background:#fff}
.pay{background:#1b7f3b;color:#fff;border-color:#1b7f3b} .meta,.to{color:#555;font-size:.9rem}
table{border-collapse:collapse;font-size:.9rem} td{padding:.2rem .75rem .2rem 0}
</style></head>
<body>
<h1>Virtual phone</h1>
<p>M-Pesa prompts the Daraja simulator is holding${phone ? ` for ${escapeHtml(formatKenyanPhone(phone))}` : ''}, newest first.
This page refreshes itself every 3 seconds.</p>
<form method="get"><label>Phone <input name="phone" inputmode="tel" value="${escapeHtml(phone ? formatKenyanPhone(phone) : '')}"></label> <button>Filter</button></form>
${items || '<p>No prompt is waiting.</p>'}
<h2>How the simulator answers</h2>
<p>By the last two digits of the phone, after ${escapeHtml(String(delayMs))} ms (MPESA_SIMULATOR_DELAY_MS). Pay or Cancel here answers any waiting prompt first.</p>
<table>${table}</table>
</body></html>`;
}
