import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  type AdminProduct,
  type AdminProductList,
  type AdminProductQuery,
  type AdminProductRow,
  type AdminVariant,
  type ProductInput,
  type ProductPatch,
  type ProductSnapshot,
  type ProductStatus,
  PRODUCT_VERSION_CONFLICT,
  productCreatedSummary,
  productPatchActivity,
  productSaveSummary,
} from '../../../contract/admin';
import { imagePath } from '../../../contract/catalogue';
import type { Issue } from '../../../contract/common';
import { saleInfo } from '../../../contract/pricing';
import type { Db } from '../../db/client';
import {
  attributes,
  attributeValues,
  categories,
  images,
  productCategories,
  productImages,
  products,
  variantAttributeValues,
  variants,
} from '../../db/schema';
import type { AuthUser } from '../../lib/auth/middleware';
import { AppError, invalid, notFound } from '../../lib/errors';
import { sanitizeRecipeTips } from '../../../contract/recipe-tips';
import { recordActivity } from '../activity';
import { discountsOn, inCategory, toImage } from '../catalogue';

/*
 * The back office's products: every product, hidden and archived ones included, and the writes.
 * Each write is one transaction: the product row, its category and image links, its variants with
 * their attribute values, the version and the activity entry commit together or not at all.
 */

type Actor = Pick<AuthUser, 'id' | 'name' | 'email'>;

// ── Reads ────────────────────────────────────────────────────────────────────────────────────────

const statusOf = (p: { hidden: boolean; archivedAt: Date | null }): ProductStatus =>
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

/** `%`, `_` and `\` are LIKE's own: matched as themselves. */
const likeAnywhere = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function adminFilters(db: Db, query: AdminProductQuery): SQL[] {
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
  return page.where(where).limit(query.limit).offset(query.offset);
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

/** One product as the back office edits it, whatever its status; 404 when there is none. */
export async function getAdminProduct(db: Db, productId: string, now: Date): Promise<AdminProduct> {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  if (!row) throw notFound('Product');
  const [categoryRows, imageRows, variantRows, valueRows, discountRows] = await Promise.all([
    db
      .select({ categoryId: productCategories.categoryId })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(productCategories.productId, productId))
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id)),
    db
      .select({ imageId: images.id, altText: images.altText, width: images.width, height: images.height })
      .from(productImages)
      .innerJoin(images, eq(images.id, productImages.imageId))
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.imageId)),
    db
      .select()
      .from(variants)
      .where(eq(variants.productId, productId))
      // The active ones in position order, then the archived ones.
      .orderBy(sql`${variants.archivedAt} is not null`, asc(variants.position), asc(variants.id)),
    db
      .select({
        variantId: variantAttributeValues.variantId,
        attributeId: attributeValues.attributeId,
        value: attributeValues.value,
        name: attributes.name,
      })
      .from(variantAttributeValues)
      .innerJoin(variants, eq(variants.id, variantAttributeValues.variantId))
      .innerJoin(attributeValues, eq(attributeValues.id, variantAttributeValues.attributeValueId))
      .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
      .where(eq(variants.productId, productId))
      .orderBy(asc(attributes.name), asc(attributes.id)),
    discountsOn(db, [productId], now),
  ]);
  const valuesOf = group(valueRows, (v) => v.variantId);
  const productImagesList = imageRows.map(toImage);
  return {
    productId: row.id,
    pid: row.pid,
    name: row.name,
    description: row.description,
    recipeTips: row.recipeTips,
    categoryIds: categoryRows.map((c) => c.categoryId),
    imageIds: productImagesList.map((i) => i.imageId),
    images: productImagesList,
    variants: variantRows.map((v): AdminVariant => ({
      variantId: v.id,
      name: v.name,
      price: v.price,
      quantity: v.quantity,
      // The admin's switch, so the form sends back what it shows (stock is shown beside it).
      isAvailable: v.available,
      attributes: (valuesOf.get(v.id) ?? []).map((a) => ({ attributeId: a.attributeId, value: a.value })),
      saleInfo: saleInfo(v.price, discountRows, now),
      archivedAt: v.archivedAt ? v.archivedAt.toISOString() : null,
    })),
    status: statusOf(row),
    hidden: row.hidden,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ── Writes ───────────────────────────────────────────────────────────────────────────────────────

/** Pids the shop makes: `SKN-` and a number, as the sample catalogue's (SKN-10001…). */
const PID_PATTERN = '^SKN-[0-9]{1,9}$';
const FIRST_PID = 10_001;
/** Serialises pid allocation across instances for the length of one create transaction. */
const PID_LOCK = 0x534b4e; // "SKN"

/** The next free `SKN-<n>`; call inside the create's transaction (it holds a lock until commit). */
async function nextPid(tx: Db): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PID_LOCK})`);
  const [row] = await tx
    .select({ max: sql<number | null>`max(substring(${products.pid} from 5)::int)` })
    .from(products)
    .where(sql`${products.pid} ~ ${PID_PATTERN}`);
  return `SKN-${Math.max(FIRST_PID, Number(row?.max ?? 0) + 1)}`;
}

/** Creates a product with its links and variants; answers its id. */
export async function createProduct(db: Db, actor: Actor, input: ProductInput): Promise<string> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, input, null);
    const now = new Date();
    const [row] = await tx
      .insert(products)
      .values({
        pid: await nextPid(tx),
        name: input.name,
        description: input.description,
        recipeTips: sanitizeRecipeTips(input.recipeTips),
        hidden: input.hidden,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: products.id, pid: products.pid });
    const productId = row!.id;
    await writeLinks(tx, productId, input);
    await writeVariants(tx, productId, input.variants, [], now);
    await recordActivity(tx, actor, {
      entity: 'product',
      entityId: productId,
      action: 'created',
      summary: productCreatedSummary(row!.pid, input.name, input.variants.length, input.hidden),
    });
    return productId;
  });
}

/**
 * Replaces the product with `input` if it is still at `version`: one UPDATE compares and bumps the
 * version, so of two saves from the same version exactly one wins and the other gets a 409.
 */
export async function updateProduct(
  db: Db,
  actor: Actor,
  productId: string,
  version: number,
  input: ProductInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await snapshot(tx, productId);
    if (!before) throw notFound('Product');
    const now = new Date();
    const recipeTips = sanitizeRecipeTips(input.recipeTips);
    const updated = await tx
      .update(products)
      .set({
        name: input.name,
        description: input.description,
        recipeTips,
        hidden: input.hidden,
        version: sql`${products.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(products.id, productId), eq(products.version, version)))
      .returning({ id: products.id });
    if (updated.length === 0) throw versionConflict();
    await checkReferences(tx, input, before);
    await writeLinks(tx, productId, input);
    await writeVariants(tx, productId, input.variants, before.variants, now);
    await recordActivity(tx, actor, {
      entity: 'product',
      entityId: productId,
      action: 'updated',
      summary: productSaveSummary(before, { ...input, recipeTips }),
    });
  });
}

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

