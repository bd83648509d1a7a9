import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../lib/auth/password';
import type { Db } from '../client';
import {
  attributes,
  attributeValues,
  categories,
  discountProducts,
  discounts,
  imageFiles,
  images,
  productCategories,
  productImages,
  products,
  stockMovements,
  users,
  variantAttributeValues,
  variants,
} from '../schema';
import {
  ATTRIBUTES,
  CATEGORIES,
  DISCOUNTS,
  PRODUCTS,
  discountWindow,
  type AttributeName,
  type SeedProduct,
} from './catalogue';
import { DEMO_ACCOUNTS } from '../../../contract/demo-accounts';
import { renderScenes, sceneKey, type Scene } from './images';
import { insertBatches, openingMovements, variantName } from './rows';
import { seedSampleOrders } from './sample-orders';

export interface SeedOptions {
  /** Also create the demo admin and demo shopper (never in production). */
  demoAccounts: boolean;
  /**
   * Also write a few weeks of sample orders (server/db/seed/sample-orders.ts) so the back office has
   * figures to show: `npm start` on an empty database outside production; tests ask for it.
   */
  sampleOrders?: boolean;
}

/** Rows a multi-row insert carries at most (image rows hold ~20 KB of bytes each). */
const BATCH = 500;
const IMAGE_FILE_BATCH = 60;

/** The picture of a catalogue product. */
const productScene = (p: SeedProduct): Scene => ({
  emoji: p.emoji,
  accent: p.accent,
  cluster: p.cluster,
  palette: CATEGORIES.find((c) => c.slug === p.categories[0])!.color,
});

