import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { AdminProduct, ProductInputDraft, VariantInput } from '../../contract/admin';
import { attributes, categories, images } from '../db/schema';
import type { TestContext } from './harness';
import type { Api } from './shop';

// Test helpers (not tests) for the back office suites.

/** The shop's API caller (server/test/shop.ts), under the name the back office suites use. */
export { api as adminApi } from './shop';
export type AdminApi = Api;

/** Ids the seeded catalogue already has: categories, images and attributes to link to. */
export async function seededRefs(ctx: TestContext) {
  const { db } = ctx.database;
  const [cats, imgs, attrs] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.position)),
    db.select({ id: images.id }).from(images).orderBy(asc(images.createdAt), asc(images.id)).limit(5),
    db.select({ id: attributes.id, name: attributes.name }).from(attributes).orderBy(asc(attributes.name)),
  ]);
  if (cats.length < 2 || imgs.length < 3 || attrs.length < 1)
    throw new Error('the seeded catalogue is too small');
  return {
    categoryIds: cats.map((c) => c.id),
    imageIds: imgs.map((i) => i.id),
    attributeIds: attrs.map((a) => a.id),
  };
}

/** A whole product body with one variant, as the form sends it; `overrides` replace fields. */
export function productBody(overrides: Partial<ProductInputDraft> = {}): ProductInputDraft {
  return {
    name: `Admin test product ${randomBytes(3).toString('hex')}`,
    description: 'Fresh from the lake.',
    recipeTips: '<p>Fry it.</p>',
    categoryIds: [],
    imageIds: [],
    variants: [variantBody()],
    ...overrides,
  };
}

export const variantBody = (overrides: Partial<VariantInput> = {}): VariantInput => ({
  name: '1 kg',
  price: 500,
  quantity: 10,
  isAvailable: true,
  attributes: [],
  ...overrides,
});

/** The product as PUT sends it back: the answer's fields, variant ids kept, archived ones left out. */
export function asInput(p: AdminProduct, overrides: Partial<ProductInputDraft> = {}): ProductInputDraft {
  return {
    name: p.name,
    description: p.description,
    recipeTips: p.recipeTips,
    categoryIds: p.categoryIds,
    imageIds: p.imageIds,
    hidden: p.hidden,
    variants: p.variants
      .filter((v) => !v.archivedAt)
      .map((v) => ({
        variantId: v.variantId,
        name: v.name,
        price: v.price,
        quantity: v.quantity,
        isAvailable: v.isAvailable,
        attributes: v.attributes,
      })),
    ...overrides,
  };
}

/** Creates a product through the API as the admin; fails the test on anything but 201. */
export async function createViaApi(
  call: AdminApi,
  body: ProductInputDraft = productBody(),
): Promise<AdminProduct> {
  const res = await call.post('/products', body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/** `If-Match` for a version. */
export const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });
