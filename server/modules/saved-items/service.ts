import { and, desc, eq } from 'drizzle-orm';
import type { SavedItems, SavedItemState } from '../../../contract/saved-items';
import { snapshotOf } from '../../../contract/saved-news';
import type { Db } from '../../db/client';
import { savedItems } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { productsByIds } from '../catalogue';

/**
 * The user's saved products, newest first, priced now by the catalogue, with what each was like when
 * it was saved; a hidden or archived one is left out (and comes back if it is shown or restored).
 */
export async function listSavedItems(db: Db, userId: string, now: Date): Promise<SavedItems> {
  const saved = await db
    .select({
      productId: savedItems.productId,
      createdAt: savedItems.createdAt,
      priceThen: savedItems.priceThen,
      inStockThen: savedItems.inStockThen,
    })
    .from(savedItems)
    .where(eq(savedItems.userId, userId))
    .orderBy(desc(savedItems.createdAt), desc(savedItems.productId));
  const { data, linked } = await productsByIds(
    db,
    saved.map((s) => s.productId),
    now,
  );
  const byId = new Map(saved.map((s) => [s.productId, s]));
  const snapshots = data.map(({ productId }) => {
    const s = byId.get(productId)!;
    return {
      productId,
      savedAt: s.createdAt.toISOString(),
      priceThen: s.priceThen,
      inStockThen: s.inStockThen,
    };
  });
  return { count: data.length, rows: data, linked, saved: snapshots };
}

/**
 * Saves a product with its card's price and stock now (the catalogue's own pricing, discounts
 * included), so the list can say what changed since. Saving again keeps the first snapshot: the
 * news compares with what the shopper saw when they chose to keep it. An unknown product, or one
 * shoppers may not see, is a 404.
 */
export async function saveItem(
  db: Db,
  userId: string,
  productId: string,
  now: Date,
): Promise<SavedItemState> {
  const { data } = await productsByIds(db, [productId], now);
  const product = data[0];
  if (!product) throw notFound('Product');
  await db
    .insert(savedItems)
    .values({ userId, productId, ...snapshotOf(product.variants) })
    .onConflictDoNothing();
  return { productId, saved: true };
}

/** Unsaves a product; one that was not saved is already in the asked-for state. */
export async function unsaveItem(db: Db, userId: string, productId: string): Promise<SavedItemState> {
  await db.delete(savedItems).where(and(eq(savedItems.userId, userId), eq(savedItems.productId, productId)));
  return { productId, saved: false };
}
