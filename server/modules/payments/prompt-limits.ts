import { sql, type SQL } from 'drizzle-orm';
import { unpaidHolds, unpaidOrdersRefusal } from '../../../contract/checkout-rules';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { Config } from '../../lib/http';
import { refused } from '../../lib/errors';
import { hitRateLimits } from '../../lib/rate-limit';

// What stops one shopper holding the shop's stock or flooding a phone with prompts (issue 13 §1): a
// cap on orders holding stock unpaid, and prompts counted per account and per paying phone. Both run
// inside the transaction that opens the attempt, after the shopper's lock, so concurrent checkouts of
// one account are counted one after another and a refused checkout counts nothing.

/** Refuses a new hold when the account already has the allowed number of unpaid orders holding stock. */
type PromptLimits = Pick<
  Config,
  'PROMPTS_PER_PHONE_PER_MINUTE' | 'PROMPTS_PER_PHONE_PER_HOUR' | 'PROMPTS_PER_ACCOUNT_PER_HOUR'
>;

export async function limitUnpaidOrders(
  tx: Db,
  env: Pick<Config, 'CHECKOUT_MAX_UNPAID_ORDERS'>,
  userId: string,
  exceptOrderId?: string,
) {
  const { rows } = (await tx.execute(
    sql`select ${pendingOrdersOf(sql`${userId}::uuid`)} as pending`,
  )) as unknown as {
    rows: { pending: PendingOrder[] }[];
  };
  refuseUnpaid(env, rows[0]!.pending, exceptOrderId);
}

/**
 * The shopper's orders waiting for payment, as a column: checkout reads it with the shopper's lock
 * in one statement, then calls `refuseUnpaid`.
 */
export const pendingOrdersOf = (userId: SQL) =>
  sql<PendingOrder[]>`coalesce((select json_agg(json_build_object('orderId', o.id,
    'paymentStatus', o.payment_status, 'stockReserved', o.stock_reserved))
    from ${orders} o where o.user_id = ${userId} and o.payment_status = 'pending'), '[]')`;

type PendingOrder = Parameters<typeof unpaidHolds>[0][number];

/** A 409 when the account already holds stock with the allowed number of unpaid orders. */
export function refuseUnpaid(
  env: Pick<Config, 'CHECKOUT_MAX_UNPAID_ORDERS'>,
  pending: readonly PendingOrder[],
  exceptOrderId?: string,
) {
  if (unpaidHolds(pending, exceptOrderId) >= env.CHECKOUT_MAX_UNPAID_ORDERS)
    throw refused(unpaidOrdersRefusal(env.CHECKOUT_MAX_UNPAID_ORDERS));
}

/**
 * Counts one prompt for the account and for the phone (one statement); a 429 with Retry-After past
 * any allowance. Inside the transaction that opens the attempt, which a 429 rolls back.
 */
export async function countPrompt(tx: Db, env: PromptLimits, userId: string, phone: string, now: Date) {
  const toPhone = 'Too many M-Pesa prompts were sent to this phone number.';
  await hitRateLimits(
    tx,
    [
      {
        scope: 'prompts-phone-minute',
        subject: phone,
        limit: env.PROMPTS_PER_PHONE_PER_MINUTE,
        windowSeconds: 60,
        message: toPhone,
      },
      {
        scope: 'prompts-phone-hour',
        subject: phone,
        limit: env.PROMPTS_PER_PHONE_PER_HOUR,
        windowSeconds: 3600,
        message: toPhone,
      },
      {
        scope: 'prompts-account',
        subject: userId,
        limit: env.PROMPTS_PER_ACCOUNT_PER_HOUR,
        windowSeconds: 3600,
        message: 'Too many payment requests from this account.',
      },
    ],
    now,
  );
}
