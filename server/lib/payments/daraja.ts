import { z } from 'zod';
import { normaliseKenyanPhone } from '../../../contract/phone';
import type { Env } from '../../env';
import { darajaSettings, stkParties, type DarajaSettings, type MpesaAccount } from './config';
import { DarajaError, darajaErrorBody, darajaErrorFromResponse, isStillProcessing } from './daraja-errors';
import { MPESA_MAX_AMOUNT } from '../../../contract/checkout-rules';
import { paymentOutcome, type PaymentOutcome } from '../../../contract/payments';
import { eatTimestamp, stkPassword } from './stk-password';

/** `fetch` narrowed to what the client uses, so `app.request` or a counting wrapper can stand in. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The settings of `darajaSettings`; `callbackUrl` is the default CallBackURL for STK pushes.
 * Without `accountType` the shortcode is a paybill.
 */
export interface DarajaClientOptions
  extends
    Pick<
      DarajaSettings,
      'baseUrl' | 'consumerKey' | 'consumerSecret' | 'shortcode' | 'passkey' | 'callbackUrl'
    >,
    Partial<Pick<MpesaAccount, 'accountType' | 'tillNumber'>> {
  /** Per request, including reading the answer (default 10 s). */
  timeoutMs?: number;
  fetch?: FetchLike;
  /** The clock (epoch ms); tests move it to expire tokens and cross midnight. */
  now?: () => number;
}

interface StkPushRequest {
  /** Any format `normaliseKenyanPhone` accepts. */
  phone: string;
  /** Whole Kenyan shillings, 1 to 250,000. */
  amount: number;
  /** Shown to the shopper on the prompt and in the statement; 1–12 characters (e.g. the order number). */
  accountReference: string;
  /** Cut to 13 characters; default "Payment". */
  description?: string;
  /** Overrides the configured CallBackURL. */
  callbackUrl?: string;
}

interface StkPushResult {
  merchantRequestId: string;
  /** The id the callback and STK query carry; store it with the payment attempt. */
  checkoutRequestId: string;
  responseCode: string;
  responseDescription: string;
  customerMessage: string;
  /** The normalised phone and the amount that were sent, for the payment attempt row. */
  phone: string;
  amount: number;
}

export type StkQueryResult =
  | { status: 'pending'; checkoutRequestId: string }
  | {
      status: 'complete';
      checkoutRequestId: string;
      merchantRequestId?: string;
      resultCode: number;
      resultDesc: string;
      outcome: PaymentOutcome;
    };

export interface DarajaClient {
  /** Sends the M-Pesa prompt to the shopper's phone; resolves once Daraja accepted it (the result comes by callback). */
  stkPush(request: StkPushRequest): Promise<StkPushResult>;
  /** Asks Daraja how an STK push ended: `pending` while the prompt is open, else the result. */
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
  /** A valid OAuth access token, from the cache when it is fresh. */
  accessToken(): Promise<string>;
  /** Forgets the cached token (the next call fetches a new one). */
  invalidateToken(): void;
}

const ACCOUNT_REFERENCE_MAX = 12;
const TRANSACTION_DESC_MAX = 13;

const TokenResponse = z.object({
  access_token: z.string().min(1),
  // Daraja sends "3599" as a string; accept a number too.
  expires_in: z.union([z.string(), z.number()]).transform(Number).pipe(z.number().positive().finite()),
});

const StkPushResponse = z.object({
  MerchantRequestID: z.string().min(1),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: z.union([z.string(), z.number()]).transform(String),
  ResponseDescription: z.string().default(''),
  CustomerMessage: z.string().default(''),
});

const StkQueryResponse = z.object({
  ResponseCode: z.union([z.string(), z.number()]).transform(String).optional(),
  MerchantRequestID: z.string().optional(),
  CheckoutRequestID: z.string().optional(),
  ResultCode: z.union([z.string(), z.number()]).transform(String).optional(),
  ResultDesc: z.string().optional(),
});

