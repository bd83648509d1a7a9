import { eq, sql } from 'drizzle-orm';
import { type ProductPatch, productPatchActivity } from '../../../contract/admin';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { recordActivity } from '../activity';
import type { Actor } from './save';

// Hiding and archiving: the table's switches, apart from a whole save.

/** Hides or shows, archives or restores; a switch already in the asked-for state changes nothing. */
export async function patchProduct(
  db: Db,
  actor: Actor,
  productId: string,
  patch: ProductPatch,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ hidden: products.hidden, archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!row) throw notFound('Product');
    const set: Partial<typeof products.$inferInsert> = {};
    const now = new Date();
    const hiding = patch.hidden !== undefined && patch.hidden !== row.hidden;
    const archiving = patch.archived !== undefined && patch.archived !== (row.archivedAt !== null);
    if (!hiding && !archiving) return;
    if (hiding) set.hidden = patch.hidden;
    if (archiving) set.archivedAt = patch.archived ? now : null;
    await tx
      .update(products)
      .set({ ...set, version: sql`${products.version} + 1`, updatedAt: now })
      .where(eq(products.id, productId));
    // One write, one entry (entries of one transaction share a time and would tie in the log).
    const entry = productPatchActivity({
      ...(hiding ? { hidden: patch.hidden } : {}),
      ...(archiving ? { archived: patch.archived } : {}),
    });
    await recordActivity(tx, actor, { entity: 'product', entityId: productId, ...entry! });
  });
}
