import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { BulkPriceLine, ProductBulkBody, ProductBulkResult } from '../../../contract/admin-bulk';
import { productPatchActivity, PRODUCT_CATEGORIES_MAX } from '../../../contract/admin';
import {
  BULK_EDIT_NOTE,
  BULK_PRICES_LISTED,
  bulkCategorySummary,
  bulkPrice,
  bulkPriceSummary,
} from '../../../contract/bulk-edits';
import type { Db } from '../../db/client';
import { categories, productCategories, products, variants } from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import { recordActivity } from '../activity';
import { adminProductFilters } from './list';
import type { Actor } from './save';

/*
 * Bulk edits on the manage-products table: one change to the ticked rows or to every product the
 * table's filters match, in one transaction. The targeted products are locked in id order (so two
 * bulk edits, or a bulk edit and a form's save, are decided in turn and never deadlock), each changed
 * one gets `version + 1` (a form opened before answers 409 on save) and one activity entry. Archived
 * products are counted in `matched` and left as they are: restoring is a product's own decision.
 */

type Action = ProductBulkBody['action'];
type PriceAction = Extract<Action, { kind: 'price' }>;
type ActivityRecord = Exclude<Parameters<typeof recordActivity>[2], readonly unknown[]>;

export interface BulkOutcome {
  result: ProductBulkResult;
  /** The products changed, for the catalogue and search to follow after the commit. */
  changedIds: string[];
}

/** Applies (or, with `dryRun`, only works out) a bulk edit; answers what it did and to which products. */
export async function bulkEditProducts(db: Db, actor: Actor, body: ProductBulkBody): Promise<BulkOutcome> {
  return db.transaction(async (tx) => {
    const { matched, live } = await targetProducts(tx, body, !body.dryRun);
    const now = new Date();
    const plan = await planAction(tx, body.action, live);
    if (!body.dryRun && plan.changedIds.length) {
      await plan.write(now);
      await tx
        .update(products)
        .set({ version: sql`${products.version} + 1`, updatedAt: now, ...plan.productSet?.(now) })
        .where(inArray(products.id, plan.changedIds));
      await recordActivity(tx, actor, plan.entries);
    }
    return {
      result: {
        matched,
        changed: plan.changedIds.length,
        dryRun: body.dryRun,
        prices: plan.prices.slice(0, BULK_PRICES_LISTED),
        priceCount: plan.prices.length,
      },
      changedIds: body.dryRun ? [] : plan.changedIds,
    };
  });
}

/**
 * The products the target names: how many (archived ones too) and the ids of those not archived, in
 * id order; locked for the write unless it is a dry run. An id that names no product is a 400 naming it.
 */
async function targetProducts(tx: Db, body: ProductBulkBody, lock: boolean) {
  const { productIds, filter } = body.target;
  const where: SQL | undefined = productIds
    ? inArray(products.id, productIds)
    : and(...adminProductFilters(tx, filter ?? {}));
  const query = tx
    .select({ id: products.id, archived: sql<boolean>`${products.archivedAt} is not null` })
    .from(products)
    .where(where)
    .orderBy(asc(products.id))
    .$dynamic();
  const rows = await (lock ? query.for('update') : query);
  if (productIds) {
    const found = new Set(rows.map((r) => r.id));
    const issues = productIds.flatMap((id, i) =>
      found.has(id) ? [] : [{ path: `target.productIds.${i}`, message: 'no such product' }],
    );
    if (issues.length) throw invalid('json', issues);
  }
  return { matched: rows.length, live: rows.filter((r) => !r.archived).map((r) => r.id) };
}

interface Plan {
  changedIds: string[];
  entries: ActivityRecord[];
  prices: BulkPriceLine[];
  /** The action's own writes (links, prices), before the version bump. */
  write: (now: Date) => Promise<unknown>;
  /** Columns of the product row the action sets beside the version. */
  productSet?: (now: Date) => Partial<typeof products.$inferInsert>;
}

const nothing = async () => undefined;

async function planAction(tx: Db, action: Action, live: string[]): Promise<Plan> {
  const none: Plan = { changedIds: [], entries: [], prices: [], write: nothing };
  if (live.length === 0 && action.kind !== 'add_category' && action.kind !== 'remove_category') return none;
  switch (action.kind) {
    case 'hide':
    case 'show':
    case 'archive':
      return planVisibility(tx, action.kind, live);
    case 'add_category':
    case 'remove_category':
      return planCategory(tx, action.kind === 'add_category', action.categoryId, live);
    case 'price':
      return planPrices(tx, action, live);
  }
}

