import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listen,
  startCallbackReceiver,
  startSimulatorServer,
  type CallbackReceiver,
  type SimulatorServer,
} from '../../test/daraja';
import { parseStkCallback, type StkCallback } from './callback';
import { createDarajaClient, type DarajaClientOptions, type FetchLike } from './daraja';
import { DarajaError, darajaErrorFromResponse } from './daraja-errors';
import { eatTimestamp, parseEatTimestamp, stkPassword } from './stk-password';

let sim: SimulatorServer;
let receiver: CallbackReceiver;

beforeAll(async () => {
  [sim, receiver] = await Promise.all([startSimulatorServer({ delayMs: 50 }), startCallbackReceiver()]);
});
afterAll(async () => {
  await Promise.all([sim.close(), receiver.close()]);
});

function clientFor(server: SimulatorServer, extra: Partial<DarajaClientOptions> = {}) {
  return createDarajaClient({
    baseUrl: server.baseUrl,
    consumerKey: server.options.consumerKey,
    consumerSecret: server.options.consumerSecret,
    shortcode: server.options.shortcode,
    passkey: server.options.passkey,
    callbackUrl: receiver.url,
    timeoutMs: 5_000,
    ...extra,
  });
}

/** A fetch that records each request (method, path, JSON body) before sending it for real. */
function recording() {
  const calls: { method: string; path: string; body: Record<string, unknown> | undefined }[] = [];
  const fetchImpl: FetchLike = (url, init) => {
    calls.push({
      method: init.method ?? 'GET',
      path: new URL(url).pathname,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    });
    return fetch(url, init);
  };
  return {
    calls,
    fetch: fetchImpl,
    count: (fragment: string) => calls.filter((c) => c.path.includes(fragment)).length,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The parsed callbacks for one CheckoutRequestID, once at least `count` have arrived. */
async function callbacksFor(checkoutRequestId: string, count = 1, timeoutMs = 5_000): Promise<StkCallback[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = receiver.received
      .map((r) => parseStkCallback(r.body))
      .flatMap((p) => (p.success && p.data.checkoutRequestId === checkoutRequestId ? [p.data] : []));
    if (mine.length >= count) return mine;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} callbacks for ${checkoutRequestId}, got ${mine.length}`);
    await sleep(10);
  }
}

async function rejection(promise: Promise<unknown>): Promise<DarajaError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(DarajaError);
    return err as DarajaError;
  }
  throw new Error('expected the call to fail');
}

describe('the OAuth token', () => {
  it('is fetched once for many concurrent calls and then reused', async () => {
    const rec = recording();
    const client = clientFor(sim, { fetch: rec.fetch });
    const pushes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client.stkPush({ phone: `07110001${10 + i}`, amount: 10, accountReference: `T${i}` }),
      ),
    );
    expect(rec.count('/oauth/')).toBe(1);
    expect(new Set(pushes.map((p) => p.checkoutRequestId)).size).toBe(10);
    await client.stkPush({ phone: '0711000120', amount: 10, accountReference: 'T-again' });
    expect(rec.count('/oauth/')).toBe(1);
    expect(rec.calls.find((c) => c.path.includes('/oauth/'))?.method).toBe('GET');
  });

  it('is refreshed a little before it expires, and the simulator refuses an expired one', async () => {
    let clock = Date.UTC(2025, 5, 1, 9, 0, 0);
    const now = () => clock;
    const own = await startSimulatorServer({ delayMs: 50, now });
    try {
      const rec = recording();
      const client = clientFor(own, { fetch: rec.fetch, now });
      const first = await client.accessToken();
      await client.stkPush({ phone: '0711000200', amount: 5, accountReference: 'EXP1' });
      clock += 3599_000 - 30_000; // still valid for Daraja, but inside the refresh margin
      await client.stkPush({ phone: '0711000210', amount: 5, accountReference: 'EXP2' });
      expect(rec.count('/oauth/')).toBe(2);
      expect(await client.accessToken()).not.toBe(first);

      clock += 3600_000;
      const stale = await fetch(`${own.baseUrl}/mpesa/stkpushquery/v1/query`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${first}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(stale.status).toBe(401);
      expect(await stale.json()).toMatchObject({
        errorCode: '404.001.03',
        errorMessage: 'Invalid Access Token',
      });
    } finally {
      await own.close();
    }
  });

  it('is replaced once when Daraja rejects it, and the call retried', async () => {
    const rec = recording();
    const client = clientFor(sim, { fetch: rec.fetch });
    await client.accessToken();
    sim.simulator.revokeTokens();
    const push = await client.stkPush({ phone: '0711000300', amount: 5, accountReference: 'REVOKED' });
    expect(push.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(rec.count('/oauth/')).toBe(2);
    expect(rec.count('/stkpush/')).toBe(2);
  });

  it('is retried only once when Daraja keeps refusing it', async () => {
    let apiCalls = 0;
    const fake: FetchLike = async (url) => {
      if (url.includes('/oauth/')) return Response.json({ access_token: 'tok', expires_in: '3599' });
      apiCalls++;
      return Response.json(
        { requestId: 'r', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
        { status: 401 },
      );
    };
    const err = await rejection(
      clientFor(sim, { fetch: fake }).stkPush({ phone: '0711000310', amount: 5, accountReference: 'X' }),
    );
    expect(apiCalls).toBe(2);
    expect(err).toMatchObject({ kind: 'auth', retryable: false, rawCode: '404.001.03', httpStatus: 401 });
  });

  it('fails as a configuration problem when the consumer key is wrong', async () => {
    const err = await rejection(clientFor(sim, { consumerSecret: 'wrong' }).accessToken());
    expect(err).toMatchObject({ kind: 'auth', retryable: false, rawCode: '400.008.01', status: 502 });
    expect(err.message).not.toMatch(/400\.008|Daraja/);
  });
});

describe('the STK password and timestamp', () => {
  it('are East Africa Time whatever the machine time zone', () => {
    const tz = process.env.TZ;
    try {
      for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo']) {
        process.env.TZ = zone;
        expect(eatTimestamp(Date.UTC(2024, 11, 31, 20, 59, 59))).toBe('20241231235959');
        expect(eatTimestamp(Date.UTC(2024, 11, 31, 21, 0, 0))).toBe('20250101000000');
        expect(eatTimestamp(Date.UTC(2024, 1, 28, 21, 30, 0))).toBe('20240229003000');
        expect(eatTimestamp(Date.UTC(2025, 0, 1, 0, 0, 0))).toBe('20250101030000');
      }
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('parse back, and impossible dates are refused', () => {
    expect(parseEatTimestamp('20250101000000')).toBe(Date.UTC(2024, 11, 31, 21, 0, 0));
    expect(parseEatTimestamp(20191219102115)).toBe(Date.UTC(2019, 11, 19, 7, 21, 15));
    expect(parseEatTimestamp('20240230000000')).toBeNull();
    expect(parseEatTimestamp('2024-01-01')).toBeNull();
  });

  it('are what the client sends just after midnight EAT (21:00 UTC), and Daraja accepts them', async () => {
    const clock = Date.UTC(2024, 11, 31, 21, 0, 5);
    const own = await startSimulatorServer({ delayMs: 50, now: () => clock });
    try {
      const rec = recording();
      const client = clientFor(own, { fetch: rec.fetch, now: () => clock });
      await client.stkPush({ phone: '0711000400', amount: 99, accountReference: 'MIDNIGHT' });
      const sent = rec.calls.find((c) => c.path.endsWith('/processrequest'))!.body!;
      expect(sent.Timestamp).toBe('20250101000005');
      expect(sent.Password).toBe(stkPassword('174379', own.options.passkey, '20250101000005'));
      expect(Buffer.from(String(sent.Password), 'base64').toString()).toBe(
        `174379${own.options.passkey}20250101000005`,
      );
      expect(sent).toMatchObject({
        BusinessShortCode: '174379',
        TransactionType: 'CustomerPayBillOnline',
        Amount: 99,
        PartyA: '254711000400',
        PartyB: '174379',
        PhoneNumber: '254711000400',
        CallBackURL: receiver.url,
        AccountReference: 'MIDNIGHT',
        TransactionDesc: 'Payment',
      });
    } finally {
      await own.close();
    }
  });
});

describe('every simulator outcome, through callbacks and STK query', () => {
  it.each([
    ['00', { status: 'paid' }, 0],
    ['01', { status: 'failed', reason: 'cancelled' }, 1032],
    ['02', { status: 'failed', reason: 'insufficient_funds' }, 1],
    ['03', { status: 'failed', reason: 'wrong_pin' }, 2001],
  ] as const)('a phone ending in %s', async (ending, outcome, code) => {
    const client = clientFor(sim);
    const push = await client.stkPush({
      phone: `0722 000 5${ending}`,
      amount: 150,
      accountReference: `OUT${ending}`,
    });
    const [cb, ...more] = await callbacksFor(push.checkoutRequestId);
    expect(more).toHaveLength(0);
    expect(cb).toMatchObject({ resultCode: code, outcome, merchantRequestId: push.merchantRequestId });
    if (code === 0) {
      expect(cb).toMatchObject({ amount: 150, phone: `2547220005${ending}` });
      expect(cb!.receipt).toMatch(/^SIM[A-Z0-9]{7}$/);
      expect(Math.abs(cb!.transactionDate!.getTime() - Date.now())).toBeLessThan(60_000);
    } else {
      expect(cb!.receipt).toBeUndefined();
    }
    const query = await client.stkQuery(push.checkoutRequestId);
    expect(query).toMatchObject({ status: 'complete', resultCode: code, outcome });
  });

  it('…04 never calls back and the STK query reports 1037 (timeout)', async () => {
    const client = clientFor(sim);
    const push = await client.stkPush({ phone: '0722000504', amount: 150, accountReference: 'OUT04' });
    let query = await client.stkQuery(push.checkoutRequestId);
    for (let i = 0; query.status === 'pending' && i < 100; i++) {
      await sleep(20);
      query = await client.stkQuery(push.checkoutRequestId);
    }
    expect(query).toMatchObject({
      status: 'complete',
      resultCode: 1037,
      outcome: { status: 'failed', reason: 'timeout' },
    });
    await sleep(150);
    await sim.simulator.settled();
    await expect(callbacksFor(push.checkoutRequestId, 1, 50)).rejects.toThrow(/got 0/);
  });

  it('…05 delivers the same success callback three times', async () => {
    const push = await clientFor(sim).stkPush({
      phone: '0722000505',
      amount: 150,
      accountReference: 'OUT05',
    });
    const cbs = await callbacksFor(push.checkoutRequestId, 3);
    expect(cbs).toHaveLength(3);
    expect(new Set(cbs.map((c) => c.receipt)).size).toBe(1);
    expect(cbs.every((c) => c.outcome.status === 'paid' && c.amount === 150)).toBe(true);
  });

  it('…06 reports a different amount than was asked', async () => {
    const push = await clientFor(sim).stkPush({
      phone: '0722000506',
      amount: 150,
      accountReference: 'OUT06',
    });
    const [cb] = await callbacksFor(push.checkoutRequestId);
    expect(cb).toMatchObject({ outcome: { status: 'paid' }, amount: 149 });
  });

  it('…09 waits for a person on the virtual phone, who can pay or cancel', async () => {
    const client = clientFor(sim);
    const push = await client.stkPush({ phone: '+254 722 000 509', amount: 420, accountReference: 'OUT09' });
    await sleep(120);
    expect(await client.stkQuery(push.checkoutRequestId)).toEqual({
      status: 'pending',
      checkoutRequestId: push.checkoutRequestId,
    });
    const pressed = await fetch(`${sim.origin}/api/dev/phone/prompts/${push.checkoutRequestId}/pay`, {
      method: 'POST',
    });
    expect(pressed.status).toBe(200);
    const [cb] = await callbacksFor(push.checkoutRequestId);
    expect(cb).toMatchObject({ outcome: { status: 'paid' }, amount: 420, phone: '254722000509' });

    const second = await client.stkPush({ phone: '0722000509', amount: 420, accountReference: 'OUT09B' });
    await fetch(`${sim.origin}/api/dev/phone/prompts/${second.checkoutRequestId}/cancel`, { method: 'POST' });
    const [cancelled] = await callbacksFor(second.checkoutRequestId);
    expect(cancelled).toMatchObject({ resultCode: 1032, outcome: { reason: 'cancelled' } });
  });

  it('gives every payment its own receipt number', () => {
    const receipts = receiver.received
      .map((r) => parseStkCallback(r.body))
      .flatMap((p) => (p.success && p.data.receipt ? [`${p.data.checkoutRequestId} ${p.data.receipt}`] : []));
    const byReceipt = new Map<string, Set<string>>();
    for (const line of receipts) {
      const [id, receipt] = line.split(' ') as [string, string];
      byReceipt.set(receipt, (byReceipt.get(receipt) ?? new Set()).add(id));
    }
    expect(byReceipt.size).toBeGreaterThan(3);
    for (const ids of byReceipt.values()) expect(ids.size).toBe(1);
  });
});

describe('failures become typed errors', () => {
  it('a second prompt while one is open is the friendly "prompt already open" error', async () => {
    const client = clientFor(sim);
    const first = await client.stkPush({ phone: '0733000609', amount: 50, accountReference: 'OPEN1' });
    const err = await rejection(
      client.stkPush({ phone: '0733 000 609', amount: 50, accountReference: 'OPEN2' }),
    );
    expect(err).toMatchObject({
      kind: 'prompt_open',
      retryable: true,
      rawCode: '500.001.1001',
      status: 409,
      httpStatus: 500,
    });
    expect(err.message).toMatch(/already an M-Pesa prompt on your phone/);
    expect(err.rawMessage).toMatch(/already in process/);
    sim.simulator.answer(first.checkoutRequestId, 'cancel');
    await expect(
      client.stkPush({ phone: '0733000609', amount: 50, accountReference: 'OPEN3' }),
    ).resolves.toBeTruthy();
  });

  it('Daraja down (connection refused) is retryable', async () => {
    const gone = await listen(() => new Response('x'));
    await gone.close();
    const err = await rejection(
      clientFor(sim, { baseUrl: `${gone.origin}/api/dev/daraja` }).stkPush({
        phone: '0711000700',
        amount: 5,
        accountReference: 'DOWN',
      }),
    );
    expect(err).toMatchObject({ kind: 'unavailable', retryable: true, status: 503 });
    expect(err.rawMessage).toMatch(/ECONNREFUSED/);
  });

  it('Daraja too slow (timeout) is retryable', async () => {
    const slow = await listen(() => new Promise<Response>(() => undefined));
    try {
      const started = Date.now();
      const err = await rejection(
        clientFor(sim, { baseUrl: slow.origin, timeoutMs: 200 }).stkQuery('ws_CO_1'),
      );
      expect(err).toMatchObject({ kind: 'timeout', retryable: true });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await slow.close();
    }
  });

  it('bad amounts, phones and references are refused before anything is sent', async () => {
    const rec = recording();
    const client = clientFor(sim, { fetch: rec.fetch });
    const base = { phone: '0711000800', amount: 10, accountReference: 'LOCAL' };
    for (const amount of [1.5, 0, -5, Number.NaN]) {
      expect(await rejection(client.stkPush({ ...base, amount }))).toMatchObject({
        kind: 'invalid_amount',
        retryable: false,
      });
    }
    const tooMuch = await rejection(client.stkPush({ ...base, amount: 250_001 }));
    expect(tooMuch.message).toMatch(/at most KSH 250,000/);
    for (const phone of ['0812345678', '07123', 'O712345678']) {
      expect(await rejection(client.stkPush({ ...base, phone }))).toMatchObject({
        kind: 'invalid_phone',
        status: 400,
      });
    }
    for (const accountReference of ['ORDER-1234567', '', '   ']) {
      expect(await rejection(client.stkPush({ ...base, accountReference }))).toMatchObject({
        kind: 'invalid_request',
      });
    }
    expect(rec.calls).toHaveLength(0);
  });

  it('cuts a long description to 13 characters', async () => {
    const rec = recording();
    await clientFor(sim, { fetch: rec.fetch }).stkPush({
      phone: '0711000810',
      amount: 10,
      accountReference: 'DESC',
      description: 'Sokoni order for groceries',
    });
    expect(rec.calls.find((c) => c.path.endsWith('/processrequest'))?.body?.TransactionDesc).toBe(
      'Sokoni order',
    );
  });

  it('reads Daraja error bodies into the right kinds', () => {
    const kind = (status: number, errorCode: string, errorMessage: string) =>
      darajaErrorFromResponse(status, { requestId: 'r', errorCode, errorMessage }).kind;
    expect(kind(400, '400.002.02', 'Bad Request - Invalid PhoneNumber')).toBe('invalid_phone');
    expect(kind(400, '400.002.02', 'Bad Request - Invalid Amount')).toBe('invalid_amount');
    expect(kind(400, '400.002.02', 'Bad Request - Invalid AccountReference')).toBe('invalid_request');
    expect(kind(500, '500.001.1001', 'Wrong credentials')).toBe('auth');
    expect(
      kind(
        500,
        '500.001.1001',
        'Unable to lock subscriber, a transaction is already in process for the current subscriber',
      ),
    ).toBe('prompt_open');
    expect(kind(503, '503.001.01', 'Service is currently under maintenance')).toBe('unavailable');
    expect(kind(400, '400.008.01', 'Invalid Authentication passed')).toBe('auth');
    expect(darajaErrorFromResponse(502, undefined)).toMatchObject({ kind: 'unavailable', retryable: true });
  });

  it('an unknown CheckoutRequestID is a refused request, not a pending payment', async () => {
    const err = await rejection(clientFor(sim).stkQuery('ws_CO_does_not_exist'));
    expect(err).toMatchObject({ kind: 'invalid_request', rawCode: '400.002.02', retryable: false });
  });
});

describe('paybill and Buy Goods till', () => {
  const STORE = '7654321';
  const TILL = '5123456';
  let till: SimulatorServer;
  beforeAll(async () => {
    till = await startSimulatorServer({
      delayMs: 50,
      accountType: 'till',
      shortcode: STORE,
      tillNumber: TILL,
    });
  });
  afterAll(() => till.close());

  const tillClient = (extra: Partial<DarajaClientOptions> = {}) =>
    clientFor(till, { accountType: 'till', shortcode: STORE, tillNumber: TILL, ...extra });
  const clock = Date.UTC(2025, 2, 14, 9, 30, 0);
  const stamp = '20250314123000';

  it('a paybill push is CustomerPayBillOnline to the paybill, with the order number as account', async () => {
    const rec = recording();
    const own = await startSimulatorServer({ delayMs: 50, now: () => clock });
    try {
      await clientFor(own, { fetch: rec.fetch, now: () => clock }).stkPush({
        phone: '0711 000 900',
        amount: 1250,
        accountReference: 'SKN1042',
        description: 'Sokoni order',
      });
      expect(rec.calls.find((c) => c.path.endsWith('/processrequest'))!.body).toEqual({
        BusinessShortCode: '174379',
        Password: stkPassword('174379', own.options.passkey, stamp),
        Timestamp: stamp,
        TransactionType: 'CustomerPayBillOnline',
        Amount: 1250,
        PartyA: '254711000900',
        PartyB: '174379',
        PhoneNumber: '254711000900',
        CallBackURL: receiver.url,
        AccountReference: 'SKN1042',
        TransactionDesc: 'Sokoni order',
      });
    } finally {
      await own.close();
    }
  });

  it('a till push is CustomerBuyGoodsOnline to the till, signed with the store number', async () => {
    const rec = recording();
    const own = await startSimulatorServer({
      delayMs: 50,
      now: () => clock,
      accountType: 'till',
      shortcode: STORE,
      tillNumber: TILL,
    });
    try {
      const client = tillClient({ baseUrl: own.baseUrl, fetch: rec.fetch, now: () => clock });
      const push = await client.stkPush({
        phone: '0711000910',
        amount: 1250,
        accountReference: 'SKN1043',
        description: 'Sokoni order',
      });
      expect(push.checkoutRequestId).toMatch(/^ws_CO_/);
      const sent = rec.calls.find((c) => c.path.endsWith('/processrequest'))!.body;
      expect(sent).toEqual({
        BusinessShortCode: STORE,
        Password: stkPassword(STORE, own.options.passkey, stamp),
        Timestamp: stamp,
        TransactionType: 'CustomerBuyGoodsOnline',
        Amount: 1250,
        PartyA: '254711000910',
        PartyB: TILL,
        PhoneNumber: '254711000910',
        CallBackURL: receiver.url,
        AccountReference: 'SKN1043',
        TransactionDesc: 'Sokoni order',
      });
      expect(Buffer.from(String(sent!.Password), 'base64').toString()).toBe(
        `${STORE}${own.options.passkey}${stamp}`,
      );
      expect(own.simulator.prompts()).toMatchObject([{ shortcode: TILL, accountType: 'till' }]);

      await client.stkQuery(push.checkoutRequestId);
      expect(rec.calls.find((c) => c.path.endsWith('/stkpushquery/v1/query'))!.body).toEqual({
        BusinessShortCode: STORE,
        Password: stkPassword(STORE, own.options.passkey, stamp),
        Timestamp: stamp,
        CheckoutRequestID: push.checkoutRequestId,
      });
    } finally {
      await own.close();
    }
  });

  it('a till client needs its till number', () => {
    expect(() => tillClient({ tillNumber: undefined })).toThrow(/MPESA_TILL_NUMBER/);
  });

  it.each([
    ['a paybill client at a till', () => clientFor(till, { shortcode: STORE }), /Invalid TransactionType/],
    [
      'a till client at a paybill',
      () => clientFor(sim, { accountType: 'till', tillNumber: TILL }),
      /Invalid TransactionType/,
    ],
    ['a till client with another till', () => tillClient({ tillNumber: '5999999' }), /Invalid PartyB/],
    [
      'a till client signing with the till instead of the store',
      () => tillClient({ shortcode: TILL }),
      /Invalid BusinessShortCode/,
    ],
    [
      'a till client with a wrong passkey',
      () => tillClient({ passkey: 'not-the-passkey' }),
      /Wrong credentials/,
    ],
  ])('%s is refused as a configuration problem, never sent to the phone', async (_what, make, raw) => {
    const before = till.simulator.prompts().length;
    const err = await rejection(
      make().stkPush({ phone: '0711000920', amount: 10, accountReference: 'SKN1' }),
    );
    expect(err).toMatchObject({ kind: 'auth', retryable: false, status: 502, code: 'mpesa_auth' });
    expect(err.rawMessage).toMatch(raw);
    expect(err.message).not.toMatch(/Daraja|PartyB|TransactionType|ShortCode/i);
    expect(till.simulator.prompts()).toHaveLength(before);
  });

  it('reads an account refusal from the error body, not the shopper-facing fields', () => {
    const kind = (errorMessage: string) =>
      darajaErrorFromResponse(400, { requestId: 'r', errorCode: '400.002.02', errorMessage }).kind;
    expect(kind('Bad Request - Invalid TransactionType')).toBe('auth');
    expect(kind('Bad Request - Invalid PartyB')).toBe('auth');
    expect(kind('Bad Request - Invalid BusinessShortCode')).toBe('auth');
    expect(kind('Bad Request - Invalid PartyA')).toBe('invalid_phone');
    expect(kind('Bad Request - Invalid CheckoutRequestID')).toBe('invalid_request');
  });

  describe('the STK query of a till push', () => {
    const pushTo = (ending: string) =>
      tillClient().stkPush({ phone: `0722 000 9${ending}`, amount: 300, accountReference: `Q${ending}` });

    it('reports it paid, with the result code 0', async () => {
      const push = await pushTo('00');
      await callbacksFor(push.checkoutRequestId);
      expect(await tillClient().stkQuery(push.checkoutRequestId)).toEqual({
        status: 'complete',
        checkoutRequestId: push.checkoutRequestId,
        merchantRequestId: push.merchantRequestId,
        resultCode: 0,
        resultDesc: 'The service request is processed successfully.',
        outcome: {
          status: 'paid',
          resultCode: 0,
          description: 'The service request is processed successfully.',
        },
      });
    });

    it('reports a cancel by the shopper (1032)', async () => {
      const push = await pushTo('01');
      await callbacksFor(push.checkoutRequestId);
      expect(await tillClient().stkQuery(push.checkoutRequestId)).toMatchObject({
        status: 'complete',
        resultCode: 1032,
        outcome: { status: 'failed', reason: 'cancelled' },
      });
    });

    it('is pending while the prompt waits ("The transaction is being processed"), then the answer', async () => {
      const rec = recording();
      const client = tillClient({ fetch: rec.fetch });
      const push = await pushTo('09');
      expect(await client.stkQuery(push.checkoutRequestId)).toEqual({
        status: 'pending',
        checkoutRequestId: push.checkoutRequestId,
      });
      expect(rec.count('/stkpushquery/')).toBe(1);
      till.simulator.answer(push.checkoutRequestId, 'cancel');
      expect(await client.stkQuery(push.checkoutRequestId)).toMatchObject({
        status: 'complete',
        resultCode: 1032,
      });
    });

    it('…04 never calls back; the query reports 1037', async () => {
      const push = await pushTo('04');
      let query = await tillClient().stkQuery(push.checkoutRequestId);
      for (let i = 0; query.status === 'pending' && i < 100; i++) {
        await sleep(20);
        query = await tillClient().stkQuery(push.checkoutRequestId);
      }
      expect(query).toMatchObject({ status: 'complete', resultCode: 1037, outcome: { reason: 'timeout' } });
    });

    it('refuses an unknown CheckoutRequestID, and a query signed with the till number', async () => {
      expect(await rejection(tillClient().stkQuery('ws_CO_unknown'))).toMatchObject({
        kind: 'invalid_request',
        rawCode: '400.002.02',
        rawMessage: 'Bad Request - Invalid CheckoutRequestID',
      });
      const push = await pushTo('02');
      expect(await rejection(tillClient({ shortcode: TILL }).stkQuery(push.checkoutRequestId))).toMatchObject(
        {
          kind: 'auth',
          rawMessage: 'Bad Request - Invalid BusinessShortCode',
        },
      );
    });
  });
});
