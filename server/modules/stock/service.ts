import { and, asc, eq, inArray, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discounts, orderDiscounts, orderItems, orders, stockMovements, variants } from '../../db/schema';
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
  constructor(
    readonly line: StockLine,
    /** The units the variant had left (null: it is no longer sold). */
    readonly left: number | null,
    hint: string,
  ) {
    const { status, code, message, details } = reservationRefusal(
      variantLabel(line.name, line.variantName),
      left,
      hint,
    );
    super(status, code, message, undefined, undefined, details);
  }
}

/** A variant's quantity right after an order took its units. */
export interface LevelAfter {
  variantId: string;
  levelAfter: number;
}

/**
 * Takes an order's units and discount uses in ONE statement: each variant's `quantity - n` where n
 * are left, the sale in the stock history, and one use of each discount that applies at `usesAt`
 * (null: whatever its schedule) and has a use left, taken only once every line was. Rows are
 * locked variants first, then discounts, each in id order, as every other writer locks them, so
 * none deadlock. In a flash sale hundreds of checkouts queue on one variant row, whose lock is held
 * from here to the commit: one round trip instead of one per line, per discount and for the history.
 * Throws OutOfStockError for the first line (in variant order) that did not fit, else OfferEndedError
 * for the first discount (in id order) with no use to give: call it inside a transaction (or
 * savepoint), which the error undoes whole.
 */
export async function takeOrderStock(
  tx: Db,
  o: {
    orderId: string;
    lines: readonly StockLine[];
    uses: readonly OrderDiscount[];
    /** When the discounts must apply (active, started, not ended); null: a use left is enough. */
    usesAt: Date | null;
    hint?: string;
    refusal?: (name: string) => Refusal;
  },
): Promise<LevelAfter[]> {
  const hint = o.hint ?? CART_HINT;
  const wanted = new Map<string, { line: StockLine; quantity: number }>();
  for (const line of byVariant(o.lines)) {
    if (!line.variantId) throw new OutOfStockError(line, null, hint);
    const same = wanted.get(line.variantId);
    wanted.set(line.variantId, { line: same?.line ?? line, quantity: (same?.quantity ?? 0) + line.quantity });
  }
  const want = [...wanted].map(([id, w]) => ({ id, quantity: w.quantity }));
  const uses = [...new Map(o.uses.map((d) => [d.discountId, d])).values()].sort((a, b) =>
    a.discountId < b.discountId ? -1 : 1,
  );
  const at = o.usesAt?.toISOString();
  const applies =
    at === undefined
      ? sql`true`
      : sql`d.active and d.starts_at <= ${at}::timestamptz and (d.ends_at is null or d.ends_at > ${at}::timestamptz)`;
  const result = await tx.execute(sql`
    with want as (
      select * from jsonb_to_recordset(${JSON.stringify(want)}::jsonb) as w(id uuid, quantity int)
    ), locked as (
      select v.id from ${variants} v where v.id in (select id from want) order by v.id for no key update
    ), took as (
      update ${variants} v set quantity = v.quantity - w.quantity
      from want w
      where v.id = w.id and v.id in (select id from locked) and v.quantity >= w.quantity
      returning v.id, w.quantity, v.quantity as level_after
    ), sold as (
      insert into ${stockMovements} (variant_id, kind, change, level_after, order_id, created_at)
      select t.id, 'sale', -t.quantity, t.level_after, ${o.orderId}::uuid,
        greatest(clock_timestamp(), (select max(m.created_at) + interval '1 microsecond'
          from ${stockMovements} m where m.variant_id = t.id))
      from took t
    ), held as (
      select d.id from ${discounts} d
      where d.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(uses.map((d) => d.discountId))}::jsonb))
        and (select count(*) from took) = ${want.length}
      order by d.id for no key update
    ), used as (
      update ${discounts} d set redemptions = d.redemptions + 1
      where d.id in (select id from held) and ${applies}
        and (d.usage_limit is null or d.redemptions < d.usage_limit)
      returning d.id
    )
    select (select coalesce(json_agg(json_build_object('variantId', id, 'levelAfter', level_after)), '[]')
        from took) as took,
      (select coalesce(json_agg(id), '[]') from used) as used`);
  const [row] = (result as unknown as { rows: { took: LevelAfter[]; used: string[] }[] }).rows;
  const took = new Set(row!.took.map((t) => t.variantId));
  const short = [...wanted].find(([id]) => !took.has(id));
  if (short) {
    const [left] = await tx
      .select({ left: variants.quantity })
      .from(variants)
      .where(eq(variants.id, short[0]));
    throw new OutOfStockError(short[1].line, left ? left.left : null, hint);
  }
  const used = new Set(row!.used);
  const none = uses.find((d) => !used.has(d.discountId));
  if (none) throw new OfferEndedError((o.refusal ?? offerEnded)(none.name), none.discountId);
  return row!.took;
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
    await takeOrderStock(sp, {
      orderId,
      lines,
      uses: used,
      // Money already paid at a price the shop offered needs only a use left under the total limit.
      usesAt: mode.kind === 'retry' ? mode.now : null,
      hint: ORDER_HINT,
      refusal: offerEndedForOrder,
    });
    if (mode.kind === 'retry') await checkShopperLimits(sp, orderId);
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
