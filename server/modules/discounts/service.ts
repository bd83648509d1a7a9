import { and, count, desc, eq, ilike, inArray, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { Issue } from '../../../contract/common';
import {
  CODE_TAKEN,
  discountCreatedSummary,
  discountDeletedSummary,
  discountPausedSummary,
  discountResumedSummary,
  discountUpdatedSummary,
  discountValueLabel,
  type Discount,
  type DiscountBody,
  type DiscountList,
  type DiscountQuery,
  type DiscountState,
} from '../../../contract/discounts';
import { discountState } from '../../../contract/pricing';
import type { Db } from '../../db/client';
import { categories, discountCategories, discountProducts, discounts, products } from '../../db/schema';
import type { AuthUser } from '../../lib/auth/middleware';
import { invalid, isUniqueViolation, notFound } from '../../lib/errors';
import { recordActivity } from '../activity';
import { likeAnywhere } from '../../lib/like';

// The rules of the back office's discounts. Every write is one transaction with its activity entry.
// Which discounts price a product is applying.ts's business; this module only keeps the records.

/** Used up: every use of a limited discount taken. */
const usedUp = sql`(${discounts.usageLimit} is not null and ${discounts.redemptions} >= ${discounts.usageLimit})`;

/** discountState() in SQL, so the list filters and pages in the database. */
function stateIs(state: DiscountState, now: Date): SQL {
  const ended = sql`((${discounts.endsAt} is not null and ${discounts.endsAt} <= ${now}) or ${usedUp})`;
  switch (state) {
    case 'ended':
      return ended;
    case 'paused':
      return sql`(not ${ended} and not ${discounts.active})`;
    case 'scheduled':
      return sql`(not ${ended} and ${discounts.active} and ${discounts.startsAt} > ${now})`;
    case 'active':
      return sql`(not ${ended} and ${discounts.active} and ${discounts.startsAt} <= ${now})`;
  }
}

/** A discount's columns with what it covers (names for the list) and its paid redemptions. */
const rowColumns = {
  discountId: discounts.id,
  name: discounts.name,
  kind: discounts.kind,
  value: discounts.value,
  startsAt: discounts.startsAt,
  endsAt: discounts.endsAt,
  active: discounts.active,
  usageLimit: discounts.usageLimit,
  usesTaken: discounts.redemptions,
  code: discounts.code,
  appliesTo: discounts.appliesTo,
  minSubtotal: discounts.minSubtotal,
  firstOrderOnly: discounts.firstOrderOnly,
  perShopperLimit: discounts.perShopperLimit,
  createdAt: discounts.createdAt,
  updatedAt: discounts.updatedAt,
  // Written with explicit names: drizzle leaves columns unqualified in a one-table select, which
  // would bind `id` and `name` inside these subqueries to the wrong table.
  products: sql<unknown>`(select coalesce(json_agg(json_build_object('productId', p.id, 'name', p.name)
      order by p.name, p.id), '[]'::json)
    from discount_products dp join products p on p.id = dp.product_id
    where dp.discount_id = discounts.id)`,
  categories: sql<unknown>`(select coalesce(json_agg(json_build_object('categoryId', c.id, 'name', c.name)
      order by c.name, c.id), '[]'::json)
    from discount_categories dc join categories c on c.id = dc.category_id
    where dc.discount_id = discounts.id)`,
  // Paid orders holding a use (a cancelled paid order has given its units, and its use, back).
  redemptions: sql<number>`(select count(*) from order_discounts od join orders o on o.id = od.order_id
    where od.discount_id = discounts.id and o.payment_status = 'paid' and o.stock_reserved)`.mapWith(Number),
};

type Row = {
  discountId: string;
  name: string;
  kind: 'percentage' | 'fixed';
  value: number;
  startsAt: Date;
  endsAt: Date | null;
  active: boolean;
  usageLimit: number | null;
  usesTaken: number;
  code: string | null;
  appliesTo: 'items' | 'order' | 'delivery';
  minSubtotal: number | null;
  firstOrderOnly: boolean;
  perShopperLimit: number | null;
  createdAt: Date;
  updatedAt: Date;
  products: unknown;
  categories: unknown;
  redemptions: number;
};

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function toDiscount(r: Row, now: Date): Discount {
  return {
    discountId: r.discountId,
    name: r.name,
    kind: r.kind,
    value: r.value,
    products: json<Discount['products']>(r.products),
    categories: json<Discount['categories']>(r.categories),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt ? r.endsAt.toISOString() : null,
    active: r.active,
    usageLimit: r.usageLimit,
    redemptions: r.redemptions,
    usesTaken: r.usesTaken,
    code: r.code,
    appliesTo: r.appliesTo,
    minSubtotal: r.minSubtotal,
    firstOrderOnly: r.firstOrderOnly,
    perShopperLimit: r.perShopperLimit,
    state: discountState({ ...r, redemptions: r.usesTaken }, now),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** One page of discounts, newest first, filtered by state at `now` and by name or code. */
export async function listDiscounts(db: Db, query: DiscountQuery, now: Date): Promise<DiscountList> {
  const q = query.q ? likeAnywhere(query.q) : null;
  const where = and(
    query.state ? stateIs(query.state, now) : undefined,
    q ? or(ilike(discounts.name, q), ilike(discounts.code, q)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(rowColumns)
      .from(discounts)
      .where(where)
      .orderBy(desc(discounts.createdAt), desc(discounts.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(discounts).where(where),
  ]);
  return {
    data: rows.map((r) => toDiscount(r, now)),
    meta: { total: totals[0]?.total ?? 0, limit: query.limit, offset: query.offset },
  };
}

/** One discount; 404 when there is none with this id. */
export async function getDiscount(db: Db, discountId: string, now: Date): Promise<Discount> {
  const [row] = await db.select(rowColumns).from(discounts).where(eq(discounts.id, discountId));
  if (!row) throw notFound('Discount');
  return toDiscount(row, now);
}

/** Creates a discount with what it covers; answers its id. */
export async function createDiscount(db: Db, actor: AuthUser, body: DiscountBody): Promise<string> {
  return codeKept(() =>
    db.transaction(async (tx) => {
      await checkReferences(tx, body, null);
      const [row] = await tx.insert(discounts).values(columnsOf(body)).returning({ id: discounts.id });
      const id = row!.id;
      await writeCoverage(tx, id, body);
      await recordActivity(tx, actor, {
        entity: 'discount',
        entityId: id,
        action: 'created',
        summary: discountCreatedSummary(body.name, discountValueLabel(body), body.code),
      });
      return id;
    }),
  );
}

/**
 * Replaces a discount. The activity entry says `paused` or `resumed` when `active` flipped (the
 * list's switch), else `updated`.
 */
export async function updateDiscount(
  db: Db,
  actor: AuthUser,
  discountId: string,
  body: DiscountBody,
): Promise<void> {
  await codeKept(() =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select({ active: discounts.active })
        .from(discounts)
        .where(eq(discounts.id, discountId))
        .for('update');
      if (!before) throw notFound('Discount');
      await checkReferences(tx, body, discountId);
      await tx
        .update(discounts)
        .set({ ...columnsOf(body), updatedAt: new Date() })
        .where(eq(discounts.id, discountId));
      await writeCoverage(tx, discountId, body);
      const action = before.active === body.active ? 'updated' : body.active ? 'resumed' : 'paused';
      const summary = {
        updated: discountUpdatedSummary,
        paused: discountPausedSummary,
        resumed: discountResumedSummary,
      }[action](body.name);
      await recordActivity(tx, actor, { entity: 'discount', entityId: discountId, action, summary });
    }),
  );
}

/** Deletes a discount; orders keep their frozen prices (their `order_discounts` rows go with it). */
export async function deleteDiscount(db: Db, actor: AuthUser, discountId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(discounts)
      .where(eq(discounts.id, discountId))
      .returning({ name: discounts.name });
    if (!gone) throw notFound('Discount');
    await recordActivity(tx, actor, {
      entity: 'discount',
      entityId: discountId,
      action: 'deleted',
      summary: discountDeletedSummary(gone.name),
    });
  });
}

function columnsOf(body: DiscountBody) {
  return {
    name: body.name,
    kind: body.kind,
    value: body.value,
    startsAt: new Date(body.startsAt),
    endsAt: body.endsAt === null ? null : new Date(body.endsAt),
    active: body.active,
    usageLimit: body.usageLimit,
    code: body.code,
    appliesTo: body.appliesTo,
    minSubtotal: body.minSubtotal,
    firstOrderOnly: body.firstOrderOnly,
    // A code is once per shopper unless the admin says otherwise (null: no limit); an automatic
    // discount has no shopper to count.
    perShopperLimit:
      body.code === null ? null : body.perShopperLimit === undefined ? 1 : body.perShopperLimit,
  };
}

/**
 * Runs a write whose code checkReferences found free. Two admins saving the same code at once both
 * find it free; the unique index lets one through and the other gets the same 400.
 */
async function codeKept<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'discounts_code_uq'))
      throw invalid('json', [{ path: 'code', message: CODE_TAKEN }]);
    throw err;
  }
}

