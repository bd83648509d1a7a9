import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { MPESA_SANDBOX_PASSKEY, parseEnv } from '../env';
import { createLogger } from '../lib/logger';
import { eatTimestamp, stkPassword } from '../lib/payments/stk-password';
import { PRODUCTION_TEST_JWT_SECRET } from '../test/env';
import { createTestContext } from '../test/harness';
import { createDarajaSimulator, type DarajaSimulator, type SimulatorAnswer } from './daraja-simulator';
import { simulatorOptionsFromEnv } from './daraja-routes';
import { SIMULATOR_DESC } from '../../contract/mpesa-simulator';
import {
  PRODUCTION_MPESA_TEST_ENV,
  startCallbackReceiver,
  startSimulatorServer,
  type CallbackReceiver,
  type SimulatorServer,
} from '../test/daraja';
import { PRODUCTION_SMS_TEST_ENV } from '../test/sms';

let sim: SimulatorServer;
let receiver: CallbackReceiver;
let token: string;

beforeAll(async () => {
  [sim, receiver] = await Promise.all([startSimulatorServer({ delayMs: 50 }), startCallbackReceiver()]);
  token = (await (await oauth(basic(sim.options.consumerKey, sim.options.consumerSecret))).json())
    .access_token;
});
afterAll(async () => {
  await Promise.all([sim.close(), receiver.close()]);
});

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
const oauth = (authorization?: string, grant = 'client_credentials') =>
  fetch(`${sim.baseUrl}/oauth/v1/generate?grant_type=${grant}`, {
    headers: authorization ? { Authorization: authorization } : {},
  });
