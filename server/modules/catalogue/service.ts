import {
  and,
  asc,
  count,
  eq,
  exists,
  gt,
  inArray,
  isNull,
  notExists,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  imagePath,
  type Attribute,
  type Category,
  type DiscountSummary,
  type Image,
  type ImageSize,
  type ProductDetail,
  type ProductList,
  type ProductListQuery,
  type ProductSummary,
  type Variant,
  type VariantAttribute,
} from '../../../contract/catalogue';
import type { Db } from '../../db/client';
import {
  attributes,
  attributeValues,
  categories,
  discounts,
  imageFiles,
  images,
  productCategories,
  productImages,
  products,
  variantAttributeValues,
  variants,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { iconPath } from '../../../contract/icons';
import { isDiscountActive, saleInfo, type PricingDiscount } from '../../../contract/pricing';
import { applyingAt, coversProduct, pricingColumns, usable } from './discount-pricing';

const productColumns = {
  productId: products.id,
  pid: products.pid,
  name: products.name,
  description: products.description,
  recipeTips: products.recipeTips,
};
type ProductRow = { productId: string; pid: string; name: string; description: string; recipeTips: string };

const categoryColumns = {
  categoryId: categories.id,
  name: categories.name,
  icon: categories.icon,
  color: categories.color,
  slug: categories.slug,
  // A correlated count is evaluated once per returned category, answered from the
  // (category_id, product_id) index, so it stays cheap for the handful a page refers to. Only what
  // shoppers can see counts: hidden and archived products are left out.
  // Drizzle writes the columns of a one-table select unqualified, so the subquery names its own
  // tables by alias and the outer category in full.
  productCount: sql<number>`(select count(*) from ${productCategories} pc
    join ${products} p on p.id = pc.product_id
    where pc.category_id = ${sql.raw('"categories"."id"')} and not p.hidden and p.archived_at is null)`.mapWith(
    Number,
  ),
};

/** What shoppers may see: a product neither hidden nor archived (the back office sees the rest). */
export const shownToShoppers = () => and(eq(products.hidden, false), isNull(products.archivedAt))!;

/** The product (of the outer query) is in the category: for the shop's list and the admin's alike. */
export const inCategory = (db: Db, categoryId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(productCategories)
      .where(and(eq(productCategories.productId, products.id), eq(productCategories.categoryId, categoryId))),
  );

/** A variant still on the product (not archived by an admin). */
export const activeVariant = () => isNull(variants.archivedAt);

/** A variant a shopper can buy now: on the product, switched on by the admin, and in stock. */
const sellable = () => and(activeVariant(), eq(variants.available, true), gt(variants.quantity, 0))!;

/** One page of the storefront list with every record it refers to, each once. */
export async function listProducts(db: Db, query: ProductListQuery, now: Date): Promise<ProductList> {
  const where = and(...productFilters(db, query));
  // The page and the total are independent; on a pool they run side by side.
  const [page, totals] = await Promise.all([
    pageIds(db, query, where),
    db.select({ total: count() }).from(products).where(where),
  ]);
  // The page query sorts narrow rows (ids only); the wide columns are read for the page alone.
  const { data, linked } = await productsByIds(
    db,
    page.map((p) => p.id),
    now,
  );
  return { data, meta: { total: totals[0]?.total ?? 0, limit: query.limit, offset: query.offset }, linked };
}

/**
 * The given products as lists carry them, in the given order, with every record they refer to once
 * (saved items use it too). An id with no product shoppers may see (deleted, hidden or archived)
 * is left out.
 */
export async function productsByIds(
  db: Db,
  ids: string[],
  now: Date,
): Promise<Pick<ProductList, 'data' | 'linked'>> {
  const [rows, related] = await Promise.all([
    ids.length
      ? db
          .select(productColumns)
          .from(products)
          .where(and(inArray(products.id, ids), shownToShoppers()))
      : [],
    loadRelated(db, ids, now),
  ]);
  const byId = new Map(rows.map((r) => [r.productId, r]));
  // A product deleted (or hidden) between the two reads, or never shown, is left out rather than
  // failing the page.
  const data = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row, related)] : [];
  });
  const linked: ProductList['linked'] = { categories: {}, images: {}, attributes: {}, discounts: {} };
  for (const p of data) {
    for (const id of p.categoryIds) addLinked(linked.categories, id, related.categories);
    for (const id of p.imageIds) addLinked(linked.images, id, related.images);
    for (const id of p.discountIds) addLinked(linked.discounts, id, related.discounts);
    for (const v of p.variants)
      for (const a of v.attributes) addLinked(linked.attributes, a.attributeId, related.attributes);
  }
  return { data, linked };
}