/**
 * Every product and category the body names must exist, and its code must be no other discount's
 * (`self`, the discount being saved, may keep its own): one 400 naming each.
 */
async function checkReferences(tx: Db, body: DiscountBody, self: string | null): Promise<void> {
  // One query after the other: a transaction is one connection.
  const foundProducts = body.productIds.length
    ? await tx.select({ id: products.id }).from(products).where(inArray(products.id, body.productIds))
    : [];
  const foundCategories = body.categoryIds.length
    ? await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, body.categoryIds))
    : [];
  // Codes are stored upper-case and the body's is upper-cased, so equality compares without case.
  const [holder] = body.code
    ? await tx
        .select({ id: discounts.id })
        .from(discounts)
        .where(and(eq(discounts.code, body.code), self ? ne(discounts.id, self) : undefined))
        .limit(1)
    : [];
  const productIds = new Set(foundProducts.map((r) => r.id));
  const categoryIds = new Set(foundCategories.map((r) => r.id));
  const issues: Issue[] = [];
  body.productIds.forEach((id, i) => {
    if (!productIds.has(id)) issues.push({ path: `productIds.${i}`, message: 'no such product' });
  });
  body.categoryIds.forEach((id, i) => {
    if (!categoryIds.has(id)) issues.push({ path: `categoryIds.${i}`, message: 'no such category' });
  });
  if (holder) issues.push({ path: 'code', message: CODE_TAKEN });
  if (issues.length) throw invalid('json', issues);
}

/** The products and categories covered, as sent (links no longer named go). */
async function writeCoverage(tx: Db, discountId: string, body: DiscountBody): Promise<void> {
  await tx
    .delete(discountProducts)
    .where(
      and(
        eq(discountProducts.discountId, discountId),
        body.productIds.length ? not(inArray(discountProducts.productId, body.productIds)) : undefined,
      ),
    );
  if (body.productIds.length)
    await tx
      .insert(discountProducts)
      .values(body.productIds.map((productId) => ({ discountId, productId })))
      .onConflictDoNothing();
  await tx
    .delete(discountCategories)
    .where(
      and(
        eq(discountCategories.discountId, discountId),
        body.categoryIds.length ? not(inArray(discountCategories.categoryId, body.categoryIds)) : undefined,
      ),
    );
  if (body.categoryIds.length)
    await tx
      .insert(discountCategories)
      .values(body.categoryIds.map((categoryId) => ({ discountId, categoryId })))
      .onConflictDoNothing();
}
