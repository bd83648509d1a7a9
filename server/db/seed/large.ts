import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import {
  attributes,
  attributeValues,
  categories,
  discountProducts,
  discounts,
  productCategories,
  productImages,
  products,
  variantAttributeValues,
  stockMovements,
  variants,
} from '../schema';
import { PRODUCTS, type CategorySlug, type SeedProduct } from './catalogue';
import { insertBatches, openingMovements, variantName } from './rows';

/** The most products one run may add. */
export const MAX_LARGE_PRODUCTS = 1_000_000;

export interface SeedLargeOptions {
  /** How many products to add. */
  products: number;
  /** Seed of the pseudo-random choices; the same seed and database give the same products. */
  randomSeed?: number;
  /** Products per transaction. */
  batchSize?: number;
}

export interface SeedLargeResult {
  inserted: number;
  firstPid: string;
  lastPid: string;
  variants: number;
  onSale: number;
  outOfStock: number;
  ms: number;
}

/** Generated pids start here, leaving SKN-10001…SKN-19999 to the sample catalogue. */
const FIRST_GENERATED = 20_001;
const OUT_OF_STOCK = 0.08;
const ONE_VARIANT_OUT = 0.1;
const ON_SALE = 0.1;

const QUALIFIERS: Record<CategorySlug, string[]> = {
  'fresh-fish': [
    'Lake Victoria',
    'Kisumu',
    'Homa Bay',
    'Mombasa',
    'Lamu',
    'Malindi',
    'Freshly Landed',
    'Premium',
  ],
  'dried-fish': ['Sun-dried', 'Kisumu', 'Homa Bay', 'Mbita', 'Premium', 'Value', 'Market'],
  'meat-poultry': ['Farm-fresh', 'Grass-fed', 'Kajiado', 'Narok', 'Premium', 'Butcher’s Choice', 'Value'],
  'fruits-vegetables': [
    'Farm-fresh',
    'Organic',
    'Limuru',
    'Kirinyaga',
    'Makueni',
    'Murang’a',
    'Kisii',
    'Juicy',
  ],
  'dairy-eggs': ['Farm', 'Kinangop', 'Nyeri', 'Ol Kalou', 'Creamy', 'Family'],
  bakery: ['Freshly Baked', 'Homestyle', 'Mama’s', 'Family-size', 'Bakery Fresh'],
  drinks: ['Chilled', 'Highland', 'Family-size', 'Classic', 'Premium'],
  'pantry-cereals': ['Premium', 'Value', 'Wholesale', 'Stone-ground', 'Family-size', 'Select', 'Organic'],
  'spices-herbs': ['Fresh', 'Coastal', 'Aromatic', 'Hand-picked', 'Premium', 'Market'],
};

const ORIGINS = [
  'Sourced from smallholder farmers and packed on the day of delivery.',
  'Checked for quality at our Nairobi warehouse before it leaves.',
  'Bought fresh at Wakulima Market every morning.',
  'Delivered across Nairobi, Kiambu and Machakos.',
  'A customer favourite, restocked every week.',
  'Packed in recyclable bags.',
];

/**
 * Adds generated products built from the sample catalogue's vocabulary, reusing its categories,
 * attribute values, images and current discounts (nothing is drawn). Needs the sample catalogue.
 */
export async function seedLarge(db: Db, options: SeedLargeOptions): Promise<SeedLargeResult> {
  const started = performance.now();
  const count = options.products;
  if (!Number.isInteger(count) || count < 1 || count > MAX_LARGE_PRODUCTS) {
    throw new RangeError(
      `products must be a whole number from 1 to ${MAX_LARGE_PRODUCTS.toLocaleString('en')}`,
    );
  }
  const batchSize = options.batchSize ?? 1000;
  const random = mulberry32(options.randomSeed ?? 0x50c0);
  const pickOne = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  const ctx = await loadVocabulary(db);
  let next = ctx.nextPid;
  const firstPid = pidOf(next);
  let variantCount = 0;
  let onSale = 0;
  let outOfStock = 0;

  for (let done = 0; done < count; done += batchSize) {
    const rows = {
      products: [] as PgInsertValue<typeof products>[],
      categories: [] as PgInsertValue<typeof productCategories>[],
      variants: [] as PgInsertValue<typeof variants>[],
      values: [] as PgInsertValue<typeof variantAttributeValues>[],
      images: [] as PgInsertValue<typeof productImages>[],
      discounts: [] as PgInsertValue<typeof discountProducts>[],
    };
    for (let i = done; i < Math.min(count, done + batchSize); i++) {
      const base = pickOne(ctx.bases);
      const n = next++;
      const id = randomUUID();
      // Older than everything already there: the curated catalogue stays first in "newest" lists.
      const createdAt = new Date(ctx.oldest - (i + 1) * 1000);
      rows.products.push({
        id,
        pid: pidOf(n),
        name: `${pickOne(QUALIFIERS[base.product.categories[0]])} ${base.product.name} #${n}`,
        description: `${base.product.description} ${pickOne(ORIGINS)}`,
        recipeTips: base.product.recipeTips,
        createdAt,
        updatedAt: createdAt,
      });
      for (const categoryId of base.categoryIds) rows.categories.push({ productId: id, categoryId });
      base.imageIds.forEach((imageId, position) => rows.images.push({ productId: id, imageId, position }));

      // A run of 1–3 of the base product's variants, priced around it (whole KSH, steps of 5).
      const all = base.product.variants;
      const k = 1 + Math.floor(random() * Math.min(3, all.length));
      const from = Math.floor(random() * (all.length - k + 1));
      const soldOut = random() < OUT_OF_STOCK;
      if (soldOut) outOfStock++;
      const oneOut = !soldOut && k > 1 && random() < ONE_VARIANT_OUT ? Math.floor(random() * k) : -1;
      const prices: number[] = [];
      all.slice(from, from + k).forEach((v, position) => {
        const variantId = randomUUID();
        const price = Math.max(5, Math.round((v.price * (0.85 + random() * 0.4)) / 5) * 5);
        prices.push(price);
        rows.variants.push({
          id: variantId,
          productId: id,
          name: variantName(v.attributes),
          price,
          quantity: soldOut || position === oneOut ? 0 : 1 + Math.floor(random() * 150),
          position,
          createdAt,
          updatedAt: createdAt,
        });
        for (const [name, value] of Object.entries(v.attributes)) {
          const valueId = ctx.valueIds.get(`${name}=${value}`);
          if (valueId) rows.values.push({ variantId, attributeValueId: valueId });
        }
      });
      variantCount += prices.length;

      if (ctx.discounts.length > 0 && random() < ON_SALE) {
        // A fixed amount off must leave every variant a positive price.
        const cheapest = Math.min(...prices);
        const fitting = ctx.discounts.filter((d) => d.kind === 'percentage' || d.value < cheapest);
        if (fitting.length > 0) {
          rows.discounts.push({ discountId: pickOne(fitting).id, productId: id });
          onSale++;
        }
      }
    }
    await db.transaction(async (tx) => {
      await insertBatches(tx, products, rows.products, 1000);
      await insertBatches(tx, productCategories, rows.categories, 2000);
      await insertBatches(tx, variants, rows.variants, 2000);
      await insertBatches(tx, stockMovements, openingMovements(rows.variants), 4000);
      await insertBatches(tx, variantAttributeValues, rows.values, 4000);
      await insertBatches(tx, productImages, rows.images, 4000);
      await insertBatches(tx, discountProducts, rows.discounts, 4000);
    });
  }

  return {
    inserted: count,
    firstPid,
    lastPid: pidOf(next - 1),
    variants: variantCount,
    onSale,
    outOfStock,
    ms: Math.round(performance.now() - started),
  };
}

