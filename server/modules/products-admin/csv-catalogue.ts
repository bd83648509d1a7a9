import { asc, inArray, isNull, and, sql } from 'drizzle-orm';
import type { CatalogueSnapshot, CsvAttribute, SnapshotProduct } from '../../../contract/catalogue-csv';
import type { Db } from '../../db/client';
import {
  attributes,
  attributeValues,
  categories,
  productCategories,
  products,
  variantAttributeValues,
  variants,
} from '../../db/schema';
import { group } from './list';

// The catalogue as the CSV import plans against it and the export writes it: products with their
// categories and active variants (with attributes by name), read in a fixed number of queries.

export interface CsvCatalogueProduct extends SnapshotProduct {
  archived: boolean;
}

/**
 * The products with these ids or pids, with their category ids and active variants in position order.
 * `lock` takes the products' and their variants' rows for update (a confirmation's re-plan), so
 * nothing changes them between the plan and its writes.
 */
export async function readCsvProducts(
  tx: Db,
  by: { ids: readonly string[] } | { pids: readonly string[] },
  lock = false,
): Promise<CsvCatalogueProduct[]> {
  const keys = 'ids' in by ? by.ids : by.pids.map((p) => p.toUpperCase());
  if (keys.length === 0) return [];
  const base = tx
    .select({
      id: products.id,
      pid: products.pid,
      name: products.name,
      description: products.description,
      hidden: products.hidden,
      archivedAt: products.archivedAt,
    })
    .from(products)
    .where('ids' in by ? inArray(products.id, [...keys]) : inArray(sql`upper(${products.pid})`, [...keys]))
    .orderBy(asc(products.id));
  const rows = lock ? await base.for('update') : await base;
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  // One query after the other: a transaction has one connection.
  const links = await tx
    .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
    .from(productCategories)
    .innerJoin(categories, sql`${categories.id} = ${productCategories.categoryId}`)
    .where(inArray(productCategories.productId, ids))
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
  const variantQuery = tx
    .select({
      id: variants.id,
      productId: variants.productId,
      name: variants.name,
      price: variants.price,
      quantity: variants.quantity,
      available: variants.available,
    })
    .from(variants)
    .where(and(inArray(variants.productId, ids), isNull(variants.archivedAt)))
    .orderBy(asc(variants.productId), asc(variants.position), asc(variants.id));
  const variantRows = lock ? await variantQuery.for('update') : await variantQuery;
  const values = variantRows.length
    ? await tx
        .select({
          variantId: variantAttributeValues.variantId,
          attribute: attributes.name,
          value: attributeValues.value,
        })
        .from(variantAttributeValues)
        .innerJoin(attributeValues, sql`${attributeValues.id} = ${variantAttributeValues.attributeValueId}`)
        .innerJoin(attributes, sql`${attributes.id} = ${attributeValues.attributeId}`)
        .where(
          inArray(
            variantAttributeValues.variantId,
            variantRows.map((v) => v.id),
          ),
        )
        .orderBy(asc(attributes.name))
    : [];
  const categoriesOf = group(links, (l) => l.productId);
  const variantsOf = group(variantRows, (v) => v.productId);
  const valuesOf = group(values, (v) => v.variantId);
  return rows.map((p) => ({
    id: p.id,
    pid: p.pid,
    name: p.name,
    description: p.description,
    hidden: p.hidden,
    archived: p.archivedAt !== null,
    categoryIds: (categoriesOf.get(p.id) ?? []).map((l) => l.categoryId),
    variants: (variantsOf.get(p.id) ?? []).map((v) => ({
      id: v.id,
      name: v.name,
      price: v.price,
      quantity: v.quantity,
      available: v.available,
      attributes: (valuesOf.get(v.id) ?? []).map(({ attribute, value }): CsvAttribute => ({
        attribute,
        value,
      })),
    })),
  }));
}

/** Every category and attribute (with its values): what a file's names are matched against. */
export async function readTaxonomy(tx: Db): Promise<Omit<CatalogueSnapshot, 'products'>> {
  const cats = await tx
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  const attrs = await tx
    .select({ id: attributes.id, name: attributes.name })
    .from(attributes)
    .orderBy(asc(attributes.name));
  const vals = await tx
    .select({
      id: attributeValues.id,
      attributeId: attributeValues.attributeId,
      value: attributeValues.value,
    })
    .from(attributeValues)
    .orderBy(asc(attributeValues.value));
  const valuesOf = group(vals, (v) => v.attributeId);
  return {
    categories: cats,
    attributes: attrs.map((a) => ({
      id: a.id,
      name: a.name,
      values: (valuesOf.get(a.id) ?? []).map((v) => ({ id: v.id, value: v.value })),
    })),
  };
}
