import { randomUUID } from 'node:crypto';
import { inArray, max, sql } from 'drizzle-orm';
import {
  IMPORTED_CATEGORY_LOOK,
  importedSummary,
  importNote,
  key,
  type CatalogueSnapshot,
  type CsvAttribute,
  type ImportPlan,
} from '../../../contract/catalogue-csv';
import type { ImportResult } from '../../../contract/admin-import';
import { uniqueSlug } from '../../../contract/slug';
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
import { recordActivity } from '../activity';
import { recordStockMovements, type StockMovement } from '../stock';
import type { Actor } from './save';
import { nextPids } from './save';

type ActivityRecord = Extract<Parameters<typeof recordActivity>[2], { entity: unknown }>;

// A confirmed import's writes, set-based: a few statements whatever the number of rows (5,000 rows
// of 1,500 products apply in seconds on PGlite: bench/results/import.md), all in the caller's
// transaction.

/** Rows per INSERT: well below PostgreSQL's 65,535 parameters for the widest table written here. */
const BATCH = 1000;

async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Applies `plan` (made under lock against the catalogue as it is now): creates the categories and
 * attribute values it misses, the new products and variants, updates only the fields that change,
 * moves stock by the planned changes (recorded in the stock history), bumps the version of each
 * changed product and records its activity entry. Answers the result and the changed products' ids.
 */
