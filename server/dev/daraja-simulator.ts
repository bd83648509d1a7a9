import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Logger } from '../lib/logger';
import {
  SIMULATOR_DESC as DESC,
  simulatorScenario,
  type SimulatorScenario as Scenario,
} from '../../contract/mpesa-simulator';
import { stkParties, type MpesaAccount } from '../lib/payments/config';
import { eatTimestamp, parseEatTimestamp, stkPassword } from '../lib/payments/stk-password';

// Development and tests only: a stand-in for Safaricom's Daraja (OAuth, STK push, STK query and the
// callbacks) that is as strict as the real one about what it accepts, so a request that passes here
// passes the sandbox. Its state (tokens, prompts) lives in this process's memory on purpose: it plays
// an external service, not part of Sokoni, so the "shared state lives in PostgreSQL" rule does not
// apply. With several API instances, point MPESA_BASE_URL of all of them at one instance.

type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface DarajaSimulatorOptions extends Partial<Pick<MpesaAccount, 'accountType' | 'tillNumber'>> {
  consumerKey: string;
  consumerSecret: string;
  /** The paybill it plays, or for a till (`accountType: 'till'`) the store number; default a paybill. */
  shortcode: string;
  passkey: string;
  /** How long the virtual phone takes to answer (MPESA_SIMULATOR_DELAY_MS). */
  delayMs: number;
  /** Lifetime of an access token (Daraja: 3599 s). */
  tokenTtlSeconds?: number;
  /** How long a prompt for a `…09` phone waits for a person before it times out (1037). */
  manualTimeoutMs?: number;
  /** How far a request's Timestamp may be from the simulator's clock. */
  timestampToleranceMs?: number;
  callbackTimeoutMs?: number;
  now?: () => number;
  /** Delivers callbacks; tests may route them in memory. */
  fetch?: FetchLike;
  logger?: Logger;
}

/** An answer in Daraja's shapes; the routes send it as JSON with this status. */
export interface SimulatorAnswer {
  status: 200 | 400 | 401 | 500;
  body: Record<string, unknown>;
}

/** A prompt waiting on a virtual phone. */
export interface PromptView {
  checkoutRequestId: string;
  merchantRequestId: string;
  phone: string;
  amount: number;
  /** Who is paid: the paybill or the till (PartyB). */
  shortcode: string;
  accountType: MpesaAccount['accountType'];
  accountReference: string;
  description: string;
  createdAt: string;
}

export interface DarajaSimulator {
  /** GET /oauth/v1/generate */
  oauth(authorization: string | undefined, grantType: string | undefined): SimulatorAnswer;
  /** POST /mpesa/stkpush/v1/processrequest (raw body text) */
  stkPush(authorization: string | undefined, body: string): SimulatorAnswer;
  /** POST /mpesa/stkpushquery/v1/query (raw body text) */
  stkQuery(authorization: string | undefined, body: string): SimulatorAnswer;
  /** Prompts still waiting for an answer, newest first, optionally for one phone (2547…). */
  prompts(phone?: string): PromptView[];
  /** A person on the virtual phone pays or cancels a waiting prompt; false if it is not waiting. */
  answer(checkoutRequestId: string, choice: 'pay' | 'cancel'): boolean;
  /** Forgets every issued token, as Daraja does when it rotates them (tests the client's retry). */
  revokeTokens(): void;
  /** Resolves when no callback is being delivered. */
  settled(): Promise<void>;
  /** Cancels timers and in-flight callbacks and forgets everything. */
  close(): Promise<void>;
}

interface Attempt {
  merchantRequestId: string;
  checkoutRequestId: string;
  phone: string;
  amount: number;
  accountReference: string;
  description: string;
  callbackUrl: string;
  createdAt: number;
  scenario: Scenario;
  result?: { code: number; desc: string };
  timer?: NodeJS.Timeout;
}

const PHONE = /^254[17]\d{8}$/;
// Completed attempts are kept for STK queries; beyond this many the oldest are forgotten.
const MAX_ATTEMPTS = 5_000;
const live = new Set<DarajaSimulator>();

/** Closes every simulator still open (for shutdown and test teardown). */
export async function closeDarajaSimulators() {
  await Promise.all([...live].map((s) => s.close()));
}

