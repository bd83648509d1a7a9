import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discounts, orderDiscounts, orderItems, orders, variants } from '../../db/schema';
import { recordStockMovements } from './movements';
import { AppError } from '../../lib/errors';
import { offerEnded, offerEndedForOrder } from '../../../contract/discounts';
import { shopperLimitRefusal } from '../../../contract/promo';
import {
  CART_HINT,
  ORDER_HINT,
  reservationRefusal,
  variantLabel,
  type Refusal,
} from '../../../contract/stock';

// Units are taken off variants.quantity when an order is placed (or a payment retried after they
// went back) and returned when its payment fails or expires (or an admin cancels it). Every step is
// a conditional update, so two shoppers racing for the last unit cannot both get it, and
// `orders.stock_reserved` flips in one statement so units go back exactly once.
//
// The uses of limited discounts travel with the units: an order holds one use of each discount that
// priced it (its `order_discounts` rows) exactly while it holds its units, so `discounts.redemptions`
// counts the orders holding a use and never passes `usage_limit`. Taken with the units, given back
// with them (same flip), re-taken with them. Locks: variants first, then discounts, in id order.
// A promo code is a discount like the others here: its use is an order_discounts row, so a failed,
// expired or cancelled order gives it back exactly once, and "used by you" counts the shopper's
// orders holding it (heldUses).

export interface StockLine {
  variantId: string | null;
  quantity: number;
  name: string;
  variantName: string;
}

/** Thrown when a line cannot be reserved; names the product so the shopper knows what to change. */
export class OutOfStockError extends AppError {
  constructor(line: StockLine, left: number | null, hint: string) {
    const { status, code, message } = reservationRefusal(
      variantLabel(line.name, line.variantName),
      left,
      hint,
    );
    super(status, code, message);
  }
}

/** Units a line took off a variant, and the variant's level after: what its sale records. */
export interface TakenUnits {
  variantId: string;
  quantity: number;
  levelAfter: number;
}

/**
 * Takes the lines' units off stock, each with `quantity = quantity - n WHERE quantity >= n`; throws
 * OutOfStockError for the first line that does not fit. Call it inside a transaction (or savepoint)
 * so an error undoes the lines already taken. Lines are taken in variant-id order so concurrent
 * checkouts lock rows in the same order and cannot deadlock. Answers what each line took, for
 * recordSale once the order exists.
 */
export async function reserveLines(
  tx: Db,
  lines: readonly StockLine[],
  hint = CART_HINT,
): Promise<TakenUnits[]> {
  const taken: TakenUnits[] = [];
  for (const line of byVariant(lines)) {
    if (!line.variantId) throw new OutOfStockError(line, null, hint);
    const [row] = await tx
      .update(variants)
      .set({ quantity: sql`${variants.quantity} - ${line.quantity}` })
      .where(and(eq(variants.id, line.variantId), gte(variants.quantity, line.quantity)))
      .returning({ level: variants.quantity });
    if (!row) {
      const [left] = await tx
        .select({ left: variants.quantity })
        .from(variants)
        .where(eq(variants.id, line.variantId));
      throw new OutOfStockError(line, left ? left.left : null, hint);
    }
    taken.push({ variantId: line.variantId, quantity: line.quantity, levelAfter: row.level });
  }
  return taken;
}

/** Writes the order's sale into the stock history: one movement per line reserveLines took. */
export function recordSale(tx: Db, orderId: string, taken: readonly TakenUnits[]): Promise<void> {
  return recordStockMovements(
    tx,
    taken.map((t) => ({
      variantId: t.variantId,
      kind: 'sale',
      change: -t.quantity,
      levelAfter: t.levelAfter,
      orderId,
    })),
  );
}

/** Thrown when a discount that priced an order cannot give it a use: ended, paused or used up. */
export class OfferEndedError extends AppError {
  constructor(
    refusal: Refusal,
    /** The discount that had no use to give, when one was being taken. */
    readonly discountId: string | null = null,
  ) {
    super(refusal.status, refusal.code, refusal.message);
  }
}

/** A discount an order's price used. */
export interface OrderDiscount {
  discountId: string;
  name: string;
}

/**
 * Takes one use of each discount with ONE conditional update per discount (`redemptions + 1` only
 * while it applies at `now` and has a use left); throws OfferEndedError for the first that cannot,
 * so a concurrent checkout that took the last use, or a pause or end meanwhile, stops this one. Call
 * it inside the transaction that writes the order, after reserveLines (the lock order).
 */
export async function takeDiscountUses(
  tx: Db,
  used: readonly OrderDiscount[],
  now: Date,
  refusal: (name: string) => Refusal = offerEnded,
): Promise<void> {
  const byId = [...new Map(used.map((d) => [d.discountId, d])).values()].sort((a, b) =>
    a.discountId < b.discountId ? -1 : 1,
  );
  for (const d of byId) {
    const taken = await tx
      .update(discounts)
      .set({ redemptions: sql`${discounts.redemptions} + 1` })
      .where(
        and(
          eq(discounts.id, d.discountId),
          eq(discounts.active, true),
          lte(discounts.startsAt, now),
          or(isNull(discounts.endsAt), gt(discounts.endsAt, now)),
          sql`(${discounts.usageLimit} is null or ${discounts.redemptions} < ${discounts.usageLimit})`,
        ),
      )
      .returning({ id: discounts.id });
    if (taken.length === 0) throw new OfferEndedError(refusal(d.name), d.discountId);
  }
}

/** The discounts an order's price used (whether or not it holds their uses now). */
function orderDiscountsOf(tx: Db, orderId: string): Promise<OrderDiscount[]> {
  return tx
    .select({ discountId: discounts.id, name: discounts.name })
    .from(orderDiscounts)
    .innerJoin(discounts, eq(discounts.id, orderDiscounts.discountId))
    .where(eq(orderDiscounts.orderId, orderId))
    .orderBy(asc(discounts.id));
}

