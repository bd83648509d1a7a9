import { randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { MPESA_CALLBACK_PROBE_HEADER, MPESA_CALLBACK_PROOF_HEADER } from '../../../contract/checkout';
import type { Env } from '../../env';
import { isProbeProof, newProbeNonce, probeBody } from './callback-probe';
import { DARAJA_SANDBOX_URL, darajaSettings, MPESA_CALLBACK_PATH, type DarajaSettings } from './config';
import {
  createDarajaClient,
  describeNetworkError,
  isTimeout,
  networkErrorCode,
  type FetchLike,
} from './daraja';
import { DarajaError } from './daraja-errors';

// `npm run mpesa:check`: whether the configured M-Pesa account works before a shopper finds out. It
// asks Daraja for a token and an STK query of a made-up request (which costs nothing and sends no
// prompt), and probes the public callback URL. It never sends an STK push and changes nothing.

/** What is checked: the Daraja app's key and secret, shortcode and passkey, account type, callback URL. */
type CheckName = 'credentials' | 'shortcode' | 'account' | 'callback';

/** One thing found: a pass, a failure with what to change, or a check that could not run. */
export interface Finding {
  check: CheckName;
  status: 'pass' | 'fail' | 'skipped';
  /** What was found, as a sentence. */
  says: string;
  /** For a failure: what to change. */
  fix?: string;
}

export interface GoLiveReport {
  /** One line: which Daraja, which account and which callback URL (its secret hidden) were checked. */
  target: string;
  findings: Finding[];
  /** True only when every check passed. */
  ok: boolean;
}

export interface GoLiveCheckOptions {
  /** Every request: Daraja's and the callback probe (tests route the public address to a test server). */
  fetch?: FetchLike;
  now?: () => number;
}

/** Checks the M-Pesa configuration `env` against Daraja and the public callback URL; changes nothing. */
export async function checkMpesaGoLive(env: Env, options: GoLiveCheckOptions = {}): Promise<GoLiveReport> {
  const settings = darajaSettings(env);
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const findings: Finding[] = [];
  findings.push(...(await checkDaraja(settings, fetchImpl, options.now)));
  findings.push(...(await checkCallback(env, settings, fetchImpl)));
  return {
    target:
      `Daraja at ${settings.baseUrl}${settings.simulator ? ' (the built-in simulator)' : ''}, ` +
      `${accountWords(settings)}, callback ${shownUrl(settings.callbackUrl)}` +
      (env.NODE_ENV === 'production' ? '' : ` (NODE_ENV is ${env.NODE_ENV}, not production)`),
    findings,
    ok: findings.every((f) => f.status === 'pass'),
  };
}

/** The report as the command prints it: a ✓, ✗ or – line per finding, the fix under each failure. */
export function formatGoLiveReport(report: GoLiveReport): string {
  const mark = { pass: '✓', fail: '✗', skipped: '–' } as const;
  const lines = [`Checking M-Pesa: ${report.target}.`, ''];
  for (const f of report.findings) {
    lines.push(`${mark[f.status]} ${f.says}`);
    if (f.fix) lines.push(`  Fix: ${f.fix}`);
  }
  const notPassed = report.findings.filter((f) => f.status !== 'pass').length;
  lines.push(
    '',
    report.ok
      ? 'Every check passed: make a first KSH 1 order (README, "Going live with M-Pesa").'
      : `${notPassed} of ${report.findings.length} checks did not pass: fix them and run npm run mpesa:check again.`,
  );
  return lines.join('\n');
}

// ---- Daraja: token, shortcode and passkey, account type ----

async function checkDaraja(
  settings: DarajaSettings,
  fetchImpl: FetchLike,
  now: (() => number) | undefined,
): Promise<Finding[]> {
  const client = createDarajaClient({ ...settings, fetch: fetchImpl, ...(now ? { now } : {}) });
  try {
    await client.accessToken();
  } catch (err) {
    const reason = 'Not checked: Daraja gave no OAuth token (above).';
    return [
      tokenRefused(settings, err),
      { check: 'shortcode', status: 'skipped', says: `Shortcode and passkey: ${reason}` },
      { check: 'account', status: 'skipped', says: `Account type: ${reason}` },
    ];
  }
  const credentials: Finding = {
    check: 'credentials',
    status: 'pass',
    says: `Daraja gave an OAuth token for MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET.`,
  };
  // Daraja checks the BusinessShortCode and the password before it looks the request up, so "no such
  // request" means both were accepted, and no prompt can go out.
  const madeUp = `ws_CO_SOKONI_CHECK_${randomBytes(8).toString('hex')}`;
  const shortcode = settings.shortcode;
  try {
    await client.stkQuery(madeUp);
    // Pending or complete would mean Daraja knows an id we made up; still, the password was accepted.
    return [credentials, passkeyAccepted(settings, 'an answer'), accountAccepted(settings)];
  } catch (err) {
    if (!(err instanceof DarajaError)) throw err;
    const said = darajaSaid(err);
    if (err.kind === 'invalid_request' && /CheckoutRequestID/i.test(err.rawMessage ?? '')) {
      return [credentials, passkeyAccepted(settings, `"${err.rawMessage}"`), accountAccepted(settings)];
    }
    if (
      err.kind === 'auth' &&
      /invalid\s*businessshortcode|merchant does not exist/i.test(err.rawMessage ?? '')
    ) {
      return [
        credentials,
        {
          check: 'shortcode',
          status: 'fail',
          says: `Daraja does not take ${shortcode} (MPESA_SHORTCODE) as this app's BusinessShortCode: ${said}.`,
          fix:
            `Set MPESA_SHORTCODE to the ${numberWords(settings)} named in Safaricom's go-live email, and use ` +
            'the consumer key and secret of the Daraja app that went live for it.',
        },
        accountRefused(settings),
      ];
    }
    if (err.kind === 'auth' && /wrong credentials/i.test(err.rawMessage ?? '')) {
      return [
        credentials,
        {
          check: 'shortcode',
          status: 'fail',
          says: `Daraja refused the STK password made from shortcode ${shortcode} and MPESA_PASSKEY: ${said}. The passkey does not belong to that shortcode, or the shortcode may not take Lipa na M-Pesa Online payments.`,
          fix:
            `Set MPESA_PASSKEY to the Lipa na M-Pesa Online passkey Safaricom emailed for ${shortcode} after ` +
            `going live (not the sandbox's), and MPESA_SHORTCODE to the ${numberWords(settings)} it was issued for; ` +
            'if both are right, the shortcode has not gone live for Lipa na M-Pesa Online (M-Pesa Express) yet.',
        },
        // Daraja says the same of a shortcode that may not take Lipa na M-Pesa Online, as a till's own number.
        settings.accountType === 'till' && shortcode === settings.tillNumber
          ? accountRefused(settings)
          : accountNotChecked('Daraja refused the passkey (above)'),
      ];
    }
    if (err.kind === 'invalid_request' && /timestamp/i.test(err.rawMessage ?? '')) {
      return [
        credentials,
        {
          check: 'shortcode',
          status: 'fail',
          says: `Daraja refused the STK query's timestamp (${said}): this machine's clock is off.`,
          fix: 'Set the clock right and keep it so (NTP: `timedatectl set-ntp true`), then run the check again.',
        },
        accountNotChecked('Daraja did not get to the shortcode (above)'),
      ];
    }
    return [
      credentials,
      { check: 'shortcode', status: 'fail', ...darajaFailure(settings, err, 'the STK query') },
      accountNotChecked('Daraja did not answer the STK query (above)'),
    ];
  }
}

function tokenRefused(settings: DarajaSettings, err: unknown): Finding {
  if (err instanceof DarajaError && err.kind === 'auth') {
    return {
      check: 'credentials',
      status: 'fail',
      says: `Daraja refused the consumer key and secret: ${darajaSaid(err)}.`,
      fix:
        'Copy MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET again from your app on developer.safaricom.co.ke ' +
        "(My Apps): the live app's pair once it has gone live, which works only on " +
        `https://api.safaricom.co.ke, while the sandbox's pair works only on ${DARAJA_SANDBOX_URL}; ` +
        `MPESA_BASE_URL is ${settings.baseUrl}.`,
    };
  }
  return { check: 'credentials', status: 'fail', ...darajaFailure(settings, err, 'a token request') };
}

/** Daraja down, slow or answering nonsense: which it was, and what to look at. */
function darajaFailure(settings: DarajaSettings, err: unknown, what: string): Pick<Finding, 'says' | 'fix'> {
  const reachFix =
    `Check that this machine reaches ${settings.baseUrl} (DNS, outbound https, a firewall) and that ` +
    'MPESA_BASE_URL is https://api.safaricom.co.ke; if Daraja itself is down, run the check again later.';
  if (!(err instanceof DarajaError)) {
    return { says: `${what} to Daraja failed: ${String(err)}.`, fix: reachFix };
  }
  if (err.kind === 'timeout') {
    return {
      says: `Daraja at ${settings.baseUrl} did not answer ${what} within ${settings.timeoutMs} ms (MPESA_TIMEOUT_MS).`,
      fix: reachFix,
    };
  }
  if (err.kind === 'unavailable') {
    return {
      says:
        err.httpStatus === undefined
          ? `Could not reach Daraja at ${settings.baseUrl} for ${what}: ${err.rawMessage}.`
          : `Daraja at ${settings.baseUrl} failed ${what}: ${darajaSaid(err)}.`,
      fix: reachFix,
    };
  }
  return {
    says: `Daraja answered ${what} with something the check does not expect: ${darajaSaid(err)}.`,
    fix: `Check that MPESA_BASE_URL (${settings.baseUrl}) is Daraja, https://api.safaricom.co.ke.`,
  };
}

function passkeyAccepted(settings: DarajaSettings, answer: string): Finding {
  return {
    check: 'shortcode',
    status: 'pass',
    says:
      `Daraja accepted the STK password of shortcode ${settings.shortcode} and MPESA_PASSKEY: ` +
      `an STK query for a made-up request got ${answer}, as it should.`,
  };
}

function accountAccepted(settings: DarajaSettings): Finding {
  const { shortcode, tillNumber } = settings;
  return {
    check: 'account',
    status: 'pass',
    says:
      settings.accountType === 'till'
        ? `Prompts will pay till ${tillNumber} (CustomerBuyGoodsOnline) under store number ${shortcode}, ` +
          'which Daraja accepts; only a payment tells a till from a paybill, so make the first KSH 1 order.'
        : `Prompts will pay paybill ${shortcode} (CustomerPayBillOnline), which Daraja accepts; only a ` +
          'payment tells a paybill from a till, so make the first KSH 1 order.',
  };
}

function accountRefused(settings: DarajaSettings): Finding {
  const { shortcode, tillNumber } = settings;
  if (settings.accountType === 'paybill') {
    return {
      check: 'account',
      status: 'fail',
      says: `MPESA_ACCOUNT_TYPE is paybill, and Daraja refuses ${shortcode} as a BusinessShortCode.`,
      fix:
        `If ${shortcode} is a Buy Goods till, set MPESA_ACCOUNT_TYPE=till, MPESA_TILL_NUMBER=${shortcode} ` +
        'and MPESA_SHORTCODE to its store number (head office), which the passkey was issued for; if it ' +
        'is a paybill, check the number.',
    };
  }
  return {
    check: 'account',
    status: 'fail',
    says:
      shortcode === tillNumber
        ? `MPESA_ACCOUNT_TYPE is till, and MPESA_SHORTCODE and MPESA_TILL_NUMBER are both ${shortcode}, ` +
          'which Daraja refuses as the BusinessShortCode: it is the till, not its store number.'
        : `MPESA_ACCOUNT_TYPE is till, and Daraja refuses ${shortcode} (MPESA_SHORTCODE) as the store number of a till.`,
    fix:
      'For a till, MPESA_SHORTCODE is the store number (head office) the passkey was issued for and ' +
      `MPESA_TILL_NUMBER the till shoppers pay; if ${shortcode} is a paybill, set MPESA_ACCOUNT_TYPE=paybill ` +
      'and remove MPESA_TILL_NUMBER.',
  };
}

const accountNotChecked = (reason: string): Finding => ({
  check: 'account',
  status: 'skipped',
  says: `Account type: Not checked: ${reason}.`,
});

const accountWords = (s: DarajaSettings) =>
  s.accountType === 'till' ? `till ${s.tillNumber} (store number ${s.shortcode})` : `paybill ${s.shortcode}`;

const numberWords = (s: DarajaSettings) =>
  s.accountType === 'till' ? 'store number (head office) of the till' : 'paybill number';

/** Daraja's own words: code, message and HTTP status. */
function darajaSaid(err: DarajaError): string {
  const words = [err.rawCode, err.rawMessage].filter(Boolean).join(' ');
  const status = err.httpStatus === undefined ? '' : `HTTP ${err.httpStatus}`;
  return [status, words && `"${words}"`].filter(Boolean).join(' ') || 'no reason given';
}

// ---- the callback URL ----

async function checkCallback(env: Env, settings: DarajaSettings, fetchImpl: FetchLike): Promise<Finding[]> {
  const url = new URL(settings.callbackUrl);
  const shown = shownUrl(settings.callbackUrl);
  const setIt = 'Set MPESA_CALLBACK_BASE_URL (or PUBLIC_URL) to the public https:// address of the shop';
  const findings: Finding[] = [];
  if (!env.MPESA_CALLBACK_BASE_URL && !env.PUBLIC_URL) {
    findings.push({
      check: 'callback',
      status: 'fail',
      says: `Neither MPESA_CALLBACK_BASE_URL nor PUBLIC_URL is set, so Daraja would be told to call ${url.origin}, the server's own address.`,
      fix: `${setIt}, e.g. https://shop.example.co.ke.`,
    });
  } else if (url.protocol !== 'https:') {
    findings.push({
      check: 'callback',
      status: 'fail',
      says: `The callback URL ${shown} is http: Daraja calls back over https only.`,
      fix: `Put the server behind a reverse proxy with TLS (docs/deploy.md). ${setIt}.`,
    });
  } else if (!isPublicHost(url.hostname)) {
    findings.push({
      check: 'callback',
      status: 'fail',
      says: `The callback URL's host ${url.hostname} is not a public address Daraja can reach.`,
      fix: `${setIt}: a domain name that resolves to this server from the internet.`,
    });
  } else {
    findings.push({
      check: 'callback',
      status: 'pass',
      says: `The callback URL ${shown} is https on the public address ${url.hostname}.`,
    });
  }
  findings.push(await probeCallback(env, settings, fetchImpl));
  return findings;
}

/** Posts a probe through the public callback URL and checks the answer is signed with our secret. */
async function probeCallback(env: Env, settings: DarajaSettings, fetchImpl: FetchLike): Promise<Finding> {
  const url = settings.callbackUrl;
  const shown = shownUrl(url);
  const origin = new URL(url).origin;
  const nonce = newProbeNonce();
  const fail = (says: string, fix: string): Finding => ({ check: 'callback', status: 'fail', says, fix });
  const notReached =
    `Start the server, check that ${new URL(url).hostname} leads to this machine and that the reverse ` +
    'proxy forwards /api/ to the server (docs/deploy.md).';
  let res: Response;
  try {
    res = await fetchImpl(url, {
      method: 'POST',
      headers: { [MPESA_CALLBACK_PROBE_HEADER]: nonce, 'Content-Type': 'application/json' },
      body: JSON.stringify(probeBody(nonce)),
      // Daraja does not follow redirects, so neither does the probe.
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await res.body?.cancel();
  } catch (err) {
    // Daraja, like fetch, calls only an address whose certificate a public authority signed for it.
    if (/CERT|SELF_SIGNED|TLS|SSL|VERIFY/.test(networkErrorCode(err) ?? '')) {
      return fail(
        `The TLS certificate at ${origin} was refused: ${describeNetworkError(err)}. Daraja needs one a public authority issued for ${new URL(url).hostname}.`,
        `Have the reverse proxy get one for ${new URL(url).hostname} (Caddy does so by itself; or Let's Encrypt's certbot), and serve its whole chain.`,
      );
    }
    return fail(
      isTimeout(err)
        ? `Nothing answered the callback probe at ${shown} within ${settings.timeoutMs} ms (MPESA_TIMEOUT_MS).`
        : `Nothing answered the callback probe at ${shown}: ${describeNetworkError(err)}.`,
      notReached,
    );
  }
  const proof = res.headers.get(MPESA_CALLBACK_PROOF_HEADER);
  if (res.ok && proof && isProbeProof(env.MPESA_CALLBACK_SECRET, nonce, proof)) {
    return {
      check: 'callback',
      status: 'pass',
      says: `A probe posted to ${shown} reached a Sokoni server holding this MPESA_CALLBACK_SECRET (it signed the probe).`,
    };
  }
  const sameSecret =
    'Give every instance and this check the same MPESA_CALLBACK_SECRET, and point MPESA_CALLBACK_BASE_URL ' +
    '(or PUBLIC_URL) at this shop.';
  if (res.status >= 300 && res.status < 400) {
    return fail(
      `${origin} answered the callback probe with a redirect (HTTP ${res.status} to ${res.headers.get('Location') ?? 'nowhere'}); Daraja does not follow redirects.`,
      'Set MPESA_CALLBACK_BASE_URL (or PUBLIC_URL) to the address the redirect leads to.',
    );
  }
  if (res.status === 404) {
    return fail(
      `${origin} does not know the callback path (HTTP 404): it is another server, or a Sokoni with another MPESA_CALLBACK_SECRET.`,
      sameSecret,
    );
  }
  if (res.status >= 500) {
    return fail(
      `${origin} answered the callback probe with HTTP ${res.status}: a proxy is there, but the server behind it is not answering.`,
      notReached,
    );
  }
  return fail(
    `${origin} answered the callback probe (HTTP ${res.status}) without a valid signature: it is not a Sokoni server holding this MPESA_CALLBACK_SECRET.`,
    sameSecret,
  );
}

// Loopback, private, link-local and carrier-grade NAT addresses, which Daraja cannot call.
const notPublic = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  notPublic.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  notPublic.addSubnet(net, bits, 'ipv6');
}

/** Whether a URL's host could be reached from the internet: no loopback, private or local names. */
function isPublicHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(host);
  if (family) return !notPublic.check(host, family === 4 ? 'ipv4' : 'ipv6');
  return host.includes('.') && !/(^|\.)(localhost|local|internal|lan|home\.arpa)$/.test(host);
}

/** The callback URL without its secret segment, which never goes to a terminal or a log. */
function shownUrl(callbackUrl: string): string {
  const at = callbackUrl.indexOf(`/api${MPESA_CALLBACK_PATH}/`);
  return at === -1 ? new URL(callbackUrl).origin : `${callbackUrl.slice(0, at)}/api${MPESA_CALLBACK_PATH}/…`;
}
