import { z } from 'zod';
import type { Env } from '../../env';
import { smsSettings, type SmsSettings } from './config';

// The Africa's Talking SMS API (POST {base}/version1/messaging), the part Sokoni uses: one message to
// one phone, and what its answer means for the outbox. Every way a send can end is an SmsSendResult,
// never a throw, so the worker decides with a switch: accepted (keep the message id), refused (retry
// later or give up, with a reason in plain words), or unknown (no answer: it may have gone out).

/** `fetch` narrowed to what the client uses, so `app.request` or a counting wrapper can stand in. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface SmsClientOptions extends Pick<SmsSettings, 'baseUrl' | 'username' | 'apiKey' | 'senderId'> {
  /** Per request, including reading the answer (default 10 s). */
  timeoutMs?: number;
  fetch?: FetchLike;
}

export type SmsSendResult =
  | { outcome: 'accepted'; messageId: string; statusCode: number; cost: string | null }
  | { outcome: 'refused'; retry: boolean; reason: string; statusCode: number | null }
  | { outcome: 'unknown'; reason: string };

export interface SmsClient {
  /** Sends `message` to `phone` (`2547XXXXXXXX`). */
  send(phone: string, message: string): Promise<SmsSendResult>;
}

/**
 * The per-recipient status codes Africa's Talking answers, and what each means for the message: the
 * 1xx codes are accepted; the rest say why not, and whether another try later may go through (the
 * account's balance topped up, a hold lifted, the gateway back) or never will (the number).
 */
const AT_STATUS_CODES: Record<number, { name: string; retry: boolean; reason: string }> = {
  100: { name: 'Processed', retry: false, reason: 'accepted' },
  101: { name: 'Sent', retry: false, reason: 'accepted' },
  102: { name: 'Queued', retry: false, reason: 'accepted' },
  401: { name: 'RiskHold', retry: true, reason: "the Africa's Talking account is on hold" },
  402: {
    name: 'InvalidSenderId',
    retry: true,
    reason: 'the sender id (AT_SENDER_ID) is not approved for this account',
  },
  403: { name: 'InvalidPhoneNumber', retry: false, reason: 'the phone number cannot receive SMS' },
  404: {
    name: 'UnsupportedNumberType',
    retry: false,
    reason: 'the phone number is of a type SMS cannot reach',
  },
  405: {
    name: 'InsufficientBalance',
    retry: true,
    reason: "the Africa's Talking account has no balance left (top it up)",
  },
  406: { name: 'UserInBlacklist', retry: false, reason: 'the phone has blocked messages from this sender' },
  407: {
    name: 'CouldNotRoute',
    retry: true,
    reason: 'the gateway could not route the message to the network',
  },
  409: { name: 'DoNotDisturbRejection', retry: false, reason: 'the phone has asked not to be disturbed' },
  500: { name: 'InternalServerError', retry: true, reason: 'the gateway failed on its side' },
  501: { name: 'GatewayError', retry: true, reason: 'the gateway failed on its side' },
  502: { name: 'RejectedByGateway', retry: true, reason: 'the mobile network refused the message for now' },
};

const Recipient = z.object({
  statusCode: z.coerce.number().int(),
  status: z.string().default(''),
  number: z.string().default(''),
  messageId: z.string().default(''),
  cost: z.string().nullish(),
});

const MessagingAnswer = z.object({
  SMSMessageData: z.object({
    Message: z.string().default(''),
    Recipients: z.array(Recipient).default([]),
  }),
});

/** The client for the configured gateway (the simulator outside production unless told otherwise). */
export function createSmsClientFromEnv(env: Env, extra: Pick<SmsClientOptions, 'fetch'> = {}) {
  return createSmsClient({ ...smsSettings(env), ...extra });
}

export function createSmsClient(options: SmsClientOptions): SmsClient {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/version1/messaging`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fetchImpl: FetchLike = options.fetch ?? ((u, init) => fetch(u, init));

  return {
    async send(phone, message) {
      const form = new URLSearchParams({ username: options.username, to: `+${phone}`, message });
      if (options.senderId) form.set('from', options.senderId);
      let res: Response;
      let text: string;
      try {
        res = await fetchImpl(url, {
          method: 'POST',
          headers: {
            apiKey: options.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await res.text();
      } catch (err) {
        return failedToAsk(err, timeoutMs);
      }
      if (res.status === 401 || res.status === 403) {
        return refused(
          true,
          `the gateway refused our credentials (AT_USERNAME, AT_API_KEY): ${brief(text)}`,
          null,
        );
      }
      // A 504 is a proxy that gave up waiting: the gateway may have taken the message.
      if (res.status === 504)
        return { outcome: 'unknown', reason: 'the gateway timed out answering (HTTP 504)' };
      if (res.status >= 500) return refused(true, `the gateway is unavailable (HTTP ${res.status})`, null);
      if (res.status >= 400) return refused(false, `the gateway refused the request: ${brief(text)}`, null);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return {
          outcome: 'unknown',
          reason: `the gateway answered something that is not JSON: ${brief(text)}`,
        };
      }
      const parsed = MessagingAnswer.safeParse(json);
      if (!parsed.success)
        return { outcome: 'unknown', reason: 'the gateway answered in a shape we do not know' };
      const { Message, Recipients } = parsed.data.SMSMessageData;
      const recipient = Recipients[0];
      // No recipient: the whole request was refused, and the Message says why (e.g. "InvalidSenderId").
      if (!recipient) {
        const known = Object.entries(AT_STATUS_CODES).find(([, c]) => c.name === Message);
        return known
          ? refused(known[1].retry, known[1].reason, Number(known[0]))
          : refused(true, `the gateway sent it to nobody: ${brief(Message)}`, null);
      }
      const code = AT_STATUS_CODES[recipient.statusCode];
      if (recipient.statusCode >= 100 && recipient.statusCode < 200) {
        if (!recipient.messageId || recipient.messageId === 'None')
          return { outcome: 'unknown', reason: 'the gateway accepted the message without an id' };
        return {
          outcome: 'accepted',
          messageId: recipient.messageId,
          statusCode: recipient.statusCode,
          cost: recipient.cost ?? null,
        };
      }
      if (code) return refused(code.retry, code.reason, recipient.statusCode);
      return refused(
        recipient.statusCode >= 500,
        `the gateway refused it: ${recipient.statusCode} ${brief(recipient.status)}`,
        recipient.statusCode,
      );
    },
  };
}

const refused = (retry: boolean, reason: string, statusCode: number | null): SmsSendResult => ({
  outcome: 'refused',
  retry,
  reason,
  statusCode,
});

/**
 * A request that got no answer. Refused connections and unknown hosts never reached the gateway:
 * nothing went out, try again later. Anything else (the timeout, a connection cut mid-way) may have
 * been sent: its outcome is unknown.
 */
function failedToAsk(err: unknown, timeoutMs: number): SmsSendResult {
  const e = err as { name?: string; message?: string; cause?: { code?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return { outcome: 'unknown', reason: `no answer from the gateway within ${timeoutMs} ms` };
  const code = e.cause?.code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return refused(true, `the gateway could not be reached (${code})`, null);
  return { outcome: 'unknown', reason: `the connection to the gateway failed: ${e.message ?? String(err)}` };
}

const brief = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);