/** A Daraja stand-in with the given credentials and timing. */
export function createDarajaSimulator(options: DarajaSimulatorOptions): DarajaSimulator {
  const now = options.now ?? Date.now;
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const tokenTtlMs = (options.tokenTtlSeconds ?? 3599) * 1000;
  const tolerance = options.timestampToleranceMs ?? 10 * 60_000;
  const manualTimeoutMs = options.manualTimeoutMs ?? 120_000;
  const callbackTimeoutMs = options.callbackTimeoutMs ?? 10_000;
  const log = options.logger;
  const accountType = options.accountType ?? 'paybill';
  // What this Daraja expects of every push, from the account it plays (a till without its number throws).
  const expected = stkParties({ accountType, shortcode: options.shortcode, tillNumber: options.tillNumber });

  const tokens = new Map<string, number>();
  const attempts = new Map<string, Attempt>();
  const pendingByPhone = new Map<string, Attempt>();
  const receipts = new Set<string>();
  const inflight = new Set<Promise<void>>();
  const closing = new AbortController();

  const fail = (
    status: SimulatorAnswer['status'],
    errorCode: string,
    errorMessage: string,
  ): SimulatorAnswer => ({
    status,
    body: { requestId: requestId(), errorCode, errorMessage },
  });
  const badRequest = (field: string) => fail(400, '400.002.02', `Bad Request - Invalid ${field}`);

  function checkBearer(authorization: string | undefined): SimulatorAnswer | null {
    const m = /^Bearer\s+(\S+)$/.exec(authorization ?? '');
    if (!m) return fail(401, '404.001.04', 'Invalid Authentication Header');
    const expiresAt = tokens.get(m[1]!);
    if (expiresAt === undefined || expiresAt <= now()) {
      tokens.delete(m[1]!);
      return fail(401, '404.001.03', 'Invalid Access Token');
    }
    return null;
  }

  /** The checks STK push and STK query share: body, shortcode, timestamp and password. */
  function checkCredentials(raw: string): { body: Record<string, unknown> } | SimulatorAnswer {
    const body = parseObject(raw);
    if (!body) return fail(400, '400.002.05', 'Invalid Request Payload');
    if (text(body.BusinessShortCode) !== expected.BusinessShortCode) return badRequest('BusinessShortCode');
    const timestamp = text(body.Timestamp);
    const at = timestamp === undefined ? null : parseEatTimestamp(timestamp);
    if (at === null || Math.abs(now() - at) > tolerance) return badRequest('Timestamp');
    // Daraja keys the passkey to the BusinessShortCode: for a till, a password made from the till
    // number instead of the store number is refused like any wrong passkey. Daraja's own words
    // (github.com/safaricom/LNMOnlineAndroidSample/issues/8), which it also answers for a shortcode
    // not enabled for Lipa na M-Pesa Online.
    if (body.Password !== stkPassword(expected.BusinessShortCode, options.passkey, timestamp!)) {
      return fail(500, '500.001.1001', '[MerchantValidate] - Wrong credentials');
    }
    return { body };
  }

  function complete(
    attempt: Attempt,
    code: number,
    desc: string,
    callback: { copies: number; amount: number } | null,
  ) {
    if (attempt.result) return;
    attempt.result = { code, desc };
    clearTimeout(attempt.timer);
    attempt.timer = undefined;
    if (pendingByPhone.get(attempt.phone) === attempt) pendingByPhone.delete(attempt.phone);
    if (!callback) return;
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: attempt.merchantRequestId,
      CheckoutRequestID: attempt.checkoutRequestId,
      ResultCode: code,
      ResultDesc: desc,
    };
    if (code === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: callback.amount },
          { Name: 'MpesaReceiptNumber', Value: newReceipt() },
          // Daraja lists Balance without a value; parsers must cope with that.
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(eatTimestamp(now())) },
          { Name: 'PhoneNumber', Value: Number(attempt.phone) },
        ],
      };
    }
    const body = JSON.stringify({ Body: { stkCallback } });
    // Duplicates go out together so the receiver's exactly-once update is tested under concurrency.
    for (let i = 0; i < callback.copies; i++) deliver(attempt.callbackUrl, body);
  }

  function deliver(url: string, body: string) {
    const task = fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal: AbortSignal.any([closing.signal, AbortSignal.timeout(callbackTimeoutMs)]),
    })
      .then(async (res) => {
        await res.body?.cancel();
        if (!res.ok) log?.warn('daraja simulator: callback refused', { to: origin(url), status: res.status });
      })
      .catch((err: unknown) => {
        if (!closing.signal.aborted) {
          log?.warn('daraja simulator: callback not delivered', { to: origin(url), error: String(err) });
        }
      })
      .finally(() => inflight.delete(task));
    inflight.add(task);
  }

  function newReceipt() {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    for (;;) {
      let r = 'SIM';
      for (let i = 0; i < 7; i++) r += alphabet[randomInt(alphabet.length)];
      if (!receipts.has(r)) {
        receipts.add(r);
        return r;
      }
    }
  }

  function remember(attempt: Attempt) {
    if (attempts.size >= MAX_ATTEMPTS) {
      for (const [id, a] of attempts) {
        if (a.result) {
          attempts.delete(id);
          break;
        }
      }
    }
    attempts.set(attempt.checkoutRequestId, attempt);
    pendingByPhone.set(attempt.phone, attempt);
  }

  function schedule(attempt: Attempt) {
    const s = attempt.scenario;
    const later = (ms: number, fn: () => void) => {
      attempt.timer = setTimeout(fn, ms);
      // A dev stand-in must never keep the process (or a test run) alive.
      attempt.timer.unref();
    };
    switch (s.kind) {
      case 'paid': {
        // amount − 1 would be 0 for a 1-shilling payment; 2 is still a mismatch then.
        const wrong = attempt.amount > 1 ? attempt.amount - 1 : attempt.amount + 1;
        const amount = s.wrongAmount ? wrong : attempt.amount;
        later(options.delayMs, () => complete(attempt, 0, DESC.paid, { copies: s.copies, amount }));
        break;
      }
      case 'failed':
        later(options.delayMs, () =>
          complete(attempt, s.code, s.desc, { copies: 1, amount: attempt.amount }),
        );
        break;
      case 'silent':
        later(options.delayMs, () => complete(attempt, s.code, s.desc, null));
        break;
      case 'manual':
        later(manualTimeoutMs, () =>
          complete(attempt, 1037, DESC.timeout, { copies: 1, amount: attempt.amount }),
        );
        break;
    }
  }

  const simulator: DarajaSimulator = {
    oauth(authorization, grantType) {
      if (grantType !== 'client_credentials') return fail(400, '400.008.02', 'Invalid grant type passed');
      const m = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(authorization ?? '');
      if (
        !m ||
        !sameText(
          Buffer.from(m[1]!, 'base64').toString('utf8'),
          `${options.consumerKey}:${options.consumerSecret}`,
        )
      ) {
        return fail(400, '400.008.01', 'Invalid Authentication passed');
      }
      const t = now();
      for (const [token, expiresAt] of tokens) if (expiresAt <= t) tokens.delete(token);
      const token = randomBytes(21).toString('base64url');
      tokens.set(token, t + tokenTtlMs);
      return { status: 200, body: { access_token: token, expires_in: String(tokenTtlMs / 1000) } };
    },

    stkPush(authorization, raw) {
      if (closing.signal.aborted) return fail(500, '500.003.02', 'Service unavailable');
      const denied = checkBearer(authorization);
      if (denied) return denied;
      const checked = checkCredentials(raw);
      if ('status' in checked) return checked;
      const b = checked.body;
      // A PayBill push to a till or a BuyGoods push to a paybill is refused here like an unknown type, so
      // a wrong MPESA_ACCOUNT_TYPE shows at the first checkout. Daraja's own validation errors have
      // this shape (HTTP 400, errorCode 400.002.02, "Bad Request - Invalid <field>"; e.g. "Bad Request -
      // Invalid BusinessShortCode", github.com/keronei/mpesa_flutter_plugin/issues/4). For a type
      // mismatch the live Daraja has also been reported to accept the push and fail it afterwards in
      // the callback (ResultCode "SFC_IC0003", "The operator does not exist": github.com/SmoDav/mpesa/
      // issues/50, github.com/osenco/osen-wc-mpesa/issues/48), which parseStkCallback reads as a
      // failed payment; the simulator picks the synchronous refusal, the earlier and clearer of the two.
      if (b.TransactionType !== expected.TransactionType) return badRequest('TransactionType');
      const amount = wholeAmount(b.Amount);
      if (amount === null) return badRequest('Amount');
      if (!PHONE.test(text(b.PartyA) ?? '')) return badRequest('PartyA');
      if (text(b.PartyB) !== expected.PartyB) return badRequest('PartyB');
      const phone = text(b.PhoneNumber) ?? '';
      if (!PHONE.test(phone)) return badRequest('PhoneNumber');
      if (typeof b.CallBackURL !== 'string' || !isHttpUrl(b.CallBackURL)) return badRequest('CallBackURL');
      if (typeof b.AccountReference !== 'string' || !/^.{1,12}$/.test(b.AccountReference))
        return badRequest('AccountReference');
      if (typeof b.TransactionDesc !== 'string' || !/^.{1,13}$/.test(b.TransactionDesc))
        return badRequest('TransactionDesc');
      if (pendingByPhone.has(phone)) {
        return fail(
          500,
          '500.001.1001',
          'Unable to lock subscriber, a transaction is already in process for the current subscriber',
        );
      }
      let checkoutRequestId: string;
      do checkoutRequestId = `ws_CO_${eatTimestamp(now())}${randomInt(100_000, 1_000_000)}`;
      while (attempts.has(checkoutRequestId));
      const attempt: Attempt = {
        merchantRequestId: `${randomInt(10_000, 100_000)}-${randomInt(10_000_000, 100_000_000)}-1`,
        checkoutRequestId,
        phone,
        amount,
        accountReference: b.AccountReference,
        description: b.TransactionDesc,
        callbackUrl: b.CallBackURL,
        createdAt: now(),
        scenario: simulatorScenario(phone),
      };
      remember(attempt);
      schedule(attempt);
      return {
        status: 200,
        body: {
          MerchantRequestID: attempt.merchantRequestId,
          CheckoutRequestID: attempt.checkoutRequestId,
          ResponseCode: '0',
          ResponseDescription: 'Success. Request accepted for processing',
          CustomerMessage: 'Success. Request accepted for processing',
        },
      };
    },

    stkQuery(authorization, raw) {
      const denied = checkBearer(authorization);
      if (denied) return denied;
      const checked = checkCredentials(raw);
      if ('status' in checked) return checked;
      const id = checked.body.CheckoutRequestID;
      const attempt = typeof id === 'string' ? attempts.get(id) : undefined;
      if (!attempt) return badRequest('CheckoutRequestID');
      if (!attempt.result) return fail(500, '500.001.1001', 'The transaction is being processed');
      return {
        status: 200,
        body: {
          ResponseCode: '0',
          // Daraja's own spelling.
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: attempt.merchantRequestId,
          CheckoutRequestID: attempt.checkoutRequestId,
          ResultCode: String(attempt.result.code),
          ResultDesc: attempt.result.desc,
        },
      };
    },

    prompts(phone) {
      return [...pendingByPhone.values()]
        .filter((a) => !phone || a.phone === phone)
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((a) => ({
          checkoutRequestId: a.checkoutRequestId,
          merchantRequestId: a.merchantRequestId,
          phone: a.phone,
          amount: a.amount,
          shortcode: expected.PartyB,
          accountType,
          accountReference: a.accountReference,
          description: a.description,
          createdAt: new Date(a.createdAt).toISOString(),
        }));
    },

    answer(checkoutRequestId, choice) {
      const attempt = attempts.get(checkoutRequestId);
      if (!attempt || attempt.result) return false;
      if (choice === 'pay') complete(attempt, 0, DESC.paid, { copies: 1, amount: attempt.amount });
      else complete(attempt, 1032, DESC.cancelled, { copies: 1, amount: attempt.amount });
      return true;
    },

    revokeTokens() {
      tokens.clear();
    },

    async settled() {
      while (inflight.size) await Promise.allSettled([...inflight]);
    },

    async close() {
      live.delete(simulator);
      closing.abort();
      for (const a of attempts.values()) clearTimeout(a.timer);
      await Promise.allSettled([...inflight]);
      attempts.clear();
      pendingByPhone.clear();
      tokens.clear();
    },
  };
  live.add(simulator);
  return simulator;
}

function parseObject(raw: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Daraja takes codes and phones as strings or numbers. */
function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return undefined;
}

/** A whole number of shillings ≥ 1, as a number or a digit string; 1.5 and "1.5" are refused. */
function wholeAmount(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

function isHttpUrl(v: string) {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

function sameText(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// Callback URLs end in a secret; logs get only where they point.
function origin(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return '(bad url)';
  }
}

const requestId = () => `${randomInt(10_000, 100_000)}-${randomInt(10_000_000, 100_000_000)}-1`;
