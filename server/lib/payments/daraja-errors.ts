import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../errors';

/**
 * What went wrong talking to Daraja, in terms the caller can act on:
 * - `prompt_open`: the phone already has an M-Pesa prompt (or USSD session) in progress;
 * - `invalid_phone`: the number cannot receive a prompt;
 * - `invalid_amount`: not a whole number of shillings in M-Pesa's range;
 * - `invalid_request`: Daraja refused a field we sent (our bug or an unknown CheckoutRequestID);
 * - `auth`: our credentials, shortcode, till, account type or passkey are wrong (configuration, not
 *   the shopper): Daraja refused who we said is paid, or how;
 * - `unavailable`: Daraja could not be reached or failed on its side;
 * - `timeout`: Daraja did not answer within MPESA_TIMEOUT_MS (an STK push may still have gone out);
 * - `unexpected`: Daraja answered with something we do not understand.
 */
export type DarajaErrorKind =
  | 'prompt_open'
  | 'invalid_phone'
  | 'invalid_amount'
  | 'invalid_request'
  | 'auth'
  | 'unavailable'
  | 'timeout'
  | 'unexpected';

interface KindInfo {
  status: ContentfulStatusCode;
  retryable: boolean;
  message: string;
}

// Messages are for shoppers: they never name Daraja internals, and say whether trying again helps.
const KINDS: Record<DarajaErrorKind, KindInfo> = {
  prompt_open: {
    status: 409,
    retryable: true,
    message: 'There is already an M-Pesa prompt on your phone. Complete or cancel it, then try again.',
  },
  invalid_phone: {
    status: 400,
    retryable: false,
    message: 'That phone number cannot receive M-Pesa payments. Use a Safaricom number such as 0712 345 678.',
  },
  invalid_amount: {
    status: 400,
    retryable: false,
    message: 'M-Pesa cannot take this amount in one payment.',
  },
  invalid_request: {
    status: 502,
    retryable: false,
    message: 'We could not start the M-Pesa payment. Please try again later.',
  },
  auth: {
    status: 502,
    retryable: false,
    message: 'M-Pesa payments are unavailable right now. Please try again later.',
  },
  unavailable: {
    status: 503,
    retryable: true,
    message: 'We could not reach M-Pesa. Please try again in a moment.',
  },
  timeout: {
    status: 504,
    retryable: true,
    message: 'M-Pesa is taking too long to answer. Please try again in a moment.',
  },
  unexpected: {
    status: 502,
    retryable: true,
    message: 'M-Pesa gave an answer we did not expect. Please try again in a moment.',
  },
};

export interface DarajaErrorDetails {
  /** Daraja's errorCode (e.g. `500.001.1001`) or ResponseCode, for logs. */
  rawCode?: string;
  /** Daraja's errorMessage, or what failed locally, for logs (never shown to shoppers). */
  rawMessage?: string;
  httpStatus?: number;
  requestId?: string;
  cause?: unknown;
}

/**
 * A failed Daraja call. `message` is safe to show a shopper; `retryable` says whether the same call
 * may succeed later; `rawCode` / `rawMessage` are for the log. Thrown from a route it becomes the
 * usual error envelope (code `mpesa_<kind>`).
 */
export class DarajaError extends AppError {
  readonly kind: DarajaErrorKind;
  readonly retryable: boolean;
  readonly rawCode?: string;
  readonly rawMessage?: string;
  readonly httpStatus?: number;
  readonly requestId?: string;

  constructor(kind: DarajaErrorKind, details: DarajaErrorDetails = {}, message?: string) {
    const info = KINDS[kind];
    super(info.status, `mpesa_${kind}`, message ?? info.message);
    this.name = 'DarajaError';
    this.kind = kind;
    this.retryable = info.retryable;
    this.rawCode = details.rawCode;
    this.rawMessage = details.rawMessage;
    this.httpStatus = details.httpStatus;
    this.requestId = details.requestId;
    if (details.cause !== undefined) this.cause = details.cause;
  }

