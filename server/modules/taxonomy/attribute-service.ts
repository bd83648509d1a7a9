import { and, asc, countDistinct, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  attributeRemovedSummary,
  compareText,
  duplicateNameMessage,
  inUseMessage,
  type AdminAttribute,
  type AttributeDeleted,
  type AttributeInput,
  valuesRemovedSummary,
} from '../../../contract/admin';
import type { Database, Db } from '../../db/client';
import { attributes, attributeValues, variantAttributeValues, variants } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { recordActivity } from '../activity';
import {
  capitalise,
  duplicateName,
  inUse,
  lockTaxonomy,
  plural,
  quotedList,
  touchProducts,
  type Actor,
} from './writes';
import { catalogueChanged } from '../catalogue';

/*
 * Attributes and their values as the back office writes them. A value keeps its row (its id) for
 * as long as it is kept, so the variants that use it keep it through renames and value edits.
 *
 * "Used by" counts distinct products with an active (not archived) variant that has the value: the
 * same figure the list shows in `valueCounts`/`productCount`, the 409 `in_use` names and the delete
 * answers, so the back office can tell beforehand whether a change will ask. Archived variants lose
 * the value without asking (they are out of the shop), and their products' versions move on too.
 */

/** Names and values are the same when they differ only in letter case. */
const fold = (s: string) => s.toLowerCase();

/** Products using each value, counting active variants only. */
function usage(db: Db) {
  return db
    .select({
      attributeId: attributeValues.attributeId,
      valueId: attributeValues.id,
      value: attributeValues.value,
      products: countDistinct(variants.productId),
    })
    .from(attributeValues)
    .leftJoin(variantAttributeValues, eq(variantAttributeValues.attributeValueId, attributeValues.id))
    .leftJoin(variants, and(eq(variants.id, variantAttributeValues.variantId), isNull(variants.archivedAt)))
    .groupBy(attributeValues.id)
    .$dynamic();
}

/** Distinct products with an active variant using any of these values. */
async function productsUsing(tx: Db, valueIds: readonly string[]): Promise<number> {
  if (valueIds.length === 0) return 0;
  const [row] = await tx
    .select({ n: countDistinct(variants.productId) })
    .from(variantAttributeValues)
    .innerJoin(variants, eq(variants.id, variantAttributeValues.variantId))
    .where(and(inArray(variantAttributeValues.attributeValueId, [...valueIds]), isNull(variants.archivedAt)));
  return row?.n ?? 0;
}

/** Every product with any variant (archived ones too) that will lose one of these values. */
async function productsLosing(tx: Db, valueIds: readonly string[]): Promise<string[]> {
  if (valueIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: variants.productId })
    .from(variantAttributeValues)
    .innerJoin(variants, eq(variants.id, variantAttributeValues.variantId))
    .where(inArray(variantAttributeValues.attributeValueId, [...valueIds]));
  return rows.map((r) => r.id);
}

/** Attributes by name with their product counts; with `eager`, their values in order and each one's count. */
export async function listAttributes(
  db: Db,
  { eager, ids }: { eager: boolean; ids?: readonly string[] },
): Promise<{ count: number; rows: AdminAttribute[] }> {
  const only = ids ? inArray(attributes.id, [...ids]) : undefined;
  // One query after the other: this also runs inside a write's transaction, on one connection.
  const rows = await db
    .select({
      attributeId: attributes.id,
      name: attributes.name,
      productCount: countDistinct(variants.productId),
    })
    .from(attributes)
    .leftJoin(attributeValues, eq(attributeValues.attributeId, attributes.id))
    .leftJoin(variantAttributeValues, eq(variantAttributeValues.attributeValueId, attributeValues.id))
    .leftJoin(variants, and(eq(variants.id, variantAttributeValues.variantId), isNull(variants.archivedAt)))
    .where(only)
    .groupBy(attributes.id)
    .orderBy(asc(attributes.name), asc(attributes.id));
  const values = eager
    ? await usage(db)
        .where(ids ? inArray(attributeValues.attributeId, [...ids]) : undefined)
        .orderBy(asc(attributeValues.value), asc(attributeValues.id))
    : [];
  const byAttribute = new Map(
    rows.map((r) => [
      r.attributeId,
      { ...r, values: [] as string[], valueCounts: {} as Record<string, number> },
    ]),
  );
  for (const v of values) {
    const attribute = byAttribute.get(v.attributeId);
    if (!attribute) continue;
    attribute.values.push(v.value);
    attribute.valueCounts[v.value] = v.products;
  }
  // Sorted here, not by the database, whose collation differs between PGlite and PostgreSQL.
  const rowsInOrder = [...byAttribute.values()].sort(
    (a, b) => compareText(a.name, b.name) || compareText(a.attributeId, b.attributeId),
  );
  for (const a of rowsInOrder) a.values.sort(compareText);
  return { count: rowsInOrder.length, rows: rowsInOrder };
}