const api = (path: string, body: unknown, bearer: string | null = token) =>
  fetch(`${sim.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const push = (body: unknown, bearer?: string | null) => api('/mpesa/stkpush/v1/processrequest', body, bearer);

function credentials(at = Date.now()) {
  const Timestamp = eatTimestamp(at);
  return {
    BusinessShortCode: '174379',
    Password: stkPassword('174379', MPESA_SANDBOX_PASSKEY, Timestamp),
    Timestamp,
  };
}
function validPush(overrides: Record<string, unknown> = {}) {
  return {
    ...credentials(),
    TransactionType: 'CustomerPayBillOnline',
    Amount: 1,
    PartyA: '254711222300',
    PartyB: '174379',
    PhoneNumber: '254711222300',
    CallBackURL: receiver.url,
    AccountReference: 'SOKONI-1',
    TransactionDesc: 'Sokoni order',
    ...overrides,
  };
}

/** Daraja's error shape: exactly requestId, errorCode and errorMessage. */
async function expectDarajaError(
  res: Response,
  status: number,
  errorCode: string,
  errorMessage: string | RegExp,
) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['errorCode', 'errorMessage', 'requestId']);
  expect(body.errorCode).toBe(errorCode);
  expect(body.errorMessage).toMatch(errorMessage);
  expect(body.requestId).toMatch(/^\d+-\d+-1$/);
}

describe('the simulator OAuth endpoint', () => {
  it('issues a token for the configured key and secret, like Daraja', async () => {
    const res = await oauth(basic(sim.options.consumerKey, sim.options.consumerSecret));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      access_token: expect.stringMatching(/^\S{20,}$/),
      expires_in: '3599',
    });
  });

  it('refuses a missing or wrong Basic auth and a wrong grant type', async () => {
    await expectDarajaError(await oauth(), 400, '400.008.01', 'Invalid Authentication passed');
    await expectDarajaError(
      await oauth(basic(sim.options.consumerKey, 'nope')),
      400,
      '400.008.01',
      /Invalid Authentication/,
    );
    await expectDarajaError(await oauth('Bearer abc'), 400, '400.008.01', /Invalid Authentication/);
    const wrongGrant = await oauth(basic(sim.options.consumerKey, sim.options.consumerSecret), 'password');
    await expectDarajaError(wrongGrant, 400, '400.008.02', 'Invalid grant type passed');
  });

  it('guards the API with the bearer token', async () => {
    await expectDarajaError(
      await push(validPush(), null),
      401,
      '404.001.04',
      'Invalid Authentication Header',
    );
    await expectDarajaError(await push(validPush(), 'made-up'), 401, '404.001.03', 'Invalid Access Token');
  });
});

describe('strict STK push validation', () => {
  it('accepts a correct request with the real response shape', async () => {
    const res = await push(validPush({ PartyA: '254711222301', PhoneNumber: '254711222301', Amount: '10' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      MerchantRequestID: expect.stringMatching(/^\d+-\d+-1$/),
      CheckoutRequestID: expect.stringMatching(/^ws_CO_\d+$/),
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
  });

  it.each([
    [
      'a wrong password',
      { Password: Buffer.from('174379wrong20250101000000').toString('base64') },
      500,
      '500.001.1001',
      'Wrong credentials',
    ],
    [
      'a password for another timestamp',
      { Password: credentials(Date.now() - 60_000).Password },
      500,
      '500.001.1001',
      'Wrong credentials',
    ],
    ['an amount of 1.5', { Amount: 1.5 }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
    ['an amount of "1.5"', { Amount: '1.5' }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
    ['an amount of 0', { Amount: 0 }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
    ['a bad phone', { PhoneNumber: '254812345678' }, 400, '400.002.02', 'Bad Request - Invalid PhoneNumber'],
    [
      'a phone in local format',
      { PhoneNumber: '0711222300' },
      400,
      '400.002.02',
      'Bad Request - Invalid PhoneNumber',
    ],
    ['a bad PartyA', { PartyA: '0711222300' }, 400, '400.002.02', 'Bad Request - Invalid PartyA'],
    ['another PartyB', { PartyB: '600000' }, 400, '400.002.02', 'Bad Request - Invalid PartyB'],
    [
      'a long AccountReference',
      { AccountReference: 'ORDER-1234567' },
      400,
      '400.002.02',
      'Bad Request - Invalid AccountReference',
    ],
    [
      'an empty AccountReference',
      { AccountReference: '' },
      400,
      '400.002.02',
      'Bad Request - Invalid AccountReference',
    ],
    [
      'a long TransactionDesc',
      { TransactionDesc: 'Sokoni order 1' },
      400,
      '400.002.02',
      'Bad Request - Invalid TransactionDesc',
    ],
    [
      'another shortcode',
      { BusinessShortCode: '600000' },
      400,
      '400.002.02',
      'Bad Request - Invalid BusinessShortCode',
    ],
    [
      'a malformed Timestamp',
      { Timestamp: '2025-01-01 00:00' },
      400,
      '400.002.02',
      'Bad Request - Invalid Timestamp',
    ],
    [
      'a stale Timestamp',
      credentials(Date.now() - 3600_000),
      400,
      '400.002.02',
      'Bad Request - Invalid Timestamp',
    ],
    ['a UTC (not EAT) Timestamp', utcCredentials(), 400, '400.002.02', 'Bad Request - Invalid Timestamp'],
    [
      'another TransactionType',
      { TransactionType: 'SalaryPayment' },
      400,
      '400.002.02',
      'Bad Request - Invalid TransactionType',
    ],
    [
      'a CallBackURL that is not a URL',
      { CallBackURL: 'callback' },
      400,
      '400.002.02',
      'Bad Request - Invalid CallBackURL',
    ],
  ])('refuses %s', async (_what, overrides, status, code, message) => {
    await expectDarajaError(await push(validPush(overrides)), status, code, message);
  });

  it('refuses a body that is not JSON', async () => {
    await expectDarajaError(await push('{"Amount":'), 400, '400.002.05', 'Invalid Request Payload');
  });
});

describe('STK query', () => {
  it('says "being processed" while the prompt is open, then the result', async () => {
    const started = (await (
      await push(validPush({ PartyA: '254711222309', PhoneNumber: '254711222309' }))
    ).json()) as {
      CheckoutRequestID: string;
    };
    const query = () =>
      api('/mpesa/stkpushquery/v1/query', { ...credentials(), CheckoutRequestID: started.CheckoutRequestID });
    await expectDarajaError(await query(), 500, '500.001.1001', 'The transaction is being processed');
    expect(sim.simulator.answer(started.CheckoutRequestID, 'cancel')).toBe(true);
    expect(sim.simulator.answer(started.CheckoutRequestID, 'pay')).toBe(false);
    const done = await query();
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      ResponseCode: '0',
      CheckoutRequestID: started.CheckoutRequestID,
      ResultCode: '1032',
      ResultDesc: 'Request cancelled by user',
    });
  });

  it('refuses an unknown CheckoutRequestID and a wrong password', async () => {
    const q = (body: object) => api('/mpesa/stkpushquery/v1/query', body);
    await expectDarajaError(
      await q({ ...credentials(), CheckoutRequestID: 'ws_CO_0' }),
      400,
      '400.002.02',
      /CheckoutRequestID/,
    );
    await expectDarajaError(
      await q({ ...credentials(), Password: 'x', CheckoutRequestID: 'ws_CO_0' }),
      500,
      '500.001.1001',
      /Wrong/,
    );
  });
});

describe('the account it plays', () => {
  const STORE = '7654321';
  const TILL = '5123456';
  let till: DarajaSimulator;
  let bearer: string;
  beforeAll(() => {
    // Configured as the server configures it: from the same variables the client reads.
    const env = parseEnv({
      NODE_ENV: 'test',
      MPESA_ACCOUNT_TYPE: 'till',
      MPESA_SHORTCODE: STORE,
      MPESA_TILL_NUMBER: TILL,
      MPESA_SIMULATOR_DELAY_MS: '30',
    });
    const options = simulatorOptionsFromEnv(env, createLogger('silent'));
    expect(options).toMatchObject({ accountType: 'till', shortcode: STORE, tillNumber: TILL });
    till = createDarajaSimulator({ ...options, manualTimeoutMs: 60_000 });
    bearer = `Bearer ${String(till.oauth(basic(options.consumerKey, options.consumerSecret), 'client_credentials').body.access_token)}`;
  });
  afterAll(() => till.close());

  const asResponse = (a: SimulatorAnswer) => new Response(JSON.stringify(a.body), { status: a.status });
  const storeCredentials = (signedBy = STORE, at = Date.now()) => {
    const Timestamp = eatTimestamp(at);
    return {
      BusinessShortCode: signedBy,
      Password: stkPassword(signedBy, MPESA_SANDBOX_PASSKEY, Timestamp),
      Timestamp,
    };
  };
  let phoneSeq = 100;
  const tillPush = (ending: string, overrides: Record<string, unknown> = {}) => {
    const phone = `254733${String(phoneSeq++).padStart(4, '0')}${ending}`;
    return till.stkPush(
      bearer,
      JSON.stringify(
        validPush({
          ...storeCredentials(),
          TransactionType: 'CustomerBuyGoodsOnline',
          PartyA: phone,
          PartyB: TILL,
          PhoneNumber: phone,
          ...overrides,
        }),
      ),
    );
  };
  const tillQuery = (checkoutRequestId: string, credentials = storeCredentials()) =>
    till.stkQuery(bearer, JSON.stringify({ ...credentials, CheckoutRequestID: checkoutRequestId }));
  const started = (a: SimulatorAnswer) => {
    expect(a.status).toBe(200);
    return String(a.body.CheckoutRequestID);
  };

  it('a paybill refuses a BuyGoods push, even to its own number', async () => {
    await expectDarajaError(
      await push(validPush({ TransactionType: 'CustomerBuyGoodsOnline' })),
      400,
      '400.002.02',
      'Bad Request - Invalid TransactionType',
    );
  });

  it('a till accepts a BuyGoods push to the till signed by the store, and shows it as a till prompt', () => {
    const id = started(tillPush('09'));
    expect(till.prompts().find((p) => p.checkoutRequestId === id)).toMatchObject({
      shortcode: TILL,
      accountType: 'till',
    });
    expect(till.answer(id, 'cancel')).toBe(true);
  });

  it.each([
    [
      'a PayBill push',
      { TransactionType: 'CustomerPayBillOnline' },
      400,
      '400.002.02',
      'Bad Request - Invalid TransactionType',
    ],
    [
      'a PayBill push to the store number',
      { TransactionType: 'CustomerPayBillOnline', PartyB: STORE },
      400,
      '400.002.02',
      'Bad Request - Invalid TransactionType',
    ],
    ['the store number as PartyB', { PartyB: STORE }, 400, '400.002.02', 'Bad Request - Invalid PartyB'],
    ['another till as PartyB', { PartyB: '5999999' }, 400, '400.002.02', 'Bad Request - Invalid PartyB'],
    [
      'the till as BusinessShortCode',
      storeCredentials(TILL),
      400,
      '400.002.02',
      'Bad Request - Invalid BusinessShortCode',
    ],
    [
      'a password made from the till number',
      { Password: storeCredentials(TILL).Password },
      500,
      '500.001.1001',
      'Wrong credentials',
    ],
  ])(
    "a till refuses %s, in Daraja's error shape, and no prompt goes out",
    async (_what, overrides, status, code, message) => {
      const waiting = till.prompts().length;
      await expectDarajaError(asResponse(tillPush('00', overrides)), status, code, message);
      expect(till.prompts()).toHaveLength(waiting);
    },
  );

  it.each([
    ['00', 0, SIMULATOR_DESC.paid],
    ['01', 1032, SIMULATOR_DESC.cancelled],
    ['02', 1, SIMULATOR_DESC.insufficient],
    ['03', 2001, SIMULATOR_DESC.wrongPin],
    ['04', 1037, SIMULATOR_DESC.timeout],
  ])("a till's STK query of a phone ending %s: being processed, then %s", async (ending, code, desc) => {
    const id = started(tillPush(ending));
    await expectDarajaError(
      asResponse(tillQuery(id)),
      500,
      '500.001.1001',
      'The transaction is being processed',
    );
    await new Promise((r) => setTimeout(r, 80));
    const done = tillQuery(id);
    expect(done).toEqual({
      status: 200,
      body: {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: expect.stringMatching(/^\d+-\d+-1$/),
        CheckoutRequestID: id,
        ResultCode: String(code),
        ResultDesc: desc,
      },
    });
  });

  it("a till's STK query refuses an unknown CheckoutRequestID and one signed by the till", async () => {
    await expectDarajaError(
      asResponse(tillQuery('ws_CO_0')),
      400,
      '400.002.02',
      'Bad Request - Invalid CheckoutRequestID',
    );
    const id = started(tillPush('00'));
    await expectDarajaError(
      asResponse(tillQuery(id, storeCredentials(TILL))),
      400,
      '400.002.02',
      'Bad Request - Invalid BusinessShortCode',
    );
  });

  it('the virtual phone says a till prompt pays the till, with no account', async () => {
    const own = await startSimulatorServer({ accountType: 'till', shortcode: STORE, tillNumber: TILL });
    try {
      const token = (await (
        await fetch(`${own.baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
          headers: { Authorization: basic(own.options.consumerKey, own.options.consumerSecret) },
        })
      ).json()) as { access_token: string };
      const res = await fetch(`${own.baseUrl}/mpesa/stkpush/v1/processrequest`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(
          validPush({
            ...storeCredentials(),
            TransactionType: 'CustomerBuyGoodsOnline',
            PartyA: '254733000909',
            PhoneNumber: '254733000909',
            PartyB: TILL,
            AccountReference: 'SKN77',
          }),
        ),
      });
      expect(res.status).toBe(200);
      const html = await (await fetch(`${own.origin}/api/dev/phone?phone=0733000909`)).text();
      expect(html).toContain(`to till <strong>${TILL}</strong>?`);
      expect(html).not.toContain('for account');
    } finally {
      await own.close();
    }
  });
});

