import { count } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MPESA_CALLBACK_PROOF_HEADER } from '../../../contract/checkout';
import { createApp } from '../../app';
import { paymentAttempts } from '../../db/schema';
import { parseEnv } from '../../env';
import { createLogger } from '../logger';
import { listen, startSimulatorServer, type Listening, type SimulatorServer } from '../../test/daraja';
import { servedContextForFile } from '../../test/shop';
import { darajaSettings } from './config';
import type { FetchLike } from './daraja';
import { checkMpesaGoLive, formatGoLiveReport, type Finding, type GoLiveReport } from './go-live-check';

// An operator runs `npm run mpesa:check` with each way of getting M-Pesa wrong. Daraja is the
// simulator (the one a live test server mounts, or one playing a till); the shop's public address
// https://shop.example.co.ke is played by a fetch that forwards it to a server on a loopback port,
// as the reverse proxy in front of a real shop does.

const ctx = servedContextForFile();
const PUBLIC = 'https://shop.example.co.ke';
const STORE = '600400';
const TILL = '5123456';

let till: SimulatorServer;
beforeAll(async () => {
  till = await startSimulatorServer({ accountType: 'till', shortcode: STORE, tillNumber: TILL });
});
afterAll(() => till.close());

/** A fetch on which PUBLIC leads to `origin` (the live test server unless told otherwise). */
const proxyTo =
  (origin = ctx.server.origin): FetchLike =>
  (url, init) =>
    fetch(url.startsWith(PUBLIC) ? origin + url.slice(PUBLIC.length) : url, init);

/** The shop's configuration: right for the live test server and its simulator, but for `overrides`. */
function shopEnv(overrides: Record<string, string | undefined> = {}) {
  const daraja = darajaSettings(ctx.env);
  return parseEnv({
    NODE_ENV: 'test',
    MPESA_BASE_URL: daraja.baseUrl,
    MPESA_CONSUMER_KEY: daraja.consumerKey,
    MPESA_CONSUMER_SECRET: daraja.consumerSecret,
    MPESA_SHORTCODE: daraja.shortcode,
    MPESA_PASSKEY: daraja.passkey,
    MPESA_CALLBACK_BASE_URL: PUBLIC,
    MPESA_CALLBACK_SECRET: ctx.env.MPESA_CALLBACK_SECRET,
    MPESA_TIMEOUT_MS: '3000',
    ...overrides,
  });
}

const check = (overrides: Record<string, string | undefined> = {}, fetchImpl: FetchLike = proxyTo()) =>
  checkMpesaGoLive(shopEnv(overrides), { fetch: fetchImpl });

const statuses = (r: GoLiveReport) => r.findings.map((f) => `${f.check} ${f.status}`);
const finding = (r: GoLiveReport, name: Finding['check'], status: Finding['status'] = 'fail') =>
  r.findings.find((f) => f.check === name && f.status === status);
const onTill = (overrides: Record<string, string>) =>
  check({ MPESA_BASE_URL: till.baseUrl, MPESA_ACCOUNT_TYPE: 'till', ...overrides });