export async function applyImport(
  tx: Db,
  actor: Actor,
  fileName: string,
  plan: ImportPlan,
  taxonomy: Omit<CatalogueSnapshot, 'products'>,
): Promise<{ result: ImportResult; productIds: string[] }> {
  const now = new Date();
  const note = importNote(fileName);
  const activity: ActivityRecord[] = [];

  // ── Categories and attribute values the file names and the shop lacks ──
  const categoryId = new Map<string, string>();
  for (const c of taxonomy.categories) categoryId.set(key(c.slug), c.id);
  for (const c of taxonomy.categories) categoryId.set(key(c.name), c.id);
  if (plan.missing.categories.length) {
    const taken = new Set(taxonomy.categories.map((c) => c.slug));
    const [last] = await tx.select({ position: max(categories.position) }).from(categories);
    const rows = plan.missing.categories.map((name, i) => {
      const slug = uniqueSlug(name, (s) => taken.has(s));
      taken.add(slug);
      return {
        id: randomUUID(),
        name,
        slug,
        ...IMPORTED_CATEGORY_LOOK,
        position: (last?.position ?? -1) + 1 + i,
      };
    });
    await tx.insert(categories).values(rows);
    for (const r of rows) {
      categoryId.set(key(r.name), r.id);
      activity.push({ entity: 'category', entityId: r.id, action: 'created', summary: `Created by ${note}` });
    }
  }
  const attributeId = new Map(taxonomy.attributes.map((a) => [key(a.name), a.id]));
  const valueId = new Map<string, string>();
  const valueKey = (attribute: string, value: string) => `${key(attribute)}\u0000${key(value)}`;
  for (const a of taxonomy.attributes) for (const v of a.values) valueId.set(valueKey(a.name, v.value), v.id);
  if (plan.missing.attributeValues.length) {
    const newAttributes = [
      ...new Map(plan.missing.attributeValues.map((m) => [key(m.attribute), m.attribute])).entries(),
    ]
      .filter(([k]) => !attributeId.has(k))
      .map(([, name]) => ({ id: randomUUID(), name }));
    if (newAttributes.length) await tx.insert(attributes).values(newAttributes);
    for (const a of newAttributes) {
      attributeId.set(key(a.name), a.id);
      activity.push({
        entity: 'attribute',
        entityId: a.id,
        action: 'created',
        summary: `Created by ${note}`,
      });
    }
    const values = plan.missing.attributeValues.map((m) => ({
      id: randomUUID(),
      attributeId: attributeId.get(key(m.attribute))!,
      value: m.value,
    }));
    await tx.insert(attributeValues).values(values);
    for (const [i, v] of values.entries())
      valueId.set(valueKey(plan.missing.attributeValues[i]!.attribute, v.value), v.id);
    const touched = new Set(values.map((v) => v.attributeId));
    for (const id of touched) {
      if (newAttributes.some((a) => a.id === id)) continue;
      const added = values.filter((v) => v.attributeId === id).map((v) => `'${v.value}'`);
      activity.push({
        entity: 'attribute',
        entityId: id,
        action: 'updated',
        summary: `Values ${added.join(', ')} added by ${note}`,
      });
    }
  }

  // ── Products ──
  const fresh = plan.products.filter((p) => p.id === null);
  const pids = fresh.length ? await nextPids(tx, fresh.length) : [];
  const productId = new Map(plan.products.map((p) => [p, p.id ?? randomUUID()]));
  fresh.forEach((p, i) => (p.pid = pids[i]!));
  await insertAll(fresh, (batch) =>
    tx.insert(products).values(
      batch.map((p) => ({
        id: productId.get(p)!,
        pid: p.pid,
        name: p.set.name!,
        description: p.set.description ?? '',
        hidden: p.set.hidden ?? false,
        createdAt: now,
        updatedAt: now,
      })),
    ),
  );
  const changed = plan.products.filter((p) => p.id !== null && p.changed);
  if (changed.length) {
    const fields = changed.map((p) => ({
      id: p.id,
      name: p.set.name ?? null,
      description: p.set.description ?? null,
      hidden: p.set.hidden ?? null,
    }));
    await tx.execute(sql`
      update ${products} p set
        name = coalesce(x.name, p.name),
        description = coalesce(x.description, p.description),
        hidden = coalesce(x.hidden, p.hidden),
        version = p.version + 1,
        updated_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(fields)}::jsonb) as x(id uuid, name text, description text, hidden boolean)
      where p.id = x.id`);
  }
  const relinked = plan.products.filter((p) => p.set.categories !== undefined);
  if (relinked.length) {
    const ids = relinked.filter((p) => p.id !== null).map((p) => p.id!);
    if (ids.length) await tx.delete(productCategories).where(inArray(productCategories.productId, ids));
    const links = relinked.flatMap((p) =>
      [...new Set(p.set.categories!.map((c) => categoryId.get(key(c))!))].map((c) => ({
        productId: productId.get(p)!,
        categoryId: c,
      })),
    );
    await insertAll(links, (batch) => tx.insert(productCategories).values(batch));
  }

  // ── Variants ──
  const positions = new Map<string, number>();
  const existingIds = plan.products.filter((p) => p.id !== null).map((p) => p.id!);
  if (existingIds.length) {
    const rows = await tx
      .select({ productId: variants.productId, last: max(variants.position) })
      .from(variants)
      .where(inArray(variants.productId, existingIds))
      .groupBy(variants.productId);
    for (const r of rows) positions.set(r.productId, (r.last ?? -1) + 1);
  }
  const movements: StockMovement[] = [];
  const newVariants = plan.products.flatMap((p) =>
    p.variants
      .filter((v) => v.id === null)
      .map((v) => {
        const pid = productId.get(p)!;
        const position = positions.get(pid) ?? 0;
        positions.set(pid, position + 1);
        v.id = randomUUID();
        movements.push({
          variantId: v.id,
          kind: 'opening',
          change: v.stockAfter,
          levelAfter: v.stockAfter,
          actor,
          note,
        });
        return {
          id: v.id,
          productId: pid,
          name: v.name,
          price: v.price!,
          quantity: v.stockAfter,
          available: v.available ?? true,
          position,
          createdAt: now,
          updatedAt: now,
        };
      }),
  );
  const created = new Set(newVariants.map((n) => n.id));
  const updates = plan.products.flatMap((p) =>
    p.variants
      .filter((v) => !created.has(v.id!) && v.changes.length > 0)
      .map((v) => ({
        id: v.id!,
        price: v.price ?? null,
        available: v.available ?? null,
        delta: v.stockChange,
      })),
  );
  await insertAll(newVariants, (batch) => tx.insert(variants).values(batch));
  if (updates.length) {
    const levels = await tx.execute(sql`
      update ${variants} v set
        price = coalesce(x.price, v.price),
        available = coalesce(x.available, v.available),
        quantity = v.quantity + x.delta,
        updated_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as x(id uuid, price int, available boolean, delta int)
      where v.id = x.id
      returning v.id, v.quantity`);
    const levelOf = new Map(
      rowsOf<{ id: string; quantity: number }>(levels).map((r) => [r.id, Number(r.quantity)]),
    );
    for (const u of updates) {
      if (u.delta === 0) continue;
      movements.push({
        variantId: u.id,
        kind: 'adjustment',
        reason: 'stock_count',
        change: u.delta,
        levelAfter: levelOf.get(u.id)!,
        actor,
        note,
      });
    }
  }

  // Attribute values: replaced on each variant whose attributes the file sets.
  const withAttributes = plan.products.flatMap((p) => p.variants.filter((v) => v.attributes !== undefined));
  const replaced = withAttributes.filter((v) => !created.has(v.id!)).map((v) => v.id!);
  await insertAll(replaced, (batch) =>
    tx.delete(variantAttributeValues).where(inArray(variantAttributeValues.variantId, batch)),
  );
  const links = withAttributes.flatMap((v) =>
    (v.attributes as CsvAttribute[]).map((a) => ({
      variantId: v.id!,
      attributeValueId: valueId.get(valueKey(a.attribute, a.value))!,
    })),
  );
  await insertAll(links, (batch) => tx.insert(variantAttributeValues).values(batch).onConflictDoNothing());

  await insertAll(movements, (batch) => recordStockMovements(tx, batch));
  const touched = plan.products.filter((p) => p.changed);
  for (const p of touched)
    activity.push({
      entity: 'product',
      entityId: productId.get(p)!,
      action: 'imported',
      summary: importedSummary(fileName, p),
    });
  await insertAll(activity, (batch) => recordActivity(tx, actor, batch));

  return {
    result: {
      products: {
        created: plan.productCounts.create,
        updated: plan.productCounts.update,
        unchanged: plan.productCounts.unchanged,
      },
      variants: {
        created: plan.variantCounts.create,
        updated: plan.variantCounts.update,
        unchanged: plan.variantCounts.unchanged,
      },
      categoriesCreated: plan.missing.categories.length,
      attributeValuesCreated: plan.missing.attributeValues.length,
    },
    productIds: touched.map((p) => productId.get(p)!),
  };
}

/** The rows of a raw query's answer (node-postgres gives `{ rows }`, PGlite the same shape). */
function rowsOf<T>(answer: unknown): T[] {
  return (answer as { rows: T[] }).rows;
}