/** Hide, show or archive: the products not already so; their entries read as a PATCH's do. */
async function planVisibility(tx: Db, kind: 'hide' | 'show' | 'archive', live: string[]): Promise<Plan> {
  const changedIds =
    kind === 'archive'
      ? live
      : (
          await tx
            .select({ id: products.id })
            .from(products)
            .where(and(inArray(products.id, live), eq(products.hidden, kind === 'show')))
            .orderBy(asc(products.id))
        ).map((r) => r.id);
  const entry = productPatchActivity(kind === 'archive' ? { archived: true } : { hidden: kind === 'hide' })!;
  const summary = [entry.summary, BULK_EDIT_NOTE].filter(Boolean).join(' ');
  return {
    changedIds,
    entries: changedIds.map((id) => ({ entity: 'product', entityId: id, action: entry.action, summary })),
    prices: [],
    write: nothing,
    productSet: (now) => (kind === 'archive' ? { archivedAt: now } : { hidden: kind === 'hide' }),
  };
}

/** Into or out of a category: the products not already so. An unknown category is a 400 naming it. */
async function planCategory(tx: Db, adding: boolean, categoryId: string, live: string[]): Promise<Plan> {
  const [category] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!category) throw invalid('json', [{ path: 'action.categoryId', message: 'no such category' }]);
  if (live.length === 0) return { changedIds: [], entries: [], prices: [], write: nothing };
  const links = await tx
    .select({
      productId: products.id,
      linked: sql<boolean>`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${categoryId})`,
      count:
        sql<number>`(select count(*) from ${productCategories} where ${productCategories.productId} = ${products.id})`.mapWith(
          Number,
        ),
    })
    .from(products)
    .where(inArray(products.id, live))
    .orderBy(asc(products.id));
  const changed = links.filter((l) => l.linked !== adding);
  if (adding) {
    const full = changed.filter((l) => l.count >= PRODUCT_CATEGORIES_MAX).length;
    if (full) {
      const message = `${full === 1 ? '1 of the products already has' : `${full} of the products already have`} ${PRODUCT_CATEGORIES_MAX} categories, the most a product may have.`;
      throw new AppError(400, 'too_many_categories', message, [{ path: 'action.categoryId', message }]);
    }
  }
  const changedIds = changed.map((l) => l.productId);
  const summary = bulkCategorySummary(adding, category.name);
  return {
    changedIds,
    entries: changedIds.map((id) => ({ entity: 'product', entityId: id, action: 'bulk_edited', summary })),
    prices: [],
    write: () =>
      adding
        ? tx.insert(productCategories).values(changedIds.map((productId) => ({ productId, categoryId })))
        : tx
            .delete(productCategories)
            .where(
              and(
                eq(productCategories.categoryId, categoryId),
                inArray(productCategories.productId, changedIds),
              ),
            ),
  };
}

/** The variant prices an UPDATE sets per statement (two parameters each, well under PostgreSQL's 65,535). */
const PRICE_CHUNK = 5_000;

/** Every active variant's new price by the shared rule; a product changes when one of its prices moves. */
async function planPrices(tx: Db, action: PriceAction, live: string[]): Promise<Plan> {
  const rows = await tx
    .select({
      productId: products.id,
      pid: products.pid,
      name: products.name,
      variantId: variants.id,
      variantName: variants.name,
      oldPrice: variants.price,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(inArray(variants.productId, live), isNull(variants.archivedAt)))
    .orderBy(sql`lower(${products.name})`, asc(products.id), asc(variants.position), asc(variants.id));
  const change = { by: action.by, value: action.value };
  const prices = rows
    .map((r) => ({ ...r, newPrice: bulkPrice(r.oldPrice, change) }))
    .filter((r) => r.newPrice !== r.oldPrice);
  const byProduct = new Map<string, BulkPriceLine[]>();
  for (const p of prices) byProduct.set(p.productId, [...(byProduct.get(p.productId) ?? []), p]);
  const changedIds = [...byProduct.keys()];
  return {
    changedIds,
    entries: [...byProduct].map(([id, lines]) => ({
      entity: 'product',
      entityId: id,
      action: 'bulk_edited',
      summary: bulkPriceSummary(change, lines),
    })),
    prices,
    write: async (now) => {
      for (let i = 0; i < prices.length; i += PRICE_CHUNK) {
        const values = sql.join(
          prices.slice(i, i + PRICE_CHUNK).map((p) => sql`(${p.variantId}::uuid, ${p.newPrice}::int)`),
          sql`, `,
        );
        await tx.execute(
          sql`update ${variants} set price = v.price, updated_at = ${now.toISOString()}::timestamptz
              from (values ${values}) as v(id, price) where ${variants.id} = v.id`,
        );
      }
    },
  };
}
