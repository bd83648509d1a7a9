import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { AttributeName } from './catalogue';
import type { Db } from '../client';

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