describe('the virtual phone', () => {
  it('lists waiting prompts with their content escaped, and Pay posts the success callback', async () => {
    const res = await push(
      validPush({
        PartyA: '254711222319',
        PhoneNumber: '254711222319',
        Amount: 1250,
        AccountReference: '<b>x</b>&',
      }),
    );
    const { CheckoutRequestID: id } = (await res.json()) as { CheckoutRequestID: string };

    const list = await (await fetch(`${sim.origin}/api/dev/phone/prompts?phone=0711222319`)).json();
    expect(list.data).toEqual([
      expect.objectContaining({
        checkoutRequestId: id,
        amount: 1250,
        shortcode: '174379',
        accountReference: '<b>x</b>&',
      }),
    ]);

    const page = await fetch(`${sim.origin}/api/dev/phone?phone=0711 222 319`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;&amp;');
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('Ksh 1250.00');
    expect(html).toContain(`action="phone/prompts/${id}/pay"`);

    // What the page's Pay button sends: a form post, answered with a redirect back to the page.
    const pressed = await fetch(`${sim.origin}/api/dev/phone/prompts/${id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'phone=254711222319',
      redirect: 'manual',
    });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe('/api/dev/phone?phone=254711222319');
    await sim.simulator.settled();
    const mine = receiver.received.filter((r) => JSON.stringify(r.body).includes(id));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.path).toBe('/api/v1/payments/mpesa/callback/test-secret');
    expect(mine[0]!.body).toMatchObject({
      Body: {
        stkCallback: {
          CheckoutRequestID: id,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: expect.arrayContaining([
              { Name: 'Amount', Value: 1250 },
              { Name: 'MpesaReceiptNumber', Value: expect.stringMatching(/^SIM[A-Z0-9]{7}$/) },
              { Name: 'TransactionDate', Value: expect.any(Number) },
              { Name: 'PhoneNumber', Value: 254711222319 },
            ]),
          },
        },
      },
    });
    expect((await (await fetch(`${sim.origin}/api/dev/phone/prompts?phone=0711222319`)).json()).data).toEqual(
      [],
    );
  });

  it('answers 404 for a prompt that is not waiting and 403 to another site', async () => {
    expect((await fetch(`${sim.origin}/api/dev/phone/prompts/ws_CO_0/pay`, { method: 'POST' })).status).toBe(
      404,
    );
    const crossSite = await fetch(`${sim.origin}/api/dev/phone/prompts/ws_CO_0/pay`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('the simulator lifecycle', () => {
  it('close() cancels pending prompts and timers without waiting for them', async () => {
    const own = createDarajaSimulator({ ...sim.options, delayMs: 60_000, manualTimeoutMs: 60_000 });
    const t = own.oauth(basic(sim.options.consumerKey, sim.options.consumerSecret), 'client_credentials').body
      .access_token;
    const answer = own.stkPush(
      `Bearer ${String(t)}`,
      JSON.stringify(validPush({ PartyA: '254711222329', PhoneNumber: '254711222329' })),
    );
    expect(answer.status).toBe(200);
    expect(own.prompts()).toHaveLength(1);
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(own.prompts()).toHaveLength(0);
  });

  it('is mounted outside production only', async () => {
    const dev = await createTestContext();
    try {
      const res = await dev.request('/api/dev/daraja/oauth/v1/generate?grant_type=client_credentials', {
        headers: { Authorization: basic('sokoni-dev-consumer-key', 'sokoni-dev-consumer-secret') },
      });
      expect(res.status).toBe(200);
      expect((await dev.request('/api/dev/phone')).status).toBe(200);
      const prod = createApp({
        env: parseEnv({
          NODE_ENV: 'production',
          LOG_LEVEL: 'silent',
          JWT_SECRET: PRODUCTION_TEST_JWT_SECRET,
          SMTP_URL: 'smtp://127.0.0.1:1',
          PUBLIC_URL: 'https://sokoni.co.ke',
          ...PRODUCTION_MPESA_TEST_ENV,
          ...PRODUCTION_SMS_TEST_ENV,
          STATIC_DIR: '.tmp/no-spa',
        }),
        database: dev.database,
        logger: createLogger('silent'),
      });
      expect(
        (await prod.request('/api/dev/daraja/oauth/v1/generate?grant_type=client_credentials')).status,
      ).toBe(404);
      expect((await prod.request('/api/dev/phone')).status).toBe(404);
    } finally {
      await dev.close();
    }
  });
});

// What a client that forgot East Africa Time would send: the UTC wall clock, three hours behind.
function utcCredentials() {
  const Timestamp = eatTimestamp(Date.now() - 3 * 3600_000);
  return { Timestamp, Password: stkPassword('174379', MPESA_SANDBOX_PASSKEY, Timestamp) };
}