  /** The fields worth a log line; nothing secret is ever stored on the error. */
  toLog(): Record<string, unknown> {
    return {
      kind: this.kind,
      retryable: this.retryable,
      rawCode: this.rawCode,
      rawMessage: this.rawMessage,
      httpStatus: this.httpStatus,
      requestId: this.requestId,
    };
  }
}

/** Daraja's error body, `{ requestId, errorCode, errorMessage }` (OAuth sometimes says resultCode / resultDesc). */
export interface DarajaErrorBody {
  requestId?: string;
  errorCode?: string;
  errorMessage?: string;
}

/** Reads Daraja's error fields from any parsed body. */
export function darajaErrorBody(body: unknown): DarajaErrorBody {
  if (!body || typeof body !== 'object') return {};
  const o = body as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  return {
    requestId: text(o.requestId),
    errorCode: text(o.errorCode) ?? text(o.resultCode),
    errorMessage: text(o.errorMessage) ?? text(o.resultDesc),
  };
}

/** Daraja's code for both "a prompt is already open" and several unrelated server errors. */
const DARAJA_BUSY_CODE = '500.001.1001';

/** Whether an error body means the shopper's phone already has a transaction in progress. */
const isPromptOpen = (e: DarajaErrorBody) =>
  e.errorCode === DARAJA_BUSY_CODE &&
  /lock subscriber|already in process|in progress/i.test(e.errorMessage ?? '');

/** Whether an STK query error body means "no result yet". */
export const isStillProcessing = (e: DarajaErrorBody) =>
  e.errorCode === DARAJA_BUSY_CODE && /being processed/i.test(e.errorMessage ?? '');

/** Whether Daraja refused the paid account: the BusinessShortCode, PartyB or TransactionType. */
const isAccountRefusal = (e: DarajaErrorBody) =>
  /invalid(businessshortcode|partyb|transactiontype)\b/.test(
    (e.errorMessage ?? '').replace(/\s+/g, '').toLowerCase(),
  );

/** Turns a non-2xx Daraja answer into a DarajaError. */
export function darajaErrorFromResponse(httpStatus: number, body: unknown): DarajaError {
  const e = darajaErrorBody(body);
  const details = { rawCode: e.errorCode, rawMessage: e.errorMessage, httpStatus, requestId: e.requestId };
  const message = e.errorMessage ?? '';
  // 500.001.1001 carries several meanings, so the message decides.
  if (isPromptOpen(e)) return new DarajaError('prompt_open', details);
  if (
    /wrong credentials|merchant does not exist|invalid (access token|authentication|credentials)|initiator/i.test(
      message,
    )
  ) {
    return new DarajaError('auth', details);
  }
  if (
    httpStatus === 401 ||
    httpStatus === 403 ||
    e.errorCode?.startsWith('400.008') ||
    e.errorCode?.startsWith('404.001.0')
  ) {
    return new DarajaError('auth', details);
  }
  // "Bad Request - Invalid PhoneNumber", "Invalid Phone Number", "Invalid PartyA"…
  const compact = message.replace(/\s+/g, '').toLowerCase();
  // Who is paid and how come from MPESA_ACCOUNT_TYPE, MPESA_SHORTCODE and MPESA_TILL_NUMBER, so a
  // refusal of them is our configuration, never the shopper's doing.
  if (isAccountRefusal(e)) return new DarajaError('auth', details);
  if (/invalid(phonenumber|partya|msisdn)/.test(compact)) return new DarajaError('invalid_phone', details);
  if (compact.includes('invalidamount')) return new DarajaError('invalid_amount', details);
  if (httpStatus === 429 || httpStatus >= 500) return new DarajaError('unavailable', details);
  if (httpStatus >= 400) return new DarajaError('invalid_request', details);
  return new DarajaError('unexpected', details);
}
