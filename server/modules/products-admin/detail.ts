import { asc, eq, sql } from 'drizzle-orm';
import type { AdminProduct, AdminVariant } from '../../../contract/admin';
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
import { notFound } from '../../lib/errors';
import { discountsOn, toImage } from '../catalogue';
import { group, statusOf } from './list';

// One product as the back office's form edits it.

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