describe('npm run mpesa:check', () => {
  it('passes a right configuration, with a ✓ per check, and sends no prompt nor changes a thing', async () => {
    const pushes = ctx.pushes.length;
    const report = await check();
    expect(statuses(report)).toEqual([
      'credentials pass',
      'shortcode pass',
      'account pass',
      'callback pass',
      'callback pass',
    ]);
    expect(report.ok).toBe(true);
    expect(finding(report, 'shortcode', 'pass')?.says).toMatch(/Invalid CheckoutRequestID/);
    const printed = formatGoLiveReport(report);
    expect(printed.split('\n').filter((l) => l.startsWith('✓'))).toHaveLength(5);
    expect(printed).toMatch(/Every check passed/);
    // The callback secret is part of a URL that is never printed.
    expect(printed).not.toContain(ctx.env.MPESA_CALLBACK_SECRET);
    expect(printed).toContain(`${PUBLIC}/api/v1/payments/mpesa/callback/…`);
    expect(ctx.pushes).toHaveLength(pushes);
    expect(await ctx.database.db.select({ n: count() }).from(paymentAttempts)).toEqual([{ n: 0 }]);
  });

  it('says Daraja refused a wrong consumer key or secret, and which variables to copy again', async () => {
    for (const wrong of [
      { MPESA_CONSUMER_KEY: 'not-the-key' },
      { MPESA_CONSUMER_SECRET: 'not-the-secret' },
    ]) {
      const report = await check(wrong);
      expect(report.ok).toBe(false);
      expect(finding(report, 'credentials')).toMatchObject({
        says: expect.stringMatching(
          /refused the consumer key and secret: HTTP 400 "400\.008\.01 Invalid Authentication passed"/,
        ),
        fix: expect.stringMatching(/MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET/),
      });
      expect(statuses(report).slice(1, 3)).toEqual(['shortcode skipped', 'account skipped']);
    }
  });

  it('says the passkey does not belong to the shortcode', async () => {
    const report = await check({ MPESA_PASSKEY: 'the-sandbox-passkey-by-mistake' });
    expect(report.ok).toBe(false);
    expect(finding(report, 'shortcode')).toMatchObject({
      says: expect.stringMatching(
        /refused the STK password .*"500\.001\.1001 \[MerchantValidate\] - Wrong credentials"/,
      ),
      fix: expect.stringMatching(/MPESA_PASSKEY to the Lipa na M-Pesa Online passkey/),
    });
    expect(finding(report, 'account', 'skipped')).toBeDefined();
    expect(finding(report, 'credentials', 'pass')).toBeDefined();
    // What the operator reads: a mark per finding, the fix under the failure, and the count.
    const printed = formatGoLiveReport(report).split('\n');
    expect(printed.filter((l) => /^[✓✗–] /.test(l)).map((l) => l[0])).toEqual(['✓', '✗', '–', '✓', '✓']);
    expect(printed[printed.findIndex((l) => l.startsWith('✗')) + 1]).toMatch(/^ {2}Fix: Set MPESA_PASSKEY/);
    expect(printed.at(-1)).toBe('2 of 5 checks did not pass: fix them and run npm run mpesa:check again.');
  });

  it('says Daraja does not know a wrong shortcode', async () => {
    const report = await check({ MPESA_SHORTCODE: '600999' });
    expect(report.ok).toBe(false);
    expect(finding(report, 'shortcode')?.says).toMatch(
      /does not take 600999 \(MPESA_SHORTCODE\).*Invalid BusinessShortCode/,
    );
    expect(finding(report, 'account')?.fix).toMatch(
      /If 600999 is a Buy Goods till, set MPESA_ACCOUNT_TYPE=till/,
    );
  });

  it("says this machine's clock is off when Daraja refuses the timestamp", async () => {
    // The simulator takes timestamps within 10 minutes of its clock; this machine runs an hour ahead.
    const ahead = () => Date.now() + 3_600_000;
    const report = await checkMpesaGoLive(shopEnv(), { fetch: proxyTo(), now: ahead });
    expect(finding(report, 'shortcode')).toMatchObject({
      says: expect.stringMatching(/refused the STK query's timestamp .*Invalid Timestamp.*clock is off/),
      fix: expect.stringMatching(/NTP/),
    });
  });

  describe('paybill or till', () => {
    it('passes a till configured with its store number and till', async () => {
      const report = await onTill({ MPESA_SHORTCODE: STORE, MPESA_TILL_NUMBER: TILL });
      expect(report.ok).toBe(true);
      expect(finding(report, 'account', 'pass')?.says).toMatch(
        `till ${TILL} (CustomerBuyGoodsOnline) under store number ${STORE}`,
      );
    });

    it('says a till set up as a paybill (the till as MPESA_SHORTCODE) is a till', async () => {
      const report = await check({ MPESA_BASE_URL: till.baseUrl, MPESA_SHORTCODE: TILL });
      expect(report.ok).toBe(false);
      expect(finding(report, 'account')).toMatchObject({
        says: `MPESA_ACCOUNT_TYPE is paybill, and Daraja refuses ${TILL} as a BusinessShortCode.`,
        fix: expect.stringContaining(
          `set MPESA_ACCOUNT_TYPE=till, MPESA_TILL_NUMBER=${TILL} and MPESA_SHORTCODE to its store number`,
        ),
      });
    });

    it('says the till number is not the store number', async () => {
      const report = await onTill({ MPESA_SHORTCODE: TILL, MPESA_TILL_NUMBER: TILL });
      expect(report.ok).toBe(false);
      expect(finding(report, 'account')?.says).toMatch(
        `MPESA_SHORTCODE and MPESA_TILL_NUMBER are both ${TILL}, which Daraja refuses as the BusinessShortCode: it is the till`,
      );
      // The live Daraja answers a shortcode that may not take Lipa na M-Pesa Online with "Wrong
      // credentials" (github.com/safaricom/LNMOnlineAndroidSample/issues/8), as a till's own number is.
      const daraja = await listen((req) =>
        new URL(req.url).pathname.startsWith('/oauth/')
          ? Response.json({ access_token: 'token', expires_in: '3599' })
          : Response.json(
              {
                requestId: '1-2-1',
                errorCode: '500.001.1001',
                errorMessage: '[MerchantValidate] - Wrong credentials',
              },
              { status: 500 },
            ),
      );
      try {
        const live = await onTill({
          MPESA_BASE_URL: daraja.origin,
          MPESA_SHORTCODE: TILL,
          MPESA_TILL_NUMBER: TILL,
        });
        expect(finding(live, 'account')?.says).toMatch(
          /both 5123456, .*it is the till, not its store number/,
        );
      } finally {
        await daraja.close();
      }
    });

    it('refuses at parse time what the configuration alone shows: a till without its number', () => {
      expect(() => shopEnv({ MPESA_ACCOUNT_TYPE: 'till' })).toThrow(/MPESA_TILL_NUMBER/);
      expect(() => shopEnv({ MPESA_TILL_NUMBER: TILL })).toThrow(/a paybill has no till number/);
    });
  });

  describe('the callback URL', () => {
    it('must be https', async () => {
      // The live test server itself, over plain http: the probe reaches it, but Daraja would not call.
      const report = await check({ MPESA_CALLBACK_BASE_URL: ctx.server.origin });
      expect(report.ok).toBe(false);
      expect(finding(report, 'callback')).toMatchObject({
        says: expect.stringMatching(/is http: Daraja calls back over https only/),
        fix: expect.stringMatching(/reverse proxy with TLS/),
      });
      expect(finding(report, 'callback', 'pass')?.says).toMatch(/reached a Sokoni server/);
    });

    it('must be a public address, and set', async () => {
      const local = await check({ MPESA_CALLBACK_BASE_URL: 'https://192.168.1.20' }, proxyTo());
      expect(finding(local, 'callback')?.says).toMatch(/host 192\.168\.1\.20 is not a public address/);
      const unset = await check({ MPESA_CALLBACK_BASE_URL: undefined });
      expect(finding(unset, 'callback')?.says).toMatch(
        /Neither MPESA_CALLBACK_BASE_URL nor PUBLIC_URL is set/,
      );
    });

    describe('must reach this server', () => {
      const servers: Listening[] = [];
      afterAll(() => Promise.all(servers.map((s) => s.close())));
      const serve = async (handler: (req: Request) => Response | Promise<Response>) => {
        const s = await listen(handler);
        servers.push(s);
        return s.origin;
      };

      it('says nothing answers there', async () => {
        const gone = await listen(() => new Response('x'));
        await gone.close();
        const report = await check({}, proxyTo(gone.origin));
        expect(report.ok).toBe(false);
        expect(finding(report, 'callback')).toMatchObject({
          says: expect.stringMatching(
            /Nothing answered the callback probe at https:\/\/shop\.example\.co\.ke.*ECONNREFUSED/,
          ),
          fix: expect.stringMatching(/reverse proxy/),
        });
      });

      it('says another Sokoni (another callback secret) answers there', async () => {
        const env = { ...ctx.env, MPESA_CALLBACK_SECRET: 'another-shops-callback-secret-0123456789' };
        const other = createApp({ env, database: ctx.database, logger: createLogger('silent') });
        const report = await check({}, proxyTo(await serve(other.fetch)));
        expect(finding(report, 'callback')?.says).toMatch(/does not know the callback path \(HTTP 404\)/);
      });

      it('says a server that answers anything, or signs without the secret, is not this one', async () => {
        const anything = await serve(() => Response.json({ ResultCode: 0, ResultDesc: 'Accepted' }));
        expect(finding(await check({}, proxyTo(anything)), 'callback')?.says).toMatch(
          /\(HTTP 200\) without a valid signature/,
        );
        const forger = await serve(
          () =>
            new Response('{}', { headers: { [MPESA_CALLBACK_PROOF_HEADER]: 'a-guess-without-the-secret' } }),
        );
        expect(finding(await check({}, proxyTo(forger)), 'callback')?.says).toMatch(
          /without a valid signature/,
        );
      });

      it('says a certificate no public authority issued is refused, as Daraja refuses it', async () => {
        // A self-signed certificate (server/test/fixtures/tls, a test-only key) for shop.example.co.ke.
        const fixture = (name: string) =>
          readFileSync(new URL(`../../test/fixtures/tls/${name}`, import.meta.url));
        const tls = createServer(
          { cert: fixture('self-signed.cert.pem'), key: fixture('self-signed-test-only.key.pem') },
          (_req, res) => res.end('{}'),
        );
        await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
        try {
          const { port } = tls.address() as AddressInfo;
          const report = await check({}, proxyTo(`https://127.0.0.1:${port}`));
          expect(finding(report, 'callback')).toMatchObject({
            says: expect.stringMatching(
              /The TLS certificate at https:\/\/shop\.example\.co\.ke was refused: .*SELF_SIGNED/,
            ),
            fix: expect.stringMatching(/Have the reverse proxy get one for shop\.example\.co\.ke/),
          });
        } finally {
          tls.closeAllConnections();
          await new Promise((resolve) => tls.close(resolve));
        }
      });

      it('says a redirect is not followed, as Daraja does not', async () => {
        const moved = await serve(() => Response.redirect('https://www.shop.example.co.ke/', 301));
        expect(finding(await check({}, proxyTo(moved)), 'callback')?.says).toMatch(
          /redirect \(HTTP 301 to https:\/\/www\.shop\.example\.co\.ke\/\); Daraja does not follow redirects/,
        );
      });

      it('says a proxy answers but the server behind it does not', async () => {
        const gateway = await serve(() => new Response('Bad Gateway', { status: 502 }));
        expect(finding(await check({}, proxyTo(gateway)), 'callback')?.says).toMatch(
          /HTTP 502: a proxy is there/,
        );
      });
    });
  });

  describe('Daraja down', () => {
    it('says Daraja did not answer in time', async () => {
      const silent = await listen(() => new Promise<Response>(() => undefined));
      try {
        const report = await check({ MPESA_BASE_URL: silent.origin, MPESA_TIMEOUT_MS: '150' });
        expect(finding(report, 'credentials')?.says).toBe(
          `Daraja at ${silent.origin} did not answer a token request within 150 ms (MPESA_TIMEOUT_MS).`,
        );
        expect(report.ok).toBe(false);
      } finally {
        await silent.close();
      }
    });

    it('says Daraja failed with a 5xx, for the token or the query', async () => {
      const down = await listen(() => new Response('<html>Service Unavailable</html>', { status: 503 }));
      // Gives tokens, then fails every query.
      const half = await listen((req) =>
        new URL(req.url).pathname.startsWith('/oauth/')
          ? Response.json({ access_token: 'token', expires_in: '3599' })
          : Response.json(
              { requestId: '1-2-1', errorCode: '503.001.01', errorMessage: 'Service Unavailable' },
              { status: 503 },
            ),
      );
      try {
        const token = await check({ MPESA_BASE_URL: down.origin });
        expect(finding(token, 'credentials')?.says).toBe(
          `Daraja at ${down.origin} failed a token request: HTTP 503.`,
        );
        const query = await check({ MPESA_BASE_URL: half.origin });
        expect(finding(query, 'shortcode')?.says).toBe(
          `Daraja at ${half.origin} failed the STK query: HTTP 503 "503.001.01 Service Unavailable".`,
        );
        expect(statuses(query)).toContain('account skipped');
        expect(query.ok).toBe(false);
      } finally {
        await Promise.all([down.close(), half.close()]);
      }
    });
  });
});