/** Loads the sample catalogue into an empty database; does nothing when products exist. */
export async function seed(db: Db, options: SeedOptions): Promise<{ seeded: boolean }> {
  if (await hasProducts(db)) return { seeded: false };
  // The slow parts (drawing images, hashing passwords) happen before the transaction opens.
  const [pictures, demoUsers] = await Promise.all([
    renderScenes(PRODUCTS.map(productScene)),
    options.demoAccounts
      ? Promise.all(
          Object.values(DEMO_ACCOUNTS).map(async (a) => ({
            ...pick(a),
            passwordHash: await hashPassword(a.password),
          })),
        )
      : null,
  ]);

  const result = await db.transaction(async (tx) => {
    // Several instances may start together on one PostgreSQL: one seeds, the others find products.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sokoni:seed'))`);
    if (await hasProducts(tx)) return { seeded: false };
    const now = new Date();

    // Categories and attributes may outlive deleted products: keep those, add what is missing.
    await tx
      .insert(categories)
      .values(CATEGORIES.map((c, position) => ({ ...c, position, createdAt: now, updatedAt: now })))
      .onConflictDoNothing({ target: categories.slug });
    const categoryId = new Map(
      (
        await tx
          .select({ id: categories.id, slug: categories.slug })
          .from(categories)
          .where(
            inArray(
              categories.slug,
              CATEGORIES.map((c) => c.slug),
            ),
          )
      ).map((c) => [c.slug, c.id]),
    );

    const attributeNames = Object.keys(ATTRIBUTES) as AttributeName[];
    await tx
      .insert(attributes)
      .values(attributeNames.map((name) => ({ name, createdAt: now, updatedAt: now })))
      .onConflictDoNothing({ target: attributes.name });
    const attributeId = new Map(
      (
        await tx
          .select({ id: attributes.id, name: attributes.name })
          .from(attributes)
          .where(inArray(attributes.name, attributeNames))
      ).map((a) => [a.name, a.id]),
    );
    await tx
      .insert(attributeValues)
      .values(
        attributeNames.flatMap((name) =>
          ATTRIBUTES[name].map((value) => ({ attributeId: lookup(attributeId, name), value })),
        ),
      )
      .onConflictDoNothing();
    const valueId = new Map(
      (
        await tx
          .select({ id: attributeValues.id, name: attributes.name, value: attributeValues.value })
          .from(attributeValues)
          .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
          .where(inArray(attributes.name, attributeNames))
      ).map((v) => [`${v.name}=${v.value}`, v.id]),
    );

    const productRows: PgInsertValue<typeof products>[] = [];
    const categoryRows: PgInsertValue<typeof productCategories>[] = [];
    const variantRows: PgInsertValue<typeof variants>[] = [];
    const variantValueRows: PgInsertValue<typeof variantAttributeValues>[] = [];
    const imageRows: PgInsertValue<typeof images>[] = [];
    const productImageRows: PgInsertValue<typeof productImages>[] = [];
    const fileRows: PgInsertValue<typeof imageFiles>[] = [];
    const productId = new Map<string, string>();

    PRODUCTS.forEach((p, index) => {
      const id = randomUUID();
      productId.set(p.pid, id);
      // One second apart, the first product newest, so "newest first" lists are stable.
      const createdAt = new Date(now.getTime() - index * 1000);
      productRows.push({
        id,
        pid: p.pid,
        name: p.name,
        description: p.description,
        recipeTips: p.recipeTips,
        createdAt,
        updatedAt: createdAt,
      });
      for (const slug of p.categories)
        categoryRows.push({ productId: id, categoryId: lookup(categoryId, slug) });
      p.variants.forEach((v, position) => {
        const variantId = randomUUID();
        variantRows.push({
          id: variantId,
          productId: id,
          name: variantName(v.attributes),
          price: v.price,
          quantity: v.quantity,
          position,
          createdAt,
          updatedAt: createdAt,
        });
        for (const [name, value] of Object.entries(v.attributes)) {
          variantValueRows.push({ variantId, attributeValueId: lookup(valueId, `${name}=${value}`) });
        }
      });
      const imageId = randomUUID();
      const files = lookup(pictures, sceneKey(productScene(p)));
      const largest = files.find((f) => f.size === 'detail')!;
      imageRows.push({
        id: imageId,
        altText: p.name,
        width: largest.width,
        height: largest.height,
        createdAt,
      });
      productImageRows.push({ productId: id, imageId, position: 0 });
      for (const f of files) fileRows.push({ imageId, ...f });
    });

    await insertBatches(tx, products, productRows, BATCH);
    await insertBatches(tx, productCategories, categoryRows, BATCH);
    await insertBatches(tx, variants, variantRows, BATCH);
    await insertBatches(tx, stockMovements, openingMovements(variantRows), BATCH);
    await insertBatches(tx, variantAttributeValues, variantValueRows, BATCH);
    await insertBatches(tx, images, imageRows, BATCH);
    await insertBatches(tx, productImages, productImageRows, BATCH);
    await insertBatches(tx, imageFiles, fileRows, IMAGE_FILE_BATCH);

    // A discount left over from deleted sample products (same name) is reused, not doubled.
    const existing = new Map(
      (
        await tx
          .select({ id: discounts.id, name: discounts.name })
          .from(discounts)
          .where(
            inArray(
              discounts.name,
              DISCOUNTS.map((d) => d.name),
            ),
          )
      ).map((d) => [d.name, d.id]),
    );
    const discountRows: PgInsertValue<typeof discounts>[] = [];
    const discountProductRows: PgInsertValue<typeof discountProducts>[] = [];
    for (const d of DISCOUNTS) {
      let id = existing.get(d.name);
      if (!id) {
        id = randomUUID();
        discountRows.push({
          id,
          name: d.name,
          kind: d.kind,
          value: d.value,
          active: d.active,
          ...discountWindow(d.window, now),
          createdAt: now,
          updatedAt: now,
        });
      }
      for (const pid of d.products)
        discountProductRows.push({ discountId: id, productId: lookup(productId, pid) });
    }
    await insertBatches(tx, discounts, discountRows, BATCH);
    await insertBatches(tx, discountProducts, discountProductRows, BATCH);

    if (demoUsers) {
      await tx
        .insert(users)
        .values(demoUsers)
        // An ADMIN_EMAIL account made earlier keeps its password.
        .onConflictDoNothing();
    }
    return { seeded: true };
  });
  if (result.seeded && options.sampleOrders) await seedSampleOrders(db);
  return result;
}

async function hasProducts(db: Db) {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length > 0;
}

const pick = (a: (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS]) => ({
  email: a.email,
  name: a.name,
  type: a.type,
  role: a.role,
  phone: a.phone,
  country: a.country,
});

function lookup<V>(map: Map<string, V>, key: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Sample catalogue refers to an unknown ${key}`);
  return value;
}
