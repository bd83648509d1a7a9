import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { ProductInput, ProductSnapshot as Snapshot } from '../../../contract/admin';
import type { Issue } from '../../../contract/common';
import type { Db } from '../../db/client';
import { attributes, categories, images, productCategories, productImages } from '../../db/schema';
import { invalid } from '../../lib/errors';

// What a save's body names besides its variants: the ids checked, the category and image links written.

/**
 * Every id the body names must exist (and a variant id must be this product's): one 400 naming each
 * bad one by its path, so the form can show them all under their fields.
 */
export async function checkReferences(tx: Db, input: ProductInput, before: Snapshot | null): Promise<void> {
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
export async function writeLinks(tx: Db, productId: string, input: ProductInput): Promise<void> {
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
