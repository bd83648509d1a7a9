import { randomBytes } from 'node:crypto';
import type { Logger } from '../lib/logger';
import { sameSecret } from '../lib/secrets';

// Development and tests only: a stand-in for Africa's Talking's SMS API (POST /version1/messaging and
// the delivery reports it posts back), as strict as the real one about what it takes and failing the
// way it fails: a phone ending in 09 is reported undeliverable, and while the balance switch is on
// (SMS_SIMULATOR_BALANCE_EMPTY, or POST /api/dev/africastalking/balance) every send is answered 405
// InsufficientBalance. Its state lives in this process's memory on purpose: it plays an external
// service. With several API instances, point AT_BASE_URL of all of them at one instance.

type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface SmsSimulatorOptions {
  username: string;
  apiKey: string;
  /** Where delivery reports go (Africa's Talking takes it from the app's settings). */
  callbackUrl: string;
  /** How long until the delivery report is posted (SMS_SIMULATOR_DELAY_MS). */
  delayMs: number;
  /** Starts with an empty balance (SMS_SIMULATOR_BALANCE_EMPTY). */
  balanceEmpty?: boolean;
  /** Delivers reports; tests may route them in memory. */
  fetch?: FetchLike;
  logger?: Logger;
}

/** An answer as the gateway gives it: JSON on success, plain text for a refused request. */
type SmsSimulatorAnswer =
  { status: 201; json: Record<string, unknown> } | { status: 400 | 401; text: string };

export interface SmsSimulator {
  /** POST /version1/messaging with the `apiKey` header and the raw form body. */
  messaging(apiKey: string | undefined, body: string): SmsSimulatorAnswer;
  /** Whether sends are answered InsufficientBalance. */
  balanceEmpty(): boolean;
  setBalanceEmpty(empty: boolean): void;
  /** Resolves when no report is waiting or being delivered. */
  settled(): Promise<void>;
  /** Cancels the waiting reports and forgets everything. */
  close(): Promise<void>;
}

const PHONE = /^\+254[17]\d{8}$/;
const COST = 'KES 0.8000';
const live = new Set<SmsSimulator>();

/** Closes every simulator still open (for shutdown and test teardown). */
export async function closeSmsSimulators() {
  await Promise.all([...live].map((s) => s.close()));
}

export function createSmsSimulator(options: SmsSimulatorOptions): SmsSimulator {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  let empty = options.balanceEmpty ?? false;
  const timers = new Set<NodeJS.Timeout>();
  const inflight = new Set<Promise<void>>();
  const closing = new AbortController();

  function report(id: string, phone: string) {
    const undeliverable = phone.endsWith('09');
    const form = new URLSearchParams({
      id,
      status: undeliverable ? 'Failed' : 'Success',
      phoneNumber: phone,
      networkCode: '63902',
      retryCount: '0',
      ...(undeliverable ? { failureReason: 'DeliveryFailure' } : {}),
    });
    const timer = setTimeout(() => {
      timers.delete(timer);
      const task = fetchImpl(options.callbackUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(10_000)]),
      })
        .then((res) => {
          if (!res.ok) options.logger?.warn('sms simulator: delivery report refused', { status: res.status });
        })
        .catch((err: unknown) => {
          if (!closing.signal.aborted)
            options.logger?.warn('sms simulator: delivery report not delivered', { error: String(err) });
        })
        .finally(() => inflight.delete(task));
      inflight.add(task);
    }, options.delayMs);
    timers.add(timer);
  }

  const simulator: SmsSimulator = {
    messaging(apiKey, body) {
      const form = new URLSearchParams(body);
      if (!sameSecret(apiKey ?? '', options.apiKey) || form.get('username') !== options.username)
        return { status: 401, text: 'The supplied authentication is invalid' };
      for (const field of ['username', 'to', 'message'])
        if (!form.get(field))
          return { status: 400, text: `Request is missing required form field '${field}'` };
      const recipients = form
        .get('to')!
        .split(',')
        .map((to) => to.trim())
        .map((number) => {
          if (!PHONE.test(number))
            return { statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' };
          if (empty)
            return { statusCode: 405, number, status: 'InsufficientBalance', cost: '0', messageId: 'None' };
          const messageId = `ATXid_${randomBytes(16).toString('hex')}`;
          report(messageId, number);
          return { statusCode: 101, number, status: 'Success', cost: COST, messageId };
        });
      const sent = recipients.filter((r) => r.statusCode === 101).length;
      return {
        status: 201,
        json: {
          SMSMessageData: {
            Message: `Sent to ${sent}/${recipients.length} Total Cost: KES ${(sent * 0.8).toFixed(4)}`,
            Recipients: recipients,
          },
        },
      };
    },
    balanceEmpty: () => empty,
    setBalanceEmpty(value) {
      empty = value;
    },
    async settled() {
      while (timers.size || inflight.size) {
        if (inflight.size) await Promise.allSettled([...inflight]);
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async close() {
      live.delete(simulator);
      closing.abort();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...inflight]);
    },
  };
  live.add(simulator);
  return simulator;
}
