import { asc, eq, inArray } from 'drizzle-orm';
import type { ProductInput, ProductSnapshot as Snapshot } from '../../../contract/admin';
import type { Db } from '../../db/client';
import { attributeValues, variantAttributeValues, variants } from '../../db/schema';
import { recordStockMovements, type StockMovement } from '../stock';
import type { Actor } from './save';

// A save's variants and the attribute values they name.

/**
 * The variants as sent, in order: a sent id is updated (and comes back if it was archived), a new
 * one is inserted, an active one left out is archived, never deleted (carts and orders name it).
 * Stock moves only through the history: a new variant opens it with its quantity; an existing one
 * keeps its stock unless a quantity is sent, which is recorded as the admin's stock count.
 */
export async function writeVariants(
  tx: Db,
  actor: Actor,
  productId: string,
  sent: ProductInput['variants'],
  before: Snapshot['variants'],
  now: Date,
): Promise<void> {
  const previous = new Map(before.map((v) => [v.id, v]));
  const valueIds = await attributeValueIds(tx, sent);
  const ids: string[] = [];
  const movements: StockMovement[] = [];
  const by = { id: actor.id, name: actor.name || actor.email };
  const counts = await stockNow(
    tx,
    sent.flatMap((v) =>
      v.variantId && previous.has(v.variantId) && v.quantity !== undefined ? [v.variantId] : [],
    ),
  );
  for (const [position, v] of sent.entries()) {
    const fields = { name: v.name, price: v.price, available: v.isAvailable, position };
    const old = v.variantId ? previous.get(v.variantId) : undefined;
    if (v.variantId && old) {
      const current = counts.get(v.variantId);
      const counted =
        v.quantity === undefined || current === undefined || current === v.quantity
          ? null
          : { change: v.quantity - current, levelAfter: v.quantity };
      await tx
        .update(variants)
        .set({
          ...fields,
          ...(v.quantity === undefined ? {} : { quantity: v.quantity }),
          archivedAt: null,
          updatedAt: now,
        })
        .where(eq(variants.id, v.variantId));
      if (counted)
        movements.push({
          variantId: v.variantId,
          kind: 'adjustment',
          reason: 'stock_count',
          ...counted,
          actor: by,
        });
      ids.push(v.variantId);
    } else {
      // The contract asks a new variant for its quantity.
      const quantity = v.quantity ?? 0;
      const [row] = await tx
        .insert(variants)
        .values({ ...fields, quantity, productId, createdAt: now, updatedAt: now })
        .returning({ id: variants.id });
      ids.push(row!.id);
      movements.push({
        variantId: row!.id,
        kind: 'opening',
        change: quantity,
        levelAfter: quantity,
        actor: by,
      });
    }
  }
  await recordStockMovements(tx, movements);
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

/**
 * The stock now of the variants whose quantity a save sets, their rows locked in id order (as
 * checkout locks them) so a sale meanwhile is counted and the two cannot deadlock.
 */
async function stockNow(tx: Db, variantIds: readonly string[]): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: variants.id, quantity: variants.quantity })
    .from(variants)
    .where(inArray(variants.id, [...variantIds]))
    .orderBy(asc(variants.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.quantity]));
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
