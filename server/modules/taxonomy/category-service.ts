import { and, asc, eq, inArray, like, max, ne, or, sql } from 'drizzle-orm';
import {
  duplicateNameMessage,
  type CategoryDeleted,
  type CategoryInput,
  type CategoryOrder,
} from '../../../contract/admin';
import type { Category } from '../../../contract/catalogue';
import { isIconName } from '../../../contract/icons';
import { slugify, uniqueSlug } from '../../../contract/slug';
import type { Database, Db } from '../../db/client';
import { categories, productCategories } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { recordActivity } from '../activity';
import { catalogueChanged, listCategories } from '../catalogue';
import {
  capitalise,
  duplicateName,
  invalidBody,
  invalidQuery,
  lockTaxonomy,
  plural,
  touchProducts,
  type Actor,
} from './writes';

/*
 * Categories as the back office writes them. The slug is made once, from the name at creation, and
 * never changes: the shop's category URLs (/view/category/{slug}) and links people saved use it, so
 * a rename must not break them. Positions order the landing page; a new category goes last.
 */

/** The name's slug (contract/slug.ts), or the first free `slug-2`, `slug-3`… */
async function freeSlug(tx: Db, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await tx
        .select({ slug: categories.slug })
        .from(categories)
        .where(or(eq(categories.slug, base), like(categories.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  return uniqueSlug(base, (slug) => taken.has(slug));
}

function checkIcon(icon: string): void {
  if (!isIconName(icon))
    throw invalidBody([{ path: 'icon', message: `${icon} is not an icon of the Material Design set` }]);
}

async function checkNameFree(tx: Db, name: string, except?: string): Promise<void> {
  const same = sql`lower(${categories.name}) = lower(${name})`;
  const [clash] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(except ? and(same, ne(categories.id, except)) : same)
    .limit(1);
  if (clash) throw duplicateName(duplicateNameMessage('category', clash.name));
}

/** The category as the shop lists it (a handful of rows: reading them all is cheaper than a second query shape). */
async function categoryById(tx: Db, id: string): Promise<Category> {
  const found = (await listCategories(tx)).rows.find((c) => c.categoryId === id);
  if (!found) throw notFound('The category');
  return found;
}

async function findCategory(tx: Db, id: string) {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id));
  if (!row) throw notFound('The category');
  return row;
}

/** A new category, last on the landing page. */
export async function createCategory(
  database: Database,
  actor: Actor,
  input: CategoryInput,
): Promise<Category> {
  checkIcon(input.icon);
  const created = await database.db.transaction(async (tx) => {
    await lockTaxonomy(tx, 'categories');
    await checkNameFree(tx, input.name);
    const [last] = await tx.select({ position: max(categories.position) }).from(categories);
    const [row] = await tx
      .insert(categories)
      .values({
        ...input,
        slug: await freeSlug(tx, input.name),
        position: (last?.position ?? -1) + 1,
      })
      .returning({ id: categories.id, slug: categories.slug });
    await recordActivity(tx, actor, {
      entity: 'category',
      entityId: row!.id,
      action: 'created',
      summary: `Created "${input.name}" (${row!.slug}) with icon ${input.icon} in ${input.color}`,
    });
    return categoryById(tx, row!.id);
  });
  await catalogueChanged(database);
  return created;
}

/** Name, icon and colour; the slug stays (see the top of this file). */
export async function updateCategory(
  database: Database,
  actor: Actor,
  id: string,
  input: CategoryInput,
): Promise<Category> {
  checkIcon(input.icon);
  const { category, productIds } = await database.db.transaction(async (tx) => {
    await lockTaxonomy(tx, 'categories');
    const before = await findCategory(tx, id);
    await checkNameFree(tx, input.name, id);
    const changes = [
      before.name !== input.name && `name "${before.name}" → "${input.name}"`,
      before.icon !== input.icon && `icon ${before.icon} → ${input.icon}`,
      before.color !== input.color && `colour ${before.color} → ${input.color}`,
    ].filter((c): c is string => Boolean(c));
    if (changes.length === 0) return { category: await categoryById(tx, id), productIds: [] };
    await tx
      .update(categories)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(categories.id, id));
    await recordActivity(tx, actor, {
      entity: 'category',
      entityId: id,
      action: 'updated',
      summary: capitalise(changes.join('; ')),
    });
    // A new name changes what its products are found by.
    const renamed = before.name !== input.name;
    return { category: await categoryById(tx, id), productIds: renamed ? await productsIn(tx, id) : [] };
  });
  await catalogueChanged(database, productIds);
  return category;
}

