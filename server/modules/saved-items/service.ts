import { and, desc, eq } from 'drizzle-orm';
import type { SavedItems, SavedItemState } from '../../../contract/saved-items';
import type { Db } from '../../db/client';
import { products, savedItems } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { productsByIds, shownToShoppers } from '../catalogue/service';

/**
 * The user's saved products, newest first, priced now by the catalogue; a hidden or archived one
 * is left out (and comes back if it is shown or restored).
 */
export async function listSavedItems(db: Db, userId: string, now: Date): Promise<SavedItems> {
  const saved = await db
    .select({ productId: savedItems.productId })
    .from(savedItems)
    .where(eq(savedItems.userId, userId))
    .orderBy(desc(savedItems.createdAt), desc(savedItems.productId));
  const { data, linked } = await productsByIds(
    db,
    saved.map((s) => s.productId),
    now,
  );
  return { count: data.length, rows: data, linked };
}

/** Saves a product (again is fine); an unknown product, or one shoppers may not see, is a 404. */
export async function saveItem(db: Db, userId: string, productId: string): Promise<SavedItemState> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), shownToShoppers()));
  if (!product) throw notFound('Product');
  await db.insert(savedItems).values({ userId, productId }).onConflictDoNothing();
  return { productId, saved: true };
}

/** Unsaves a product; one that was not saved is already in the asked-for state. */
export async function unsaveItem(db: Db, userId: string, productId: string): Promise<SavedItemState> {
  await db.delete(savedItems).where(and(eq(savedItems.userId, userId), eq(savedItems.productId, productId)));
  return { productId, saved: false };
}