/** One product with its categories, images, active discounts and the attributes its variants use. */
export async function getProduct(db: Db, productId: string, now: Date): Promise<ProductDetail> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, productId), shownToShoppers()));
  if (!row) throw notFound('Product');
  const related = await loadRelated(db, [productId], now);
  const summary = toSummary(row, related);
  const attributeIds = [...new Set(summary.variants.flatMap((v) => v.attributes.map((a) => a.attributeId)))];
  return {
    ...summary,
    categories: pick(summary.categoryIds, related.categories),
    images: pick(summary.imageIds, related.images),
    discounts: pick(summary.discountIds, related.discounts),
    attributes: pick(attributeIds, related.attributes),
  };
}

/** Every category in display order, with how many products it holds. */
export async function listCategories(db: Db): Promise<{ count: number; rows: Category[] }> {
  const rows = await db
    .select(categoryColumns)
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
  return { count: rows.length, rows: rows.map(withIconPath) };
}

/**
 * The first moment after `now` at which some switched-on discount starts or ends, so sale prices
 * computed at `now` may change; null when none is scheduled. Discounts not on any product count
 * too: one query over the small discounts table beats working out which products they touch.
 */
export async function nextPriceChange(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({
      // least() skips nulls; epoch milliseconds so both drivers hand back a plain number.
      ms: sql<number | null>`(extract(epoch from least(
        min(${discounts.startsAt}) filter (where ${discounts.startsAt} > ${now}),
        min(${discounts.endsAt}) filter (where ${discounts.endsAt} > ${now})
      )) * 1000)::float8`,
    })
    .from(discounts)
    .where(usable());
  // Up to the next whole millisecond: the database keeps microseconds, a Date does not.
  return row?.ms == null ? null : new Date(Math.ceil(Number(row.ms)));
}

/** The units in stock of these variants now (a variant that no longer exists is absent). */
export async function variantQuantities(db: Db, variantIds: string[]): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({ id: variants.id, quantity: variants.quantity })
    .from(variants)
    .where(inArray(variants.id, variantIds));
  return new Map(rows.map((r) => [r.id, r.quantity]));
}

export interface ImageFileMeta {
  contentType: string;
  etag: string;
}

/** The content type and validator of a stored rendition, without reading its bytes. */
export async function findImageFileMeta(
  db: Db,
  imageId: string,
  size: ImageSize,
): Promise<ImageFileMeta | undefined> {
  const [row] = await db
    .select({ contentType: imageFiles.contentType, etag: imageFiles.etag })
    .from(imageFiles)
    .where(and(eq(imageFiles.imageId, imageId), eq(imageFiles.size, size)));
  return row;
}

/** A stored rendition with its bytes. */
export async function findImageFile(
  db: Db,
  imageId: string,
  size: ImageSize,
): Promise<(ImageFileMeta & { bytes: Uint8Array }) | undefined> {
  const [row] = await db
    .select({ contentType: imageFiles.contentType, etag: imageFiles.etag, bytes: imageFiles.bytes })
    .from(imageFiles)
    .where(and(eq(imageFiles.imageId, imageId), eq(imageFiles.size, size)));
  return row;
}

function productFilters(db: Db, query: ProductListQuery): SQL[] {
  const filters: SQL[] = [shownToShoppers()];
  if (query.categoryId) {
    filters.push(inCategory(db, query.categoryId));
  }
  if (query.category) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(productCategories)
          .innerJoin(categories, eq(categories.id, productCategories.categoryId))
          .where(and(eq(productCategories.productId, products.id), eq(categories.slug, query.category))),
      ),
    );
  }
  if (query.inStock) {
    const inStock = db
      .select({ one: sql`1` })
      .from(variants)
      .where(and(eq(variants.productId, products.id), sellable()));
    filters.push(query.inStock === 'true' ? exists(inStock) : notExists(inStock));
  }
  return filters;
}

/**
 * The ids of one page, in order. Every order ends on the id so pages never overlap or skip when
 * sort keys tie.
 */
