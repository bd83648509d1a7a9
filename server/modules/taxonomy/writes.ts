import { inArray, sql } from 'drizzle-orm';
import type { Issue } from '../../../contract/common';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import type { AuthUser } from '../../lib/auth/middleware';
import { recordActivity } from '../activity';

// What the category and attribute writes share: one writer at a time per kind, the product
// bookkeeping when a write reaches into products, and making this instance fresh after a commit.

export type Actor = Pick<AuthUser, 'id' | 'name' | 'email'>;

/**
 * Serialises the writes of one kind (`categories`, `attributes`) across every instance: names are
 * unique regardless of letter case, slugs and positions are computed from what exists, and none of
 * that holds if two admins' writes interleave. Admin writes are rare; waiting costs nothing.
 */
export async function lockTaxonomy(tx: Db, kind: 'categories' | 'attributes'): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sokoni:taxonomy:${kind}`}))`);
}

/**
 * Products whose categories or variant attributes a write changed behind their editors' backs: their
 * version moves on (so a form opened before answers 409 instead of restoring what was removed) and
 * their own history says why.
 */
export async function touchProducts(
  tx: Db,
  actor: Actor,
  productIds: readonly string[],
  summary: string,
): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .update(products)
    .set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(inArray(products.id, [...productIds]));
  await recordActivity(
    tx,
    actor,
    productIds.map((entityId) => ({ entity: 'product', entityId, action: 'updated', summary })),
  );
}

/** A 400 exactly like the schema's own, for a rule the schema cannot check (a real icon, a known id). */
export const invalidBody = (issues: Issue[]) => invalid('json', issues);
export const invalidQuery = (issues: Issue[]) => invalid('query', issues);

/** 409 for a name another record of the kind has, in any letter case. */
export const duplicateName = (message: string) => new AppError(409, 'duplicate_name', message);

/** 409 `in_use`: the change would take values from products; the message says how many. */
export const inUse = (message: string) => new AppError(409, 'in_use', message);

export { plural, quotedList } from '../../../contract/admin';

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
