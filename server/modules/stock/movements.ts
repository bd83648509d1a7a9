import type { StockMovementKind, StockReason } from '../../../contract/stock-movements';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stockMovements } from '../../db/schema';

/** One change of a variant's stock as its history keeps it (the table: server/db/schema.ts). */
export interface StockMovement {
  variantId: string;
  kind: StockMovementKind;
  /** A person's reason; adjustments only. */
  reason?: StockReason;
  /** Units added (positive) or taken (negative). */
  change: number;
  /** The variant's quantity right after the change. */
  levelAfter: number;
  /** The person who made it; none for sales and releases. */
  actor?: { id: string; name: string } | null;
  orderId?: string | null;
  note?: string;
}

/**
 * Writes movements into the stock history. Call it in the transaction of the change itself, so the
 * history and the stock never disagree: a variant's movements add up to its quantity.
 */
export async function recordStockMovements(tx: Db, movements: readonly StockMovement[]): Promise<void> {
  const rows = movements.filter((m) => m.change !== 0 || m.kind === 'opening');
  if (rows.length === 0) return;
  await tx.insert(stockMovements).values(rows.map(movementRow));
}

/**
 * The row of a movement. Its time is the moment of writing (`clock_timestamp()`, not the
 * transaction's start) and always after the variant's last movement: its writers take the variant's
 * row lock first, so its history reads in the order the levels were reached, even when transactions
 * overlap or the clock ticks coarsely (PGlite's in milliseconds).
 */
export const movementRow = (m: StockMovement) => ({
  variantId: m.variantId,
  kind: m.kind,
  reason: m.reason ?? null,
  change: m.change,
  levelAfter: m.levelAfter,
  actorId: m.actor?.id ?? null,
  actorName: m.actor?.name ?? '',
  orderId: m.orderId ?? null,
  note: m.note ?? '',
  createdAt: sql`greatest(clock_timestamp(), (select max(created_at) + interval '1 microsecond'
    from stock_movements where variant_id = ${m.variantId}))`,
});