function pageIds(db: Db, query: ProductListQuery, where: SQL | undefined) {
  const page = db.select({ id: products.id }).from(products).$dynamic();
  switch (query.sort) {
    case 'newest':
      // `nulls last` matches products_created_at_idx exactly, so the page is read off the index.
      page.orderBy(sql`${products.createdAt} desc nulls last`, asc(products.id));
      break;
    case 'name':
      page.orderBy(sql`lower(${products.name})`, asc(products.id));
      break;
    case 'price_asc':
    case 'price_desc': {
      // The card price is the first variant's (lowest position, id breaking ties). One pass
      // over variants with DISTINCT ON costs far less than a subquery per product.
      const first = db
        .selectDistinctOn([variants.productId], { productId: variants.productId, price: variants.price })
        .from(variants)
        .where(activeVariant())
        .orderBy(asc(variants.productId), asc(variants.position), asc(variants.id))
        .as('first_variant');
      const direction = query.sort === 'price_asc' ? sql`asc` : sql`desc`;
      page
        .leftJoin(first, eq(first.productId, products.id))
        .orderBy(sql`${first.price} ${direction} nulls last`, asc(products.id));
      break;
    }
  }
  return page.where(where).limit(query.limit).offset(query.offset);
}

interface Related {
  variants: Map<string, Variant[]>;
  categoryIds: Map<string, string[]>;
  imageIds: Map<string, string[]>;
  discountIds: Map<string, string[]>;
  categories: Map<string, Category>;
  images: Map<string, Image>;
  attributes: Map<string, Attribute>;
  discounts: Map<string, DiscountSummary>;
}

/**
 * Everything the given products refer to, in a fixed number of queries whatever their number
 * (no query per product): variants with their attribute values, category links and categories,
 * images, attributes and the discounts active at `now`.
 */
async function loadRelated(db: Db, productIds: string[], now: Date): Promise<Related> {
  const related: Related = {
    variants: new Map(),
    categoryIds: new Map(),
    imageIds: new Map(),
    discountIds: new Map(),
    categories: new Map(),
    images: new Map(),
    attributes: new Map(),
    discounts: new Map(),
  };
  if (productIds.length === 0) return related;
  const usedAttributeIds = db
    .select({ id: attributeValues.attributeId })
    .from(variantAttributeValues)
    .innerJoin(attributeValues, eq(attributeValues.id, variantAttributeValues.attributeValueId))
    .innerJoin(variants, eq(variants.id, variantAttributeValues.variantId))
    .where(and(inArray(variants.productId, productIds), activeVariant()));

  const [variantRows, categoryLinks, categoryRows, imageRows, attributeRows, discountRows] =
    await Promise.all([
      db
        .select({
          productId: variants.productId,
          variantId: variants.id,
          name: variants.name,
          price: variants.price,
          quantity: variants.quantity,
          available: variants.available,
          attributeId: attributeValues.attributeId,
          value: attributeValues.value,
        })
        .from(variants)
        .leftJoin(variantAttributeValues, eq(variantAttributeValues.variantId, variants.id))
        .leftJoin(attributeValues, eq(attributeValues.id, variantAttributeValues.attributeValueId))
        .where(and(inArray(variants.productId, productIds), activeVariant()))
        .orderBy(asc(variants.position), asc(variants.id)),
      db
        .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(inArray(productCategories.productId, productIds))
        .orderBy(asc(categories.position), asc(categories.name), asc(categories.id)),
      db
        .select(categoryColumns)
        .from(categories)
        .where(
          inArray(
            categories.id,
            db
              .select({ id: productCategories.categoryId })
              .from(productCategories)
              .where(inArray(productCategories.productId, productIds)),
          ),
        ),
      db
        .select({
          productId: productImages.productId,
          imageId: images.id,
          altText: images.altText,
          width: images.width,
          height: images.height,
        })
        .from(productImages)
        .innerJoin(images, eq(images.id, productImages.imageId))
        .where(inArray(productImages.productId, productIds))
        .orderBy(asc(productImages.position), asc(productImages.imageId)),
      db
        .select({ attributeId: attributes.id, name: attributes.name, value: attributeValues.value })
        .from(attributes)
        .leftJoin(attributeValues, eq(attributeValues.attributeId, attributes.id))
        .where(inArray(attributes.id, usedAttributeIds))
        .orderBy(asc(attributes.name), asc(attributes.id), asc(attributeValues.value)),
      discountsOn(db, productIds, now),
    ]);

  const pricing = new Map<string, PricingDiscount[]>();
  for (const d of discountRows) {
    push(pricing, d.productId, d);
    push(related.discountIds, d.productId, d.discountId);
    related.discounts.set(d.discountId, {
      discountId: d.discountId,
      name: d.name,
      kind: d.kind,
      value: d.value,
      startsAt: d.startsAt.toISOString(),
      endsAt: d.endsAt ? d.endsAt.toISOString() : null,
    });
  }

  const byVariant = new Map<string, Variant>();
  for (const r of variantRows) {
    let variant = byVariant.get(r.variantId);
    if (!variant) {
      variant = {
        variantId: r.variantId,
        name: r.name,
        price: r.price,
        quantity: r.quantity,
        isAvailable: r.available && r.quantity > 0,
        attributes: [],
        saleInfo: saleInfo(r.price, pricing.get(r.productId) ?? [], now),
      };
      byVariant.set(r.variantId, variant);
      push(related.variants, r.productId, variant);
    }
    if (r.attributeId !== null && r.value !== null)
      variant.attributes.push({ attributeId: r.attributeId, value: r.value });
  }

  for (const l of categoryLinks) push(related.categoryIds, l.productId, l.categoryId);
  for (const c of categoryRows) related.categories.set(c.categoryId, withIconPath(c));

  for (const i of imageRows) {
    push(related.imageIds, i.productId, i.imageId);
    related.images.set(i.imageId, toImage(i));
  }

  for (const a of attributeRows) {
    let attribute = related.attributes.get(a.attributeId);
    if (!attribute) {
      attribute = { attributeId: a.attributeId, name: a.name, values: [] };
      related.attributes.set(a.attributeId, attribute);
    }
    if (a.value !== null) attribute.values.push(a.value);
  }
  // Chips read "name: value" in attribute-name order; the names come with the attributes query.
  const attributeKey = (a: VariantAttribute) =>
    `${related.attributes.get(a.attributeId)?.name ?? ''}\u0000${a.attributeId}`;
  for (const v of byVariant.values()) {
    v.attributes.sort((a, b) =>
      attributeKey(a) < attributeKey(b) ? -1 : attributeKey(a) > attributeKey(b) ? 1 : 0,
    );
  }
  return related;
}

