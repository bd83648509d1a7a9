import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, variants } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { CART_HINT, ORDER_HINT, reservationRefusal, variantLabel } from '../../../contract/stock';

// Units are taken off variants.quantity when an order is placed (or a payment retried after they
// went back) and returned when its payment fails or expires. Every step is a conditional update, so
// two shoppers racing for the last unit cannot both get it, and `orders.stock_reserved` flips in
// one statement so units go back exactly once.

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

/**
 * Takes the lines' units off stock, each with `quantity = quantity - n WHERE quantity >= n`; throws
 * OutOfStockError for the first line that does not fit. Call it inside a transaction (or savepoint)
 * so an error undoes the lines already taken. Lines are taken in variant-id order so concurrent
 * checkouts lock rows in the same order and cannot deadlock.
 */
export async function reserveLines(tx: Db, lines: readonly StockLine[], hint = CART_HINT): Promise<void> {
  for (const line of byVariant(lines)) {
    if (!line.variantId) throw new OutOfStockError(line, null, hint);
    const taken = await tx
      .update(variants)
      .set({ quantity: sql`${variants.quantity} - ${line.quantity}` })
      .where(and(eq(variants.id, line.variantId), gte(variants.quantity, line.quantity)))
      .returning({ id: variants.id });
    if (taken.length === 0) {
      const [row] = await tx
        .select({ left: variants.quantity })
        .from(variants)
        .where(eq(variants.id, line.variantId));
      throw new OutOfStockError(line, row ? row.left : null, hint);
    }
  }
}

/** The order's lines as stock sees them. */
export function orderStockLines(tx: Db, orderId: string): Promise<StockLine[]> {
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
 * Re-takes the units of an order whose reservation went back (a retry, or a payment that arrived
 * after expiry). Throws OutOfStockError (and takes nothing) when any line no longer fits.
 */
export async function reserveOrderStock(tx: Db, orderId: string): Promise<void> {
  const lines = await orderStockLines(tx, orderId);
  // A savepoint, so a line that does not fit undoes the lines before it but not the caller's work.
  await tx.transaction(async (sp) => {
    await reserveLines(sp, lines, ORDER_HINT);
    await sp.update(orders).set({ stockReserved: true }).where(eq(orders.id, orderId));
  });
}

/** Returns an order's units to stock if it holds them; a second call (or a concurrent one) does nothing. */
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
    await tx
      .update(variants)
      .set({ quantity: sql`${variants.quantity} + ${line.quantity}` })
      .where(eq(variants.id, line.variantId));
  }
  return true;
}

const byVariant = (lines: readonly StockLine[]) =>
  [...lines].sort((a, b) => ((a.variantId ?? '') < (b.variantId ?? '') ? -1 : 1));
