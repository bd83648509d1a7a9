import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { PaymentIssue } from '../../../contract/checkout';
import type { Db } from '../../db/client';
import { paymentAttempts } from '../../db/schema';
import type { Config } from '../../lib/http';
import type { Logger } from '../../lib/logger';
import type { Metrics } from '../../lib/metrics';
import type { DarajaClient } from '../../lib/payments/daraja';
import { DarajaError, type DarajaErrorKind } from '../../lib/payments/daraja-errors';
import { settleAttempt } from './settlement';

// A payment attempt is opened inside the transaction that makes the order pay-able (checkout, or a
// retry), and its M-Pesa prompt is sent only after that transaction commits.

export interface PromptDeps {
  db: Db;
  daraja: DarajaClient;
  logger: Logger;
  /** Counts each prompt by outcome, when metrics are on. */
  metrics?: Pick<Metrics, 'promptSent'>;
  now: () => Date;
}

/** An attempt as the prompt needs it. */
export interface OpenedAttempt {
  id: string;
  phone: string;
  amount: number;
}

/** The M-Pesa account reference of an order (Daraja allows 12 characters). */
const accountReference = (orderNumber: number) => `SKN${orderNumber}`;

// What a prompt that could not be sent means for the shopper. `timeout` is not here: the push may
// have reached Daraja, so that attempt stays open as `unknown` for the callback or the reconciler.
const PUSH_FAILURE: Record<Exclude<DarajaErrorKind, 'timeout'>, PaymentIssue> = {
  prompt_open: 'prompt_open',
  invalid_phone: 'invalid_phone',
  invalid_amount: 'mpesa_unavailable',
  invalid_request: 'mpesa_unavailable',
  auth: 'mpesa_unavailable',
  unavailable: 'mpesa_unavailable',
  unexpected: 'mpesa_unavailable',
};

/**
 * Opens a `pending` attempt for the order (call it in the transaction that makes the order
 * pay-able): the reconciler first asks Daraja about it after PAYMENT_QUERY_DELAY_MS and expires it
 * at PAYMENT_EXPIRY_MS.
 */
export async function openAttempt(
  tx: Db,
  env: AttemptTimes,
  attempt: { orderId: string; phone: string; amount: number },
  now: Date,
): Promise<OpenedAttempt> {
  const opened = { id: randomUUID(), phone: attempt.phone, amount: attempt.amount };
  await attemptWrite(tx, env, { ...opened, orderId: attempt.orderId }, now);
  return opened;
}

type AttemptTimes = Pick<Config, 'PAYMENT_QUERY_DELAY_MS' | 'PAYMENT_EXPIRY_MS'>;

/**
 * The write that opens the attempt, not yet sent: checkout sends it with the order's other writes
 * (`writeTogether`), which is why the attempt's id is chosen here.
 */
export function attemptWrite(
  tx: Db,
  env: AttemptTimes,
  attempt: OpenedAttempt & { orderId: string },
  now: Date,
) {
  return tx.insert(paymentAttempts).values({
    ...attempt,
    nextCheckAt: new Date(now.getTime() + Math.min(env.PAYMENT_QUERY_DELAY_MS, env.PAYMENT_EXPIRY_MS)),
    expiresAt: new Date(now.getTime() + env.PAYMENT_EXPIRY_MS),
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Sends the STK push for an attempt committed as `pending`. Never throws for a Daraja failure:
 * a definite one settles the attempt as failed (the order's units go back), a timeout leaves it
 * open as `unknown` for the callback or the reconciler.
 */
export async function sendPrompt(
  { db, daraja, logger, metrics, now }: PromptDeps,
  attempt: OpenedAttempt,
  orderNumber: number,
): Promise<void> {
  try {
    // The token first: failing to get one means no prompt went out, so that failure is definite,
    // and the push below then only waits on Daraja's answer to the push itself.
    await daraja.accessToken();
  } catch (err) {
    const e = err instanceof DarajaError ? err : new DarajaError('unavailable', { cause: err });
    if (e.kind === 'auth') {
      logger.error(
        'stk push not sent: Daraja refused the app credentials (check MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET)',
        { attemptId: attempt.id, ...e.toLog() },
      );
    } else {
      logger.warn('stk push not sent: no Daraja token', { attemptId: attempt.id, ...e.toLog() });
    }
    metrics?.promptSent('not_sent');
    await settleAttempt(
      db,
      attempt.id,
      { kind: 'failed', issue: 'mpesa_unavailable', resultDesc: e.rawMessage ?? e.message },
      now(),
    );
    return;
  }
  try {
    const pushed = await daraja.stkPush({
      phone: attempt.phone,
      amount: attempt.amount,
      accountReference: accountReference(orderNumber),
      description: 'Sokoni order',
    });
    // Stored even if the attempt was settled meanwhile (an early callback adopted it, or it
    // expired): the id is how a late callback still finds it.
    await db
      .update(paymentAttempts)
      .set({
        checkoutRequestId: pushed.checkoutRequestId,
        merchantRequestId: pushed.merchantRequestId,
        updatedAt: now(),
      })
      .where(and(eq(paymentAttempts.id, attempt.id), isNull(paymentAttempts.checkoutRequestId)));
    metrics?.promptSent('accepted');
  } catch (err) {
    if (err instanceof DarajaError && err.kind !== 'timeout') {
      if (err.kind === 'auth') {
        // No shopper can fix this and every checkout fails the same way until an operator does.
        logger.error(
          'stk push refused: the M-Pesa configuration is wrong (check MPESA_ACCOUNT_TYPE, ' +
            'MPESA_SHORTCODE, MPESA_TILL_NUMBER and MPESA_PASSKEY against the Daraja app)',
          { attemptId: attempt.id, ...err.toLog() },
        );
      } else {
        logger.warn('stk push failed', { attemptId: attempt.id, ...err.toLog() });
      }
      metrics?.promptSent('refused');
      await settleAttempt(
        db,
        attempt.id,
        { kind: 'failed', issue: PUSH_FAILURE[err.kind], resultDesc: err.rawMessage ?? err.message },
        now(),
      );
      return;
    }
    // A timeout (or our own failure after Daraja answered) may have left a prompt on the phone.
    metrics?.promptSent('unknown');
    logger.warn('stk push outcome unknown', {
      attemptId: attempt.id,
      ...(err instanceof DarajaError
        ? err.toLog()
        : { error: err instanceof Error ? err.message : String(err) }),
    });
    await db
      .update(paymentAttempts)
      .set({ status: 'unknown', updatedAt: now() })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')));
  }
}
