import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { AttributeName } from './catalogue';
import type { Db } from '../client';
import type { stockMovements, variants } from '../schema';

// Shared by the sample catalogue (index.ts), the sample orders and the large catalogue, which index.ts loads.

/** A variant's display name from its attribute values, e.g. `250 g, Ground`. */
export const variantName = (attrs: Partial<Record<AttributeName, string>>) => Object.values(attrs).join(', ');

/** Multi-row inserts of at most `size` rows each. */
export async function insertBatches<T extends PgTable>(
  db: Db,
  table: T,
  rows: PgInsertValue<T>[],
  size: number,
) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size));
  }
}

/**
 * Each variant's opening movement, its stock on the day it was created: its history starts there
 * (migration 0017 did the same for the variants it found; a seed after it must write its own).
 */
export const openingMovements = (
  rows: readonly PgInsertValue<typeof variants>[],
): PgInsertValue<typeof stockMovements>[] =>
  rows.map((v) => ({
    variantId: v.id!,
    kind: 'opening' as const,
    change: v.quantity ?? 0,
    levelAfter: v.quantity ?? 0,
    createdAt: v.createdAt,
  }));
