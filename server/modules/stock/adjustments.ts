import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type {
  StockAdjusted,
  StockAdjustmentBody,
  StockHistory,
  StockMovementView,
  StockVariant,
} from '../../../contract/admin-stock';
import {
  countBelowHeldMessage,
  countedChange,
  stockAdjustedSummary,
  stockHeldMessage,
  type StockReason,
} from '../../../contract/stock-movements';
import type { Db } from '../../db/client';
import { orderItems, orders, products, stockMovements, variants } from '../../db/schema';
import type { AuthUser } from '../../lib/auth/middleware';
import { AppError, notFound } from '../../lib/errors';
import { recordActivity } from '../activity';
import { movementRow } from './movements';

// A person's change of a variant's stock, and the history that explains every unit of it.

type Actor = Pick<AuthUser, 'id' | 'name' | 'email'>;

/**
 * Units of the variant that orders hold: `unpaid` ones (off the quantity on sale, still on the
 * shelf) or `paid` ones (sold).
 */
export async function unitsHeldBy(db: Db, variantId: string, held: 'unpaid' | 'paid'): Promise<number> {
  const [row] = await db
    .select({ held: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.variantId, variantId),
        eq(orders.stockReserved, true),
        held === 'paid' ? eq(orders.paymentStatus, 'paid') : ne(orders.paymentStatus, 'paid'),
      ),
    );
  return row?.held ?? 0;
}

/** The variant with its product, or null; `lock` takes its row for the transaction. */
async function findVariant(tx: Db, variantId: string, lock = false) {
  const query = tx
    .select({
      variantId: variants.id,
      productId: products.id,
      pid: products.pid,
      name: products.name,
      variantName: variants.name,
      quantity: variants.quantity,
      archived: sql<boolean>`${variants.archivedAt} is not null`,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, variantId));
  const [row] = await (lock ? query.for('update', { of: variants }) : query);
  return row ?? null;
}

const noVariant = () => notFound('Variant');

/**
 * Adds `change` to a variant's stock (or, for a stock count, the difference the count makes) with ONE
 * conditional update, so two people adjusting at once both count; refuses with 409 `stock_held`
 * what would take it below nothing, naming the units held by unpaid orders. Records the movement and
 * the product's activity entry in the same transaction. An archived variant is a 404: restore it first.
 */
export async function adjustStock(
  db: Db,
  actor: Actor,
  variantId: string,
  body: StockAdjustmentBody,
): Promise<StockAdjusted> {
  return db.transaction(async (tx) => {
    const reason = body.reason as StockReason;
    const note = body.note?.trim() ?? '';
    let change: number;
    let held: number;
    if (body.countedTo !== undefined) {
      // A count is absolute: the row is held while the difference is worked out and written.
      const locked = await findVariant(tx, variantId, true);
      if (!locked || locked.archived) throw noVariant();
      held = await unitsHeldBy(tx, variantId, 'unpaid');
      const counted = countedChange(body.countedTo, locked.quantity, held);
      if (counted === null) throw new AppError(409, 'stock_held', countBelowHeldMessage(held));
      change = counted;
    } else {
      change = body.change!;
      held = await unitsHeldBy(tx, variantId, 'unpaid');
    }
    const [row] = await tx
      .update(variants)
      .set({ quantity: sql`${variants.quantity} + ${change}` })
      .where(
        and(
          eq(variants.id, variantId),
          isNull(variants.archivedAt),
          sql`${variants.quantity} + ${change} >= 0`,
        ),
      )
      .returning({ level: variants.quantity });
    const variant = await findVariant(tx, variantId);
    if (!variant || variant.archived) throw noVariant();
    if (!row) throw new AppError(409, 'stock_held', stockHeldMessage(variant.quantity, held));

    const actorName = actor.name || actor.email;
    const [movement] = await tx
      .insert(stockMovements)
      .values(
        movementRow({
          variantId,
          kind: 'adjustment',
          reason,
          change,
          levelAfter: row.level,
          actor: { id: actor.id, name: actorName },
          note,
        }),
      )
      .returning();
    const summary = stockAdjustedSummary(variant.variantName, change, reason, row.level);
    await recordActivity(tx, actor, {
      entity: 'product',
      entityId: variant.productId,
      action: 'stock_adjusted',
      summary: note ? `${summary}: ${note}` : summary,
    });
    return {
      movement: movementView({ ...movement!, orderNumber: null }),
      variant: variantView(variant, held),
    };
  });
}

const variantView = (
  v: NonNullable<Awaited<ReturnType<typeof findVariant>>>,
  held: number,
): StockVariant => ({
  variantId: v.variantId,
  productId: v.productId,
  pid: v.pid,
  name: v.name,
  variantName: v.variantName,
  quantity: v.quantity,
  held,
});

const movementView = (
  m: typeof stockMovements.$inferSelect & { orderNumber: number | null },
): StockMovementView => ({
  movementId: m.id,
  variantId: m.variantId,
  kind: m.kind,
  reason: m.reason,
  change: m.change,
  levelAfter: m.levelAfter,
  actorName: m.actorName,
  orderId: m.orderId,
  orderNumber: m.orderNumber,
  note: m.note,
  at: m.createdAt.toISOString(),
});

/** A variant's stock now and its history, newest first; archived variants keep theirs. 404 if unknown. */
export async function stockHistory(
  db: Db,
  variantId: string,
  page: { limit: number; offset: number },
): Promise<StockHistory> {
  // One query after the other: a transaction has one connection (pg 9 refuses overlapping queries).
  return db.transaction(async (tx) => {
    const variant = await findVariant(tx, variantId);
    if (!variant) throw noVariant();
    const held = await unitsHeldBy(tx, variantId, 'unpaid');
    const rows = await tx
      .select({ m: stockMovements, orderNumber: orders.number })
      .from(stockMovements)
      .leftJoin(orders, eq(orders.id, stockMovements.orderId))
      .where(eq(stockMovements.variantId, variantId))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await tx
      .select({ n: count() })
      .from(stockMovements)
      .where(eq(stockMovements.variantId, variantId));
    return {
      variant: variantView(variant, held),
      data: rows.map((r) => movementView({ ...r.m, orderNumber: r.orderNumber })),
      meta: { total: total?.n ?? 0, limit: page.limit, offset: page.offset },
    };
  });
}