/** Deletes a category; its products move to `moveTo` (once each), or keep their other categories. */
export async function deleteCategory(
  database: Database,
  actor: Actor,
  id: string,
  moveTo: string | undefined,
): Promise<CategoryDeleted> {
  const { answer, productIds } = await database.db.transaction(async (tx) => {
    await lockTaxonomy(tx, 'categories');
    const doomed = await findCategory(tx, id);
    let target: { id: string; name: string } | undefined;
    if (moveTo !== undefined) {
      if (moveTo === id) throw invalidQuery([{ path: 'moveTo', message: 'must be another category' }]);
      const [found] = await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.id, moveTo));
      if (!found) throw invalidQuery([{ path: 'moveTo', message: 'is not a category' }]);
      target = found;
    }
    const productIds = await productsIn(tx, id);
    if (target && productIds.length) {
      // A product already in the target keeps its one link there.
      await tx.execute(sql`
        insert into ${productCategories} (product_id, category_id)
        select product_id, ${target.id}::uuid from ${productCategories} where category_id = ${id}::uuid
        on conflict do nothing`);
    }
    // Its links go by cascade.
    await tx.delete(categories).where(eq(categories.id, id));
    const whereTo = productIds.length
      ? target
        ? `; its ${plural(productIds.length, 'product')} moved to "${target.name}"`
        : `; its ${plural(productIds.length, 'product')} left without it`
      : '';
    await recordActivity(tx, actor, {
      entity: 'category',
      entityId: id,
      action: 'deleted',
      summary: `Deleted "${doomed.name}"${whereTo}`,
    });
    await touchProducts(
      tx,
      actor,
      productIds,
      target
        ? `Category "${doomed.name}" was deleted; moved to "${target.name}"`
        : `Category "${doomed.name}" was deleted`,
    );
    return {
      answer: { categoryId: id, products: productIds.length, movedTo: target?.id ?? null },
      productIds,
    };
  });
  await catalogueChanged(database, productIds);
  return answer;
}

/** The landing page's order: every category exactly once, first to last. */
export async function reorderCategories(
  database: Database,
  actor: Actor,
  { categoryIds }: CategoryOrder,
): Promise<{ count: number; rows: Category[] }> {
  const { list, written } = await database.db.transaction(async (tx) => {
    await lockTaxonomy(tx, 'categories');
    const current = await tx
      .select({ id: categories.id, name: categories.name, position: categories.position })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
    checkCompleteOrder(categoryIds, current);

    const rankBefore = new Map(current.map((c, i) => [c.id, i]));
    const rankAfter = new Map(categoryIds.map((id, i) => [id, i]));
    // Positions become 0…n-1; only rows whose number changes are written.
    const stale = current.filter((c) => c.position !== rankAfter.get(c.id));
    if (stale.length) {
      const position = sql.join(
        [
          sql`case ${categories.id}`,
          ...stale.map((c) => sql`when ${c.id}::uuid then ${rankAfter.get(c.id)!}::integer`),
          sql`end`,
        ],
        sql` `,
      );
      await tx
        .update(categories)
        .set({ position, updatedAt: new Date() })
        .where(
          inArray(
            categories.id,
            stale.map((c) => c.id),
          ),
        );
    }
    const moved = current.filter((c) => rankBefore.get(c.id) !== rankAfter.get(c.id));
    await recordActivity(
      tx,
      actor,
      moved.map((c) => ({
        entity: 'category' as const,
        entityId: c.id,
        action: 'reordered' as const,
        summary: `Moved from place ${rankBefore.get(c.id)! + 1} to ${rankAfter.get(c.id)! + 1} of ${current.length}`,
      })),
    );
    return { list: await listCategories(tx), written: stale.length > 0 };
  });
  if (written) await catalogueChanged(database);
  return list;
}

/** 400 naming the ids that are no category and the categories the list leaves out. */
function checkCompleteOrder(ids: readonly string[], current: readonly { id: string; name: string }[]): void {
  const known = new Set(current.map((c) => c.id));
  const sent = new Set(ids);
  const issues = ids.flatMap((id, i) =>
    known.has(id) ? [] : [{ path: `categoryIds.${i}`, message: `${id} is not a category` }],
  );
  const missing = current.filter((c) => !sent.has(c.id));
  if (missing.length)
    issues.push({
      path: 'categoryIds',
      message: `must list every category; missing ${missing.map((c) => `"${c.name}" (${c.id})`).join(', ')}`,
    });
  if (issues.length) throw invalidBody(issues);
}

async function productsIn(tx: Db, categoryId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: productCategories.productId })
    .from(productCategories)
    .where(eq(productCategories.categoryId, categoryId));
  return rows.map((r) => r.id);
}