/** The order's lines as stock sees them. */
function orderStockLines(tx: Db, orderId: string): Promise<StockLine[]> {
  return tx
    .select({
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
      name: orderItems.name,
      variantName: orderItems.variantName,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

/**
 * How re-taking an order's discount uses is judged: `retry` (a new prompt at the order's frozen
 * prices) needs each discount still applying at `now`, and a code's limit per shopper (the caller
 * holds the shopper's lock); `late_payment` (money already paid at a price the shop offered) needs
 * only a use left under the total limit.
 */
export type RetakeMode = { kind: 'retry'; now: Date } | { kind: 'late_payment' };

/**
 * Re-takes the units of an order whose reservation went back (a retry, or a payment that arrived
 * after expiry), and the uses of the discounts that priced it. Throws OutOfStockError or
 * OfferEndedError (and takes nothing) when any line no longer fits or a use cannot be had.
 */
export async function reserveOrderStock(tx: Db, orderId: string, mode: RetakeMode): Promise<void> {
  const lines = await orderStockLines(tx, orderId);
  const used = await orderDiscountsOf(tx, orderId);
  // A savepoint, so a line that does not fit undoes the lines before it but not the caller's work.
  await tx.transaction(async (sp) => {
    await recordSale(sp, orderId, await reserveLines(sp, lines, ORDER_HINT));
    if (mode.kind === 'retry') {
      await takeDiscountUses(sp, used, mode.now, offerEndedForOrder);
      await checkShopperLimits(sp, orderId);
    } else await retakeWithinLimit(sp, used);
    await sp.update(orders).set({ stockReserved: true }).where(eq(orders.id, orderId));
  });
}

/**
 * How many of the shopper's orders hold a use of the discount now (pending or paid, not given
 * back), leaving out `exceptOrderId`: what a code's limit per shopper counts. `userId` may be a
 * column of an outer query.
 */
export function heldUses(
  userId: SQLWrapper | string,
  discountId: SQLWrapper,
  exceptOrderId?: string,
): SQL<number> {
  return sql<number>`(select count(*) from ${orderDiscounts} od join ${orders} o on o.id = od.order_id
    where od.discount_id = ${discountId} and o.user_id = ${userId} and o.stock_reserved
    ${exceptOrderId === undefined ? sql`` : sql`and o.id <> ${exceptOrderId}`})`.mapWith(Number);
}

/**
 * A retried order whose code the shopper has meanwhile used up on other orders (its use went back
 * when the payment failed, and a new order took it): 409, nothing taken. The caller holds the
 * shopper's lock, as checkout does, so the count cannot move under it.
 */
async function checkShopperLimits(tx: Db, orderId: string): Promise<void> {
  const [over] = await tx
    .select({ code: discounts.code })
    .from(orderDiscounts)
    .innerJoin(discounts, eq(discounts.id, orderDiscounts.discountId))
    .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
    .where(
      and(
        eq(orderDiscounts.orderId, orderId),
        isNotNull(discounts.code),
        isNotNull(discounts.perShopperLimit),
        sql`${heldUses(orders.userId, discounts.id, orderId)} >= ${discounts.perShopperLimit}`,
      ),
    )
    .limit(1);
  if (over?.code) throw new OfferEndedError(shopperLimitRefusal(over.code));
}

/** One use of each discount while a use is left, whatever its schedule; OfferEndedError if not. */
async function retakeWithinLimit(tx: Db, used: readonly OrderDiscount[]): Promise<void> {
  for (const d of used) {
    const taken = await tx
      .update(discounts)
      .set({ redemptions: sql`${discounts.redemptions} + 1` })
      .where(
        and(
          eq(discounts.id, d.discountId),
          sql`(${discounts.usageLimit} is null or ${discounts.redemptions} < ${discounts.usageLimit})`,
        ),
      )
      .returning({ id: discounts.id });
    if (taken.length === 0) throw new OfferEndedError(offerEndedForOrder(d.name));
  }
}

/**
 * Returns an order's units to stock, and its discount uses to their discounts, if it holds them; a
 * second call (or a concurrent one) does nothing. Every way an order lets go of its units calls it:
 * a failed or expired payment, an admin's cancel.
 */
export async function releaseOrderStock(tx: Db, orderId: string): Promise<boolean> {
  const released = await tx
    .update(orders)
    .set({ stockReserved: false })
    .where(and(eq(orders.id, orderId), eq(orders.stockReserved, true)))
    .returning({ id: orders.id });
  if (released.length === 0) return false;
  for (const line of byVariant(await orderStockLines(tx, orderId))) {
    // A variant deleted since the sale has nowhere to go back to.
    if (!line.variantId) continue;
    const [row] = await tx
      .update(variants)
      .set({ quantity: sql`${variants.quantity} + ${line.quantity}` })
      .where(eq(variants.id, line.variantId))
      .returning({ level: variants.quantity });
    if (row)
      await recordStockMovements(tx, [
        { variantId: line.variantId, kind: 'release', change: line.quantity, levelAfter: row.level, orderId },
      ]);
  }
  await tx
    .update(discounts)
    .set({ redemptions: sql`greatest(${discounts.redemptions} - 1, 0)` })
    .where(
      inArray(
        discounts.id,
        tx
          .select({ id: orderDiscounts.discountId })
          .from(orderDiscounts)
          .where(eq(orderDiscounts.orderId, orderId)),
      ),
    );
  return true;
}

const byVariant = (lines: readonly StockLine[]) =>
  [...lines].sort((a, b) => ((a.variantId ?? '') < (b.variantId ?? '') ? -1 : 1));