/** The client for the configured Daraja (the simulator outside production unless told otherwise). */
export function createDarajaClientFromEnv(env: Env, extra: Pick<DarajaClientOptions, 'fetch' | 'now'> = {}) {
  const settings: DarajaSettings = darajaSettings(env);
  return createDarajaClient({ ...settings, ...extra });
}

/** A Daraja client: OAuth token cache, STK push and STK query, every failure a DarajaError. */
export function createDarajaClient(options: DarajaClientOptions): DarajaClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const now = options.now ?? Date.now;
  const basic = Buffer.from(`${options.consumerKey}:${options.consumerSecret}`, 'utf8').toString('base64');
  // Worked out once, so a till without its number fails when the client is made, not at checkout.
  const parties = stkParties({
    accountType: options.accountType ?? 'paybill',
    shortcode: options.shortcode,
    tillNumber: options.tillNumber,
  });

  let cached: { token: string; refreshAt: number } | undefined;
  // One refresh at a time: every caller that finds the token stale waits on the same request.
  let refreshing: Promise<string> | undefined;

  async function send(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    try {
      const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const text = await res.text();
      return { status: res.status, body: parseJson(text) };
    } catch (err) {
      if (isTimeout(err)) {
        throw new DarajaError('timeout', { rawMessage: `no answer within ${timeoutMs} ms`, cause: err });
      }
      throw new DarajaError('unavailable', { rawMessage: describeNetworkError(err), cause: err });
    }
  }

  async function fetchToken(): Promise<string> {
    const res = await send(`${baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
      method: 'GET',
      headers: { Authorization: `Basic ${basic}`, Accept: 'application/json' },
    });
    if (res.status !== 200) throw darajaErrorFromResponse(res.status, res.body);
    const parsed = TokenResponse.safeParse(res.body);
    if (!parsed.success)
      throw new DarajaError('unexpected', { rawMessage: 'OAuth answer without a token', httpStatus: 200 });
    const ttlMs = parsed.data.expires_in * 1000;
    // Refresh a little early so a token never expires between our check and Daraja's.
    cached = { token: parsed.data.access_token, refreshAt: now() + ttlMs - Math.min(60_000, ttlMs / 10) };
    return cached.token;
  }

  function accessToken(): Promise<string> {
    if (cached && now() < cached.refreshAt) return Promise.resolve(cached.token);
    refreshing ??= fetchToken().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  /** POSTs with the bearer token; a rejected token is replaced and the call retried once. */
  async function post(path: string, payload: object) {
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken();
      const res = await send(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(payload),
      });
      const rejected = res.status === 401 || darajaErrorBody(res.body).errorCode === '404.001.03';
      if (!rejected || attempt > 0) return res;
      // Only drop the token we used: a concurrent caller may already have fetched a new one.
      if (cached?.token === token) cached = undefined;
    }
  }

  /** BusinessShortCode, Password and Timestamp: the paybill's, or for a till its store number's. */
  function credentials() {
    const timestamp = eatTimestamp(now());
    return {
      BusinessShortCode: parties.BusinessShortCode,
      Password: stkPassword(parties.BusinessShortCode, options.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  return {
    accessToken,
    invalidateToken: () => {
      cached = undefined;
    },

    async stkPush(request) {
      const phone = normaliseKenyanPhone(request.phone);
      if (!phone) throw new DarajaError('invalid_phone', { rawMessage: 'not a Kenyan mobile number' });
      const { amount } = request;
      if (!Number.isSafeInteger(amount) || amount < 1) {
        throw new DarajaError('invalid_amount', {
          rawMessage: `Amount must be whole shillings ≥ 1, got ${amount}`,
        });
      }
      if (amount > MPESA_MAX_AMOUNT) {
        throw new DarajaError(
          'invalid_amount',
          { rawMessage: `Amount ${amount} is above M-Pesa's limit` },
          `M-Pesa takes at most KSH ${MPESA_MAX_AMOUNT.toLocaleString('en-KE')} in one payment.`,
        );
      }
      const accountReference = request.accountReference.trim();
      if (!/^[\x20-\x7e]{1,12}$/.test(accountReference)) {
        throw new DarajaError('invalid_request', {
          rawMessage: `AccountReference must be 1–${ACCOUNT_REFERENCE_MAX} printable characters`,
        });
      }
      const res = await post('/mpesa/stkpush/v1/processrequest', {
        ...credentials(),
        TransactionType: parties.TransactionType,
        Amount: amount,
        PartyA: phone,
        PartyB: parties.PartyB,
        PhoneNumber: phone,
        CallBackURL: request.callbackUrl ?? options.callbackUrl,
        AccountReference: accountReference,
        TransactionDesc: transactionDesc(request.description),
      });
      if (res.status !== 200) throw darajaErrorFromResponse(res.status, res.body);
      const parsed = StkPushResponse.safeParse(res.body);
      if (!parsed.success)
        throw new DarajaError('unexpected', { rawMessage: 'STK push answer without ids', httpStatus: 200 });
      const r = parsed.data;
      if (r.ResponseCode !== '0') {
        throw new DarajaError('unexpected', {
          rawCode: r.ResponseCode,
          rawMessage: r.ResponseDescription,
          httpStatus: 200,
        });
      }
      return {
        merchantRequestId: r.MerchantRequestID,
        checkoutRequestId: r.CheckoutRequestID,
        responseCode: r.ResponseCode,
        responseDescription: r.ResponseDescription,
        customerMessage: r.CustomerMessage,
        phone,
        amount,
      };
    },

    async stkQuery(checkoutRequestId) {
      const res = await post('/mpesa/stkpushquery/v1/query', {
        ...credentials(),
        CheckoutRequestID: checkoutRequestId,
      });
      if (res.status !== 200) {
        // While the prompt is open Daraja answers 500 "The transaction is being processed": not a failure.
        if (isStillProcessing(darajaErrorBody(res.body))) return { status: 'pending', checkoutRequestId };
        throw darajaErrorFromResponse(res.status, res.body);
      }
      const parsed = StkQueryResponse.safeParse(res.body);
      if (!parsed.success)
        throw new DarajaError('unexpected', { rawMessage: 'STK query answer unreadable', httpStatus: 200 });
      const r = parsed.data;
      if (r.ResultCode === undefined || r.ResultCode === '') {
        if (r.ResponseCode === '0') return { status: 'pending', checkoutRequestId };
        throw new DarajaError('unexpected', {
          rawCode: r.ResponseCode,
          rawMessage: 'STK query answer without a ResultCode',
        });
      }
      const resultCode = Number(r.ResultCode);
      const resultDesc = r.ResultDesc ?? '';
      return {
        status: 'complete',
        checkoutRequestId: r.CheckoutRequestID ?? checkoutRequestId,
        ...(r.MerchantRequestID ? { merchantRequestId: r.MerchantRequestID } : {}),
        resultCode,
        resultDesc,
        outcome: paymentOutcome(r.ResultCode, resultDesc),
      };
    },
  };
}

/** TransactionDesc: printable characters only, cut to Daraja's 13, never empty. */
function transactionDesc(description: string | undefined): string {
  const clean = (description ?? '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, TRANSACTION_DESC_MAX)
    .trim();
  return clean || 'Payment';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether a failed fetch ran out of time (AbortSignal.timeout), directly or as its cause. */
export function isTimeout(err: unknown): boolean {
  const name = (e: unknown) => (e instanceof Error || e instanceof DOMException ? e.name : undefined);
  return name(err) === 'TimeoutError' || name((err as { cause?: unknown } | null)?.cause) === 'TimeoutError';
}

/** A failed fetch in words: "fetch failed" says nothing, the cause's code (ECONNREFUSED, ENOTFOUND…) does. */
export function describeNetworkError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = networkErrorCode(err);
  return code ? `${message} (${code})` : message;
}

/** The system or TLS code of a failed fetch (ECONNREFUSED, DEPTH_ZERO_SELF_SIGNED_CERT…), if it has one. */
export function networkErrorCode(err: unknown): string | undefined {
  const code = (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}