export const versionConflict = () => new AppError(409, 'version_conflict', PRODUCT_VERSION_CONFLICT);

type Snapshot = ProductSnapshot;

/** The product as it is before a save, locked for it: what the summary compares against. */
async function snapshot(tx: Db, productId: string): Promise<Snapshot | null> {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!row) return null;
  // One query after the other: a transaction has one connection (pg 9 refuses overlapping queries).
  const cats = await tx
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, productId));
  const imgs = await tx
    .select({ id: productImages.imageId })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.imageId));
  const vars = await tx
    .select()
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variants.id));
  return {
    name: row.name,
    description: row.description,
    recipeTips: row.recipeTips,
    hidden: row.hidden,
    categoryIds: cats.map((c) => c.id),
    imageIds: imgs.map((i) => i.id),
    variants: vars.map((v) => ({
      id: v.id,
      name: v.name,
      price: v.price,
      quantity: v.quantity,
      available: v.available,
      archived: v.archivedAt !== null,
    })),
  };
}

/**
 * Every id the body names must exist (and a variant id must be this product's): one 400 naming each
 * bad one by its path, so the form can show them all under their fields.
 */
async function checkReferences(tx: Db, input: ProductInput, before: Snapshot | null): Promise<void> {
  const attributeIds = [...new Set(input.variants.flatMap((v) => v.attributes.map((a) => a.attributeId)))];
  const own = new Set(before?.variants.map((v) => v.id) ?? []);
  // One query after the other, on the transaction's one connection.
  const foundCategories = input.categoryIds.length
    ? await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, input.categoryIds))
    : [];
  const foundImages = input.imageIds.length
    ? await tx.select({ id: images.id }).from(images).where(inArray(images.id, input.imageIds))
    : [];
  const foundAttributes = attributeIds.length
    ? await tx.select({ id: attributes.id }).from(attributes).where(inArray(attributes.id, attributeIds))
    : [];
  const has = (rows: { id: string }[]) => new Set(rows.map((r) => r.id));
  const categoryIds = has(foundCategories);
  const imageIds = has(foundImages);
  const knownAttributes = has(foundAttributes);
  const issues: Issue[] = [];
  input.categoryIds.forEach((id, i) => {
    if (!categoryIds.has(id)) issues.push({ path: `categoryIds.${i}`, message: 'no such category' });
  });
  input.imageIds.forEach((id, i) => {
    if (!imageIds.has(id)) issues.push({ path: `imageIds.${i}`, message: 'no such image' });
  });
  input.variants.forEach((v, i) => {
    if (v.variantId && !own.has(v.variantId))
      issues.push({ path: `variants.${i}.variantId`, message: 'is not a variant of this product' });
    v.attributes.forEach((a, j) => {
      if (!knownAttributes.has(a.attributeId))
        issues.push({ path: `variants.${i}.attributes.${j}.attributeId`, message: 'no such attribute' });
    });
  });
  if (issues.length) throw invalid('json', issues);
}