async function attributeById(tx: Db, id: string): Promise<AdminAttribute> {
  const [found] = (await listAttributes(tx, { eager: true, ids: [id] })).rows;
  if (!found) throw notFound('The attribute');
  return found;
}

async function findAttribute(tx: Db, id: string) {
  const [row] = await tx.select().from(attributes).where(eq(attributes.id, id));
  if (!row) throw notFound('The attribute');
  return row;
}

async function checkNameFree(tx: Db, name: string, except?: string): Promise<void> {
  const same = sql`lower(${attributes.name}) = lower(${name})`;
  const [clash] = await tx
    .select({ name: attributes.name })
    .from(attributes)
    .where(except ? and(same, ne(attributes.id, except)) : same)
    .limit(1);
  if (clash) throw duplicateName(duplicateNameMessage('attribute', clash.name));
}

async function valuesOf(tx: Db, attributeId: string) {
  return tx
    .select({ id: attributeValues.id, value: attributeValues.value })
    .from(attributeValues)
    .where(eq(attributeValues.attributeId, attributeId))
    .orderBy(asc(attributeValues.value), asc(attributeValues.id));
}

async function insertValues(tx: Db, attributeId: string, values: readonly string[]): Promise<void> {
  if (values.length === 0) return;
  await tx
    .insert(attributeValues)
    .values(values.map((value) => ({ attributeId, value })))
    // A product save may have added the same value a moment ago: it is there either way.
    .onConflictDoNothing();
}

/** A new attribute with its values. */
export async function createAttribute(
  database: Database,
  actor: Actor,
  input: AttributeInput,
): Promise<AdminAttribute> {
  const created = await database.db.transaction(async (tx) => {
    await lockTaxonomy(tx, 'attributes');
    await checkNameFree(tx, input.name);
    const [row] = await tx.insert(attributes).values({ name: input.name }).returning({ id: attributes.id });
    await insertValues(tx, row!.id, input.values);
    await recordActivity(tx, actor, {
      entity: 'attribute',
      entityId: row!.id,
      action: 'created',
      summary: input.values.length
        ? `Created "${input.name}" with ${plural(input.values.length, 'value')}: ${input.values.join(', ')}`
        : `Created "${input.name}" without values`,
    });
    return attributeById(tx, row!.id);
  });
  await catalogueChanged(database);
  return created;
}

/**
 * Renames the attribute and makes its values the given list. A value matched in any letter case is
 * kept (its spelling updated), so its variants keep it; values not in the list are deleted, which
 * needs `force` when products use them.
 */
