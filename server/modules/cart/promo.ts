import { eq, sql } from 'drizzle-orm';
import type { Cart } from '../../../contract/cart';
import {
  applyPromo,
  normalisePromoCode,
  PROMO_GUESSES_MESSAGE,
  type PromoPricing,
  type PromoRecord,
  type PromoShopper,
} from '../../../contract/promo';
import type { Db } from '../../db/client';
import { discounts, orders, products } from '../../db/schema';
import type { Config } from '../../lib/http';
import { checkRateLimit, hitRateLimit, type Limit } from '../../lib/rate-limit';
import { coversProduct, pricingColumns } from '../catalogue';
import { heldUses } from '../stock';

// Promo codes on the server: the discount a typed code names, read in one statement with what the
// check needs (the cart's products it covers, and for a signed-in shopper their paid orders and the
// uses of it they hold), then priced with contract/promo.ts's applyPromo. The cart, the guest quote
// and checkout all price a code this way; only checkout takes a use.

/** What checking a typed code needs besides the cart. */
interface LoadedPromo {
  record: PromoRecord | null;
  /** The cart's products the code's products and categories cover (items scope). */
  covered: ReadonlySet<string>;
  /** Null for a guest. */
  shopper: PromoShopper | null;
}

/** A json column as the driver hands it back (parsed, or its text). */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The discount whose code is `code` (normalised), which of `productIds` it covers, and, for a
 * signed-in shopper, whether they have a paid order and how many of their orders hold a use of it:
 * one statement.
 */
async function loadPromo(
  db: Db,
  code: string,
  productIds: readonly string[],
  userId: string | null,
): Promise<LoadedPromo> {
  const covered = productIds.length
    ? sql<unknown>`(select coalesce(json_agg(p.id), '[]'::json) from ${products} p
        where p.id in ${productIds} and ${coversProduct(sql`p.id`)})`
    : sql<unknown>`'[]'::json`;
  // A guest has no orders: the shopper's columns are constants then.
  const hasPaidOrder = userId
    ? sql<boolean>`exists (select 1 from ${orders} o where o.user_id = ${userId} and o.payment_status = 'paid')`
    : sql<boolean>`false`;
  const [row] = await db
    .select({
      ...pricingColumns,
      code: discounts.code,
      appliesTo: discounts.appliesTo,
      minSubtotal: discounts.minSubtotal,
      firstOrderOnly: discounts.firstOrderOnly,
      perShopperLimit: discounts.perShopperLimit,
      covered,
      hasPaidOrder,
      // Named in full: drizzle leaves columns unqualified in a one-table select, and inside the
      // subquery an unqualified id would bind to the orders' own.
      usesOfCode: userId ? heldUses(userId, sql`discounts.id`) : sql<number>`0`.mapWith(Number),
    })
    .from(discounts)
    .where(eq(discounts.code, normalisePromoCode(code)));
  if (!row?.code) return { record: null, covered: new Set(), shopper: null };
  const { covered: ids, hasPaidOrder: paid, usesOfCode, code: found, ...record } = row;
  return {
    record: { ...record, code: found },
    covered: new Set(json<string[]>(ids)),
    shopper: userId ? { hasPaidOrder: paid === true, usesOfCode: Number(usesOfCode) } : null,
  };
}

/**
 * `cart` priced with the typed `code` (undefined: as it is) for the signed-in shopper `userId`, or
 * for a guest (null), whose per-shopper and first-order checks wait for sign-in.
 */
export async function priceWithPromo(
  db: Db,
  cart: Cart,
  code: string | undefined,
  userId: string | null,
  now: Date,
): Promise<PromoPricing> {
  if (code === undefined) return applyPromo(cart, null, null, () => false, null, now);
  const productIds = [...new Set(cart.Items.map((i) => i.productId))];
  const { record, covered, shopper } = await loadPromo(db, code, productIds, userId);
  return applyPromo(cart, code, record, (line) => covered.has(line.productId), shopper, now);
}

/** Who is typing codes: the account when signed in, and the client's address. */
export interface PromoGuesser {
  userId: string | null;
  ip: string;
}

type GuessLimits = Pick<
  Config,
  'PROMO_WRONG_CODES_PER_ACCOUNT' | 'PROMO_WRONG_CODES_PER_IP' | 'PROMO_WRONG_CODES_WINDOW_SECONDS'
>;

function guessLimits(env: GuessLimits, who: PromoGuesser): Limit[] {
  const windowSeconds = env.PROMO_WRONG_CODES_WINDOW_SECONDS;
  const message = PROMO_GUESSES_MESSAGE;
  const byIp: Limit = {
    scope: 'promo-wrong-ip',
    subject: who.ip,
    limit: env.PROMO_WRONG_CODES_PER_IP,
    windowSeconds,
    message,
  };
  if (!who.userId) return [byIp];
  return [
    {
      scope: 'promo-wrong-account',
      subject: who.userId,
      limit: env.PROMO_WRONG_CODES_PER_ACCOUNT,
      windowSeconds,
      message,
    },
    byIp,
  ];
}

/**
 * Guessing codes: only an unknown code counts, per account and per address. Once either has used
 * its allowance, every code it sends is a 429 with Retry-After before the code is looked up, so the
 * answer tells a guesser nothing about the code. Valid codes never count.
 */
export function promoGuesses(db: Db, env: GuessLimits) {
  return {
    /** Throws the 429 when `who` may not try a code now; counts nothing. */
    async check(who: PromoGuesser, now: Date): Promise<void> {
      for (const limit of guessLimits(env, who)) await checkRateLimit(db, limit, now);
    },
    /** Counts a wrong (unknown) code against `who`. */
    async countWrong(who: PromoGuesser, now: Date): Promise<void> {
      for (const limit of guessLimits(env, who)) await hitRateLimit(db, limit, now);
    },
  };
}

/** Whether pricing refused the code because no discount has it: a wrong guess. */
export const unknownCode = (pricing: PromoPricing) =>
  pricing.cart.promo?.applied === false && pricing.cart.promo.reason === 'unknown';
