import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminProductList,
  AdminProductQuery,
  AdminProductRow,
  ProductStatus,
} from '../../../contract/admin';
import { imagePath } from '../../../contract/catalogue';
import { saleInfo } from '../../../contract/pricing';
import type { Db } from '../../db/client';
import { categories, productCategories, productImages, products, variants } from '../../db/schema';
import { discountsOn, inCategory } from '../catalogue';
import { likeAnywhere } from '../../lib/like';

// The back office's manage-products table: every product, hidden and archived ones included.

export const statusOf = (p: { hidden: boolean; archivedAt: Date | null }): ProductStatus =>
  p.archivedAt ? 'archived' : p.hidden ? 'hidden' : 'visible';

/** One page of the manage-products table: the page's ids in SQL, then its columns for the page alone. */
export async function listAdminProducts(
  db: Db,
  query: AdminProductQuery,
  now: Date,
): Promise<AdminProductList> {
  const where = and(...adminFilters(db, query));
  const [page, totals] = await Promise.all([
    adminPageIds(db, query, where),
    db.select({ total: count() }).from(products).where(where),
  ]);
  const data = await adminRows(
    db,
    page.map((p) => p.id),
    now,
  );
  return { data, meta: { total: totals[0]?.total ?? 0, limit: query.limit, offset: query.offset } };
}

/** Every product id the table's filters select, in its sort (the CSV export: the list without paging). */
export async function adminProductIds(db: Db, query: ListFilters): Promise<string[]> {
  const rows = await orderedIds(db, query, and(...adminFilters(db, query)));
  return rows.map((r) => r.id);
}

type ListFilters = Pick<AdminProductQuery, 'q' | 'categoryId' | 'status' | 'sort'>;

function adminFilters(db: Db, query: ListFilters): SQL[] {
  const filters: SQL[] = [];
  switch (query.status) {
    case undefined:
      filters.push(isNull(products.archivedAt));
      break;
    case 'visible':
      filters.push(isNull(products.archivedAt), eq(products.hidden, false));
      break;
    case 'hidden':
      filters.push(isNull(products.archivedAt), eq(products.hidden, true));
      break;
    case 'archived':
      filters.push(isNotNull(products.archivedAt));
      break;
  }
  if (query.q) {
    const pattern = likeAnywhere(query.q);
    filters.push(or(ilike(products.name, pattern), ilike(products.pid, pattern))!);
  }
  if (query.categoryId) {
    filters.push(inCategory(db, query.categoryId));
  }
  return filters;
}

/** The ids of one page, in order; every order ends on the id so pages never overlap when keys tie. */
function adminPageIds(db: Db, query: AdminProductQuery, where: SQL | undefined) {
  return orderedIds(db, query, where).limit(query.limit).offset(query.offset);
}

/** The ids the filters select, in the sort's order, unpaged. */
function orderedIds(db: Db, query: ListFilters, where: SQL | undefined) {
  const page = db.select({ id: products.id }).from(products).$dynamic();
  switch (query.sort) {
    case 'updated':
      page.orderBy(desc(products.updatedAt), asc(products.id));
      break;
    case 'newest':
      page.orderBy(sql`${products.createdAt} desc nulls last`, asc(products.id));
      break;
    case 'name':
      page.orderBy(sql`lower(${products.name})`, asc(products.id));
      break;
    case 'price_asc':
    case 'price_desc':
    case 'stock': {
      // One aggregate pass over the active variants beats a subquery per product.
      const totals = db
        .select({
          productId: variants.productId,
          minPrice: sql<number>`min(${variants.price})`.as('min_price'),
          stock: sql<number>`sum(${variants.quantity})`.as('stock'),
        })
        .from(variants)
        .where(isNull(variants.archivedAt))
        .groupBy(variants.productId)
        .as('variant_totals');
      page.leftJoin(totals, eq(totals.productId, products.id));
      if (query.sort === 'stock') page.orderBy(sql`${totals.stock} asc nulls first`, asc(products.id));
      else {
        const direction = query.sort === 'price_asc' ? sql`asc` : sql`desc`;
        page.orderBy(sql`${totals.minPrice} ${direction} nulls last`, asc(products.id));
      }
      break;
    }
  }
  return page.where(where);
}

/** The table rows of these products, in the given order, in a fixed number of queries. */
async function adminRows(db: Db, ids: string[], now: Date): Promise<AdminProductRow[]> {
  if (ids.length === 0) return [];
  const [rows, totals, links, firstImages, discountRows] = await Promise.all([
    db
      .select({
        productId: products.id,
        pid: products.pid,
        name: products.name,
        hidden: products.hidden,
        archivedAt: products.archivedAt,
        version: products.version,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .where(inArray(products.id, ids)),
    db
      .select({
        productId: variants.productId,
        minPrice: sql<number>`min(${variants.price})`.mapWith(Number),
        maxPrice: sql<number>`max(${variants.price})`.mapWith(Number),
        stock: sql<number>`coalesce(sum(${variants.quantity}), 0)`.mapWith(Number),
        variantCount: count(),
      })
      .from(variants)
      .where(and(inArray(variants.productId, ids), isNull(variants.archivedAt)))
      .groupBy(variants.productId),
    db
      .select({ productId: productCategories.productId, categoryId: categories.id, name: categories.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(productCategories.productId, ids))
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id)),
    db
      .selectDistinctOn([productImages.productId], {
        productId: productImages.productId,
        imageId: productImages.imageId,
      })
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.imageId)),
    discountsOn(db, ids, now),
  ]);
  const totalsOf = new Map(totals.map((t) => [t.productId, t]));
  const imageOf = new Map(firstImages.map((i) => [i.productId, i.imageId]));
  const categoriesOf = group(links, (l) => l.productId);
  const discountsOf = group(discountRows, (d) => d.productId);
  const byId = new Map(rows.map((r) => [r.productId, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const t = totalsOf.get(id);
    const imageId = imageOf.get(id);
    return [
      {
        productId: id,
        pid: row.pid,
        name: row.name,
        thumbUrl: imageId ? imagePath(imageId, 'thumb') : null,
        categories: (categoriesOf.get(id) ?? []).map((c) => ({ categoryId: c.categoryId, name: c.name })),
        minPrice: t?.minPrice ?? 0,
        maxPrice: t?.maxPrice ?? 0,
        totalStock: t?.stock ?? 0,
        variantCount: t?.variantCount ?? 0,
        onSale: t ? saleInfo(t.minPrice, discountsOf.get(id) ?? [], now).onSale : false,
        status: statusOf(row),
        version: row.version,
        updatedAt: row.updatedAt.toISOString(),
      },
    ];
  });
}

export function group<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const list = map.get(key(r));
    if (list) list.push(r);
    else map.set(key(r), [r]);
  }
  return map;
}