function toSummary(row: ProductRow, related: Related): ProductSummary {
  return {
    ...row,
    imageIds: related.imageIds.get(row.productId) ?? [],
    categoryIds: related.categoryIds.get(row.productId) ?? [],
    discountIds: related.discountIds.get(row.productId) ?? [],
    variants: related.variants.get(row.productId) ?? [],
  };
}

/**
 * The discounts that apply at `now` to each of these products, named on the product or on one of
 * its categories (server/modules/discounts/applying.ts, shared with the cart and checkout), oldest
 * start first. The query keeps the rule of isDiscountActive, so expired, scheduled, paused and used-up
 * discounts never leave the database; isDiscountActive stays the authority.
 */
export async function discountsOn(db: Db, productIds: string[], now: Date) {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ productId: products.id, ...pricingColumns })
    .from(products)
    .innerJoin(discounts, coversProduct(products.id))
    .where(and(inArray(products.id, productIds), applyingAt(now)))
    .orderBy(asc(discounts.startsAt), asc(discounts.id));
  return rows.filter((d) => isDiscountActive(d, now));
}

function withIconPath(c: Omit<Category, 'iconPath'>): Category {
  return { ...c, iconPath: iconPath(c.icon) };
}

/** An image row as the API answers it: its three renditions' paths, the card's as `url`. */
export function toImage(row: { imageId: string; altText: string; width: number; height: number }): Image {
  const urls = {
    thumb: imagePath(row.imageId, 'thumb'),
    card: imagePath(row.imageId, 'card'),
    detail: imagePath(row.imageId, 'detail'),
  };
  return {
    imageId: row.imageId,
    url: urls.card,
    altText: row.altText,
    width: row.width,
    height: row.height,
    urls,
  };
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function addLinked<T>(target: Record<string, T>, id: string, source: Map<string, T>) {
  const record = source.get(id);
  if (record && !(id in target)) target[id] = record;
}

function pick<T>(ids: string[], source: Map<string, T>): T[] {
  return ids.flatMap((id) => {
    const record = source.get(id);
    return record ? [record] : [];
  });
}
