import type { Database } from '../../db/client';
import { refreshSearch } from '../search';
import { invalidateCatalogue } from './cache';

/**
 * After an admin's write commits: this instance answers from the database at once (its catalogue
 * cache is dropped, the named products' search entries re-read); other instances follow the
 * triggers' notifications (migrations 0002, 0005, 0006).
 */
export async function catalogueChanged(
  database: Database,
  productIds: readonly string[] = [],
): Promise<void> {
  invalidateCatalogue(database);
  if (productIds.length) await refreshSearch(database, [...productIds]);
}
