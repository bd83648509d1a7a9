import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type ProductInput,
  type ProductSnapshot,
  PRODUCT_VERSION_CONFLICT,
  productCreatedSummary,
  productSaveSummary,
} from '../../../contract/admin';
import { sanitizeRecipeTips } from '../../../contract/recipe-tips';
import type { Db } from '../../db/client';
import { productCategories, productImages, products, variants } from '../../db/schema';
import type { AuthUser } from '../../lib/auth/middleware';
import { AppError, notFound } from '../../lib/errors';
import { recordActivity } from '../activity';
import { checkReferences, writeLinks } from './references';
import { writeVariants } from './variants';

/*
 * The back office's products: every product, hidden and archived ones included, and the writes.
 * Each write is one transaction: the product row, its category and image links, its variants with
 * their attribute values, the version and the activity entry commit together or not at all.
 */

export type Actor = Pick<AuthUser, 'id' | 'name' | 'email'>;

/** Pids the shop makes: `SKN-` and a number, as the sample catalogue's (SKN-10001…). */
const PID_PATTERN = '^SKN-[0-9]{1,9}$';
const FIRST_PID = 10_001;
/** Serialises pid allocation across instances for the length of one create transaction. */
const PID_LOCK = 0x534b4e; // "SKN"

/** The next free `SKN-<n>`; call inside the create's transaction (it holds a lock until commit). */
async function nextPid(tx: Db): Promise<string> {
  return (await nextPids(tx, 1))[0]!;
}

/** The next `count` free pids, in order (a CSV import's new products); the same lock as one create's. */
export async function nextPids(tx: Db, count: number): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PID_LOCK})`);
  const [row] = await tx
    .select({ max: sql<number | null>`max(substring(${products.pid} from 5)::int)` })
    .from(products)
    .where(sql`${products.pid} ~ ${PID_PATTERN}`);
  const first = Math.max(FIRST_PID, Number(row?.max ?? 0) + 1);
  return Array.from({ length: count }, (_, i) => `SKN-${first + i}`);
}

/** Creates a product with its links and variants; answers its id. */
export async function createProduct(db: Db, actor: Actor, input: ProductInput): Promise<string> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, input, null);
    const now = new Date();
    const [row] = await tx
      .insert(products)
      .values({
        pid: await nextPid(tx),
        name: input.name,
        description: input.description,
        recipeTips: sanitizeRecipeTips(input.recipeTips),
        hidden: input.hidden,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: products.id, pid: products.pid });
    const productId = row!.id;
    await writeLinks(tx, productId, input);
    await writeVariants(tx, productId, input.variants, [], now);
    await recordActivity(tx, actor, {
      entity: 'product',
      entityId: productId,
      action: 'created',
      summary: productCreatedSummary(row!.pid, input.name, input.variants.length, input.hidden),
    });
    return productId;
  });
}

/**
 * Replaces the product with `input` if it is still at `version`: one UPDATE compares and bumps the
 * version, so of two saves from the same version exactly one wins and the other gets a 409.
 */
export async function updateProduct(
  db: Db,
  actor: Actor,
  productId: string,
  version: number,
  input: ProductInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await snapshot(tx, productId);
    if (!before) throw notFound('Product');
    const now = new Date();
    const recipeTips = sanitizeRecipeTips(input.recipeTips);
    const updated = await tx
      .update(products)
      .set({
        name: input.name,
        description: input.description,
        recipeTips,
        hidden: input.hidden,
        version: sql`${products.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(products.id, productId), eq(products.version, version)))
      .returning({ id: products.id });
    if (updated.length === 0) throw versionConflict();
    await checkReferences(tx, input, before);
    await writeLinks(tx, productId, input);
    await writeVariants(tx, productId, input.variants, before.variants, now);
    await recordActivity(tx, actor, {
      entity: 'product',
      entityId: productId,
      action: 'updated',
      summary: productSaveSummary(before, { ...input, recipeTips }),
    });
  });
}

const versionConflict = () => new AppError(409, 'version_conflict', PRODUCT_VERSION_CONFLICT);

type Snapshot = ProductSnapshot;

/** The product as it is before a save, locked for it: what the summary compares against. */
async function snapshot(tx: Db, productId: string): Promise<Snapshot | null> {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!row) return null;
  // One query after the other: a transaction has one connection (pg 9 refuses overlapping queries).
  const cats = await tx
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, productId));
  const imgs = await tx
    .select({ id: productImages.imageId })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.imageId));
  const vars = await tx
    .select()
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variants.id));
  return {
    name: row.name,
    description: row.description,
    recipeTips: row.recipeTips,
    hidden: row.hidden,
    categoryIds: cats.map((c) => c.id),
    imageIds: imgs.map((i) => i.id),
    variants: vars.map((v) => ({
      id: v.id,
      name: v.name,
      price: v.price,
      quantity: v.quantity,
      available: v.available,
      archived: v.archivedAt !== null,
    })),
  };
}
