import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, productCategories, productImages, products, variants } from '../../db/schema';
import type { SearchDocument } from './engine';

/*
 * Reads products as the search index sees them. One statement for any number of products, with
 * the categories and images aggregated in the database so a full build is a single round trip.
 * Orders follow the catalogue module: categories by position, name, id; images by position, id.
 */

// Drizzle writes columns unqualified when a select has one table, and an unqualified "id" inside
// these subqueries would mean the inner table's id: so the outer product is named in full, and
// the inner tables by alias.
const productId = sql.raw('"products"."id"');

const categoriesOf = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.position, c.name, c.id)
  from ${productCategories} pc join ${categories} c on c.id = pc.category_id
  where pc.product_id = ${productId}), '[]'::json)`;

const imageIdsOf = sql<string[]>`coalesce((
  select json_agg(pi.image_id order by pi.position, pi.image_id)
  from ${productImages} pi where pi.product_id = ${productId}), '[]'::json)`;

// As the catalogue's isAvailable: a variant still on the product, switched on and in stock.
const inStock = sql<boolean>`exists(
  select 1 from ${variants} v where v.product_id = ${productId}
    and v.archived_at is null and v.available and v.quantity > 0)`;

// Hidden and archived products are never indexed: a refresh that no longer finds one removes it.
const shownToShoppers = sql`not ${products.hidden} and ${products.archivedAt} is null`;

function select(db: Db) {
  return db
    .select({
      id: products.id,
      pid: products.pid,
      name: products.name,
      description: products.description,
      categories: categoriesOf,
      imageIds: imageIdsOf,
      available: inStock,
    })
    .from(products);
}

/** Every product shoppers may see, for a full build. */
export async function loadAllSearchDocuments(db: Db): Promise<SearchDocument[]> {
  return (await select(db).where(shownToShoppers)).map(normalise);
}

/** These products as they are now; ids that no longer exist, or are hidden or archived, are absent. */
export async function loadSearchDocuments(db: Db, productIds: string[]): Promise<SearchDocument[]> {
  if (!productIds.length) return [];
  return (await select(db).where(and(inArray(products.id, productIds), shownToShoppers))).map(normalise);
}

/** The products of these categories (a renamed category changes what its products match). */
export async function productIdsInCategories(db: Db, categoryIds: string[]): Promise<string[]> {
  if (!categoryIds.length) return [];
  const rows = await db
    .selectDistinct({ id: productCategories.productId })
    .from(productCategories)
    .where(inArray(productCategories.categoryId, categoryIds));
  return rows.map((r) => r.id);
}

// node-postgres and PGlite both parse json columns; the driver types `exists` as a boolean too, but
// be strict about it so a driver change cannot mark everything available.
function normalise(row: SearchDocument): SearchDocument {
  return {
    ...row,
    categories: typeof row.categories === 'string' ? JSON.parse(row.categories) : row.categories,
    imageIds: typeof row.imageIds === 'string' ? JSON.parse(row.imageIds) : row.imageIds,
    available: row.available === true,
  };
}