const pidOf = (n: number) => `SKN-${n}`;

interface Base {
  product: SeedProduct;
  categoryIds: string[];
  imageIds: string[];
}

async function loadVocabulary(db: Db) {
  const pids = PRODUCTS.map((p) => p.pid);
  const found = await db
    .select({ id: products.id, pid: products.pid })
    .from(products)
    .where(inArray(products.pid, pids));
  if (found.length === 0) {
    throw new Error('The sample catalogue (SKN-10001…) is missing: seed the database first.');
  }
  const idByPid = new Map(found.map((r) => [r.pid, r.id]));
  const [categoryRows, imageRows, valueRows, discountRows, [pidStats], [oldest]] = await Promise.all([
    db.select({ id: categories.id, slug: categories.slug }).from(categories),
    db
      .select({ productId: productImages.productId, imageId: productImages.imageId })
      .from(productImages)
      .where(inArray(productImages.productId, [...idByPid.values()]))
      .orderBy(productImages.position),
    db
      .select({ id: attributeValues.id, name: attributes.name, value: attributeValues.value })
      .from(attributeValues)
      .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId)),
    db
      .select({ id: discounts.id, kind: discounts.kind, value: discounts.value })
      .from(discounts)
      .where(
        and(
          eq(discounts.active, true),
          lte(discounts.startsAt, sql`now()`),
          or(isNull(discounts.endsAt), gt(discounts.endsAt, sql`now()`)),
        ),
      )
      .orderBy(discounts.name),
    db
      .select({ maxPid: sql<number | null>`max(substring(${products.pid} from 5)::int)` })
      .from(products)
      .where(sql`${products.pid} ~ '^SKN-[0-9]{1,9}$'`),
    db
      .select({ ms: sql<number | null>`(extract(epoch from min(${products.createdAt})) * 1000)::float8` })
      .from(products),
  ]);
  const categoryBySlug = new Map(categoryRows.map((c) => [c.slug, c.id]));
  const imagesByProduct = new Map<string, string[]>();
  for (const r of imageRows)
    imagesByProduct.set(r.productId, [...(imagesByProduct.get(r.productId) ?? []), r.imageId]);

  const bases: Base[] = [];
  for (const product of PRODUCTS) {
    const id = idByPid.get(product.pid);
    const categoryIds = product.categories.map((s) => categoryBySlug.get(s)).filter((c): c is string => !!c);
    const imageIds = id ? (imagesByProduct.get(id) ?? []) : [];
    // Borrow only from sample products that still have their category and image.
    if (id && categoryIds.length > 0 && imageIds.length > 0) bases.push({ product, categoryIds, imageIds });
  }
  if (bases.length === 0)
    throw new Error('No sample product has both a category and an image left to borrow.');

  return {
    bases,
    valueIds: new Map(valueRows.map((v) => [`${v.name}=${v.value}`, v.id])),
    discounts: discountRows,
    nextPid: Math.max(FIRST_GENERATED, Number(pidStats?.maxPid ?? 0) + 1),
    oldest: oldest?.ms != null ? Math.floor(Number(oldest.ms)) : Date.now(),
  };
}

/** A small, fast, seedable pseudo-random generator (uniform in [0, 1)). */
/** A small seedable pseudo-random generator (uniform in [0, 1)). */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