export async function updateAttribute(
  database: Database,
  actor: Actor,
  id: string,
  input: AttributeInput,
  force: boolean,
): Promise<AdminAttribute> {
  const updated = await database.db.transaction(async (tx) => {
    await lockTaxonomy(tx, 'attributes');
    const before = await findAttribute(tx, id);
    await checkNameFree(tx, input.name, id);
    const existing = await valuesOf(tx, id);

    // Each wanted value claims an existing row: the one spelt the same, else one differing in case.
    const unclaimed = new Map(existing.map((v) => [v.id, v]));
    const claims = new Map<string, { id: string; value: string }>();
    for (const exact of [true, false]) {
      for (const wanted of input.values) {
        if (claims.has(wanted)) continue;
        const row = [...unclaimed.values()].find((v) =>
          exact ? v.value === wanted : fold(v.value) === fold(wanted),
        );
        if (!row) continue;
        claims.set(wanted, row);
        unclaimed.delete(row.id);
      }
    }
    const dropped = [...unclaimed.values()];
    const respelt = [...claims].filter(([wanted, row]) => row.value !== wanted);
    const added = input.values.filter((v) => !claims.has(v));

    const using = await productsUsing(
      tx,
      dropped.map((v) => v.id),
    );
    if (using > 0 && !force) {
      const what = dropped.length === 1 ? 'The value' : 'The values';
      throw inUse(
        inUseMessage(`${what} ${quotedList(dropped.map((v) => v.value))} of "${before.name}"`, using),
      );
    }

    const changes: string[] = [];
    if (before.name !== input.name) {
      await tx
        .update(attributes)
        .set({ name: input.name, updatedAt: new Date() })
        .where(eq(attributes.id, id));
      changes.push(`Renamed "${before.name}" → "${input.name}"`);
    }
    if (dropped.length) {
      const losing = await productsLosing(
        tx,
        dropped.map((v) => v.id),
      );
      // Their variant links go by cascade.
      await tx.delete(attributeValues).where(
        inArray(
          attributeValues.id,
          dropped.map((v) => v.id),
        ),
      );
      await touchProducts(
        tx,
        actor,
        losing,
        valuesRemovedSummary(
          dropped.map((v) => v.value),
          input.name,
        ),
      );
      changes.push(
        `removed ${quotedList(dropped.map((v) => v.value))}${using ? ` (used by ${plural(using, 'product')})` : ''}`,
      );
    }
    for (const [wanted, row] of respelt) {
      await tx.update(attributeValues).set({ value: wanted }).where(eq(attributeValues.id, row.id));
      changes.push(`"${row.value}" → "${wanted}"`);
    }
    if (added.length) {
      await insertValues(tx, id, added);
      changes.push(`added ${quotedList(added)}`);
    }
    if (changes.length)
      await recordActivity(tx, actor, {
        entity: 'attribute',
        entityId: id,
        action: 'updated',
        summary: capitalise(changes.join('; ')),
      });
    return { attribute: await attributeById(tx, id), changed: changes.length > 0 };
  });
  if (updated.changed) await catalogueChanged(database);
  return updated.attribute;
}

/** Deletes the attribute and its values; `force` when products use them. */
export async function deleteAttribute(
  database: Database,
  actor: Actor,
  id: string,
  force: boolean,
): Promise<AttributeDeleted> {
  const answer = await database.db.transaction(async (tx) => {
    await lockTaxonomy(tx, 'attributes');
    const doomed = await findAttribute(tx, id);
    const valueIds = (await valuesOf(tx, id)).map((v) => v.id);
    const using = await productsUsing(tx, valueIds);
    if (using > 0 && !force) throw inUse(inUseMessage(`The attribute "${doomed.name}"`, using));
    const losing = await productsLosing(tx, valueIds);
    // Values and variant links go by cascade.
    await tx.delete(attributes).where(eq(attributes.id, id));
    await recordActivity(tx, actor, {
      entity: 'attribute',
      entityId: id,
      action: 'deleted',
      summary: `Deleted "${doomed.name}"${using ? `, used by ${plural(using, 'product')}` : ''}`,
    });
    await touchProducts(tx, actor, losing, attributeRemovedSummary(doomed.name));
    return { attributeId: id, products: using };
  });
  await catalogueChanged(database);
  return answer;
}

/** Deletes one value, matched in any letter case; `force` when products use it. */
export async function deleteAttributeValue(
  database: Database,
  actor: Actor,
  id: string,
  value: string,
  force: boolean,
): Promise<AdminAttribute> {
  const attribute = await database.db.transaction(async (tx) => {
    await lockTaxonomy(tx, 'attributes');
    const owner = await findAttribute(tx, id);
    const existing = await valuesOf(tx, id);
    const row =
      existing.find((v) => v.value === value) ?? existing.find((v) => fold(v.value) === fold(value));
    if (!row) throw notFound(`The value "${value}" of "${owner.name}"`);
    const using = await productsUsing(tx, [row.id]);
    if (using > 0 && !force) throw inUse(inUseMessage(`The value "${row.value}" of "${owner.name}"`, using));
    const losing = await productsLosing(tx, [row.id]);
    await tx.delete(attributeValues).where(eq(attributeValues.id, row.id));
    await recordActivity(tx, actor, {
      entity: 'attribute',
      entityId: id,
      action: 'updated',
      summary: `Removed "${row.value}"${using ? ` (used by ${plural(using, 'product')})` : ''}`,
    });
    await touchProducts(tx, actor, losing, valuesRemovedSummary([row.value], owner.name));
    return attributeById(tx, id);
  });
  await catalogueChanged(database);
  return attribute;
}