/** The category links and the images in their order, as sent. */
async function writeLinks(tx: Db, productId: string, input: ProductInput): Promise<void> {
  await tx
    .delete(productCategories)
    .where(
      and(
        eq(productCategories.productId, productId),
        input.categoryIds.length ? notInArray(productCategories.categoryId, input.categoryIds) : undefined,
      ),
    );
  if (input.categoryIds.length)
    await tx
      .insert(productCategories)
      .values(input.categoryIds.map((categoryId) => ({ productId, categoryId })))
      .onConflictDoNothing();
  await tx
    .delete(productImages)
    .where(
      and(
        eq(productImages.productId, productId),
        input.imageIds.length ? notInArray(productImages.imageId, input.imageIds) : undefined,
      ),
    );
  if (input.imageIds.length)
    await tx
      .insert(productImages)
      .values(input.imageIds.map((imageId, position) => ({ productId, imageId, position })))
      .onConflictDoUpdate({
        target: [productImages.productId, productImages.imageId],
        set: { position: sql`excluded.position` },
        // Unchanged positions are not rewritten (and notify no one).
        setWhere: sql`${productImages.position} <> excluded.position`,
      });
}

/**
 * The variants as sent, in order: a sent id is updated (and comes back if it was archived), a new
 * one is inserted, an active one left out is archived, never deleted (carts and orders name it).
 */
async function writeVariants(
  tx: Db,
  productId: string,
  sent: ProductInput['variants'],
  before: Snapshot['variants'],
  now: Date,
): Promise<void> {
  const previous = new Map(before.map((v) => [v.id, v]));
  const valueIds = await attributeValueIds(tx, sent);
  const ids: string[] = [];
  for (const [position, v] of sent.entries()) {
    const fields = { name: v.name, price: v.price, quantity: v.quantity, available: v.isAvailable, position };
    const old = v.variantId ? previous.get(v.variantId) : undefined;
    if (v.variantId && old) {
      await tx
        .update(variants)
        .set({ ...fields, archivedAt: null, updatedAt: now })
        .where(eq(variants.id, v.variantId));
      ids.push(v.variantId);
    } else {
      const [row] = await tx
        .insert(variants)
        .values({ ...fields, productId, createdAt: now, updatedAt: now })
        .returning({ id: variants.id });
      ids.push(row!.id);
    }
  }
  const kept = new Set(ids);
  const dropped = before.filter((v) => !v.archived && !kept.has(v.id));
  if (dropped.length) {
    await tx
      .update(variants)
      .set({ archivedAt: now, updatedAt: now })
      .where(
        inArray(
          variants.id,
          dropped.map((v) => v.id),
        ),
      );
  }
  await tx.delete(variantAttributeValues).where(inArray(variantAttributeValues.variantId, ids));
  const links = sent.flatMap((v, i) =>
    v.attributes.map((a) => ({ variantId: ids[i]!, attributeValueId: valueIds.get(valueKey(a))! })),
  );
  if (links.length) await tx.insert(variantAttributeValues).values(links).onConflictDoNothing();
}

const valueKey = (a: { attributeId: string; value: string }) =>
  `${a.attributeId}\u0000${a.value.toLowerCase()}`;

/**
 * The attribute_values id of each (attribute, value) the variants name; a value the attribute does
 * not have yet is added to it. An existing value matches whatever its case, so "red" never
 * duplicates "Red".
 */
async function attributeValueIds(tx: Db, sent: ProductInput['variants']): Promise<Map<string, string>> {
  const wanted = new Map<string, { attributeId: string; value: string }>();
  for (const v of sent)
    for (const a of v.attributes) if (!wanted.has(valueKey(a))) wanted.set(valueKey(a), a);
  if (wanted.size === 0) return new Map();
  const attributeIds = [...new Set([...wanted.values()].map((a) => a.attributeId))];
  const read = async () => {
    const rows = await tx
      .select({
        id: attributeValues.id,
        attributeId: attributeValues.attributeId,
        value: attributeValues.value,
      })
      .from(attributeValues)
      .where(inArray(attributeValues.attributeId, attributeIds))
      .orderBy(asc(attributeValues.value));
    const ids = new Map<string, string>();
    for (const r of rows) if (!ids.has(valueKey(r))) ids.set(valueKey(r), r.id);
    return ids;
  };
  let ids = await read();
  const missing = [...wanted.entries()].filter(([key]) => !ids.has(key)).map(([, a]) => a);
  if (missing.length) {
    // A concurrent save adding the same value makes this a no-op; the read below finds theirs.
    await tx.insert(attributeValues).values(missing).onConflictDoNothing();
    ids = await read();
  }
  return ids;
}

function group<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const list = map.get(key(r));
    if (list) list.push(r);
    else map.set(key(r), [r]);
  }
  return map;
}
