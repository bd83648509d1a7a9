import { z } from 'zod';
import { Category, Image, Variant } from './catalogue';
import { ListMeta, pageParams, Uuid } from './common';
import {
  name,
  NAME_MAX,
  PRODUCT_CATEGORIES_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_NAME_MAX,
  ProductStatus,
  RECIPE_TIPS_MAX,
  text,
  VARIANT_PRICE_MAX,
  VARIANT_QUANTITY_MAX,
  VARIANTS_MAX,
  Version,
} from './admin-common';

// The back office's products (contract/admin.ts lists the routes): the form's input with its variants, the
// admin's view of a product, the paged list and its query, hide/show/archive, and the If-Match version.

/** What the variant name field asks for, when it is needed. */
const VARIANT_NAME_NEEDED = 'Enter a variant name, e.g. 1 kg.';
/** A new variant's quantity, when it was left out. */
const NEW_VARIANT_QUANTITY = 'A new variant needs its stock: enter how many are in stock.';

// ── Products ────────────────────────────────────────────────────────────────────────────────────

const VariantAttributeInput = z
  .strictObject({
    attributeId: Uuid,
    /** An existing value of the attribute, or a new one, which the save adds to the attribute. */
    value: name(NAME_MAX, 'the value', 'Enter a value, e.g. 500 g.'),
  })
  .meta({ id: 'VariantAttributeInput' });

export const VariantInput = z
  .strictObject({
    /** Present for a variant the product already has (or had: an archived one comes back). */
    variantId: Uuid.optional(),
    /** May be empty only when it is the product's one variant (the shop then shows no name). */
    name: text(NAME_MAX, 'the variant name').default(''),
    price: z
      .number('Enter the price in shillings.')
      .int('Enter the price in whole shillings.')
      .positive('The price must be more than 0.')
      .max(VARIANT_PRICE_MAX, `The price must be at most ${VARIANT_PRICE_MAX}.`),
    /**
     * Units in stock. Required for a new variant (its opening stock). For an existing one, left out
     * keeps the stock as it is (the form changes it with adjustments); sent and different, it is
     * recorded in the stock history as a stock count by the saving admin.
     */
    quantity: z
      .number('Enter how many are in stock.')
      .int('Enter the stock as a whole number.')
      .min(0, 'The stock must not be negative.')
      .max(VARIANT_QUANTITY_MAX, `The stock must be at most ${VARIANT_QUANTITY_MAX}.`)
      .optional(),
    isAvailable: z.boolean('Say whether the variant is for sale (true or false).'),
    attributes: z
      .array(VariantAttributeInput)
      .max(20)
      .refine(
        (list) => new Set(list.map((a) => a.attributeId)).size === list.length,
        'Give each attribute only once per variant.',
      ),
  })
  .meta({ id: 'VariantInput' });
export type VariantInput = z.infer<typeof VariantInput>;

/** `POST /v1/products` and `PUT /v1/products/{id}`: the whole product. */
export const ProductInput = z
  .strictObject({
    name: name(PRODUCT_NAME_MAX, 'the product name', 'Enter a product name, e.g. Sukuma wiki.'),
    description: text(PRODUCT_DESCRIPTION_MAX, 'the description'),
    /** HTML from the editor; the server keeps only its allow-listed tags and attributes. */
    recipeTips: z
      .string('Enter the recipe tips as text.')
      .max(RECIPE_TIPS_MAX, `The recipe tips must be at most ${RECIPE_TIPS_MAX} characters.`),
    categoryIds: z
      .array(Uuid)
      .max(PRODUCT_CATEGORIES_MAX)
      .refine((ids) => new Set(ids).size === ids.length, 'Choose each category only once.'),
    /** In display order; the first is the card image. */
    imageIds: z
      .array(Uuid)
      .max(PRODUCT_IMAGES_MAX)
      .refine((ids) => new Set(ids).size === ids.length, 'Add each image only once.'),
    /**
     * At least one; the first prices the card. A lone variant needs no name; two or more each do. A
     * new variant (no variantId) needs its quantity.
     */
    variants: z
      .array(VariantInput)
      .min(1, 'Add at least one variant.')
      .max(VARIANTS_MAX)
      .refine((list) => {
        const ids = list.flatMap((v) => (v.variantId ? [v.variantId] : []));
        return new Set(ids).size === ids.length;
      }, 'Send each variantId only once.')
      .superRefine(
        (list, ctx) => {
          if (!Array.isArray(list)) return;
          list.forEach((v: unknown, i) => {
            const sent = v as { name?: unknown; variantId?: unknown; quantity?: unknown } | null;
            if (list.length >= 2 && (sent?.name === '' || sent?.name === undefined))
              ctx.addIssue({ code: 'custom', path: [i, 'name'], message: VARIANT_NAME_NEEDED });
            // A new variant opens its stock history with its quantity.
            if (sent && sent.variantId === undefined && sent.quantity === undefined)
              ctx.addIssue({ code: 'custom', path: [i, 'quantity'], message: NEW_VARIANT_QUANTITY });
          });
        },
        // Also when another field of a variant is wrong: the form shows every error at once.
        { when: () => true },
      ),
    hidden: z.boolean().default(false),
  })
  .meta({ id: 'ProductInput' });
export type ProductInput = z.infer<typeof ProductInput>;
export type ProductInputDraft = z.input<typeof ProductInput>;

export const AdminVariant = Variant.extend({
  /** The admin's switch (offered for sale or not); the shop's `isAvailable` also needs stock. */
  isAvailable: z.boolean(),
  /** Null while on sale in the shop; set when an admin removed it (restorable). */
  archivedAt: z.iso.datetime({ offset: true }).nullable(),
}).meta({ id: 'AdminVariant' });
export type AdminVariant = z.infer<typeof AdminVariant>;

/** A product as the back office edits it, hidden and archived ones included. */
export const AdminProduct = z
  .object({
    productId: Uuid,
    pid: z.string(),
    name: z.string(),
    description: z.string(),
    recipeTips: z.string(),
    categoryIds: z.array(Uuid),
    imageIds: z.array(Uuid),
    images: z.array(Image),
    /** The active variants in order, then the archived ones (restorable by sending their id). */
    variants: z.array(AdminVariant),
    status: ProductStatus,
    hidden: z.boolean(),
    archivedAt: z.iso.datetime({ offset: true }).nullable(),
    version: Version,
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof AdminProduct>;

/** One row of the manage-products table. */
export const AdminProductRow = z
  .object({
    productId: Uuid,
    pid: z.string(),
    name: z.string(),
    /** The card image's thumbnail, or null without images. */
    thumbUrl: z.string().nullable(),
    categories: z.array(Category.pick({ categoryId: true, name: true })),
    /** Lowest and highest price of the active variants. */
    minPrice: z.number().int().nonnegative(),
    maxPrice: z.number().int().nonnegative(),
    /** Units in stock over the active variants. */
    totalStock: z.number().int().nonnegative(),
    variantCount: z.number().int().nonnegative(),
    onSale: z.boolean(),
    status: ProductStatus,
    version: Version,
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AdminProductRow' });
export type AdminProductRow = z.infer<typeof AdminProductRow>;

/**
 * The table's orders, each ending on the product id so pages never overlap: `updated` (latest
 * first), `newest` (latest created first), `name` (letter case aside), `price_asc`/`price_desc` (by
 * the lowest active variant price; products without active variants last either way), `stock`
 * (fewest units over the active variants first, products without active variants before all).
 */
export const ADMIN_PRODUCT_SORTS = ['updated', 'newest', 'name', 'price_asc', 'price_desc', 'stock'] as const;
export const AdminProductSort = z.enum(ADMIN_PRODUCT_SORTS).meta({ id: 'AdminProductSort' });
export type AdminProductSort = z.infer<typeof AdminProductSort>;
const ADMIN_PAGE_DEFAULT = 25;
const ADMIN_PAGE_MAX = 100;

/** `GET /v1/admin/products`: server-side paging over every product. */
export const AdminProductQuery = z
  .object({
    ...pageParams(ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX),
    /** Matches name or pid, case-insensitively, anywhere in them. */
    q: z.string().trim().max(100).optional(),
    categoryId: Uuid.optional(),
    /** Without it: visible and hidden (not archived). */
    status: ProductStatus.optional(),
    sort: AdminProductSort.default('updated'),
  })
  .meta({ id: 'AdminProductQuery' });
export type AdminProductQuery = z.infer<typeof AdminProductQuery>;
export type AdminProductParams = z.input<typeof AdminProductQuery>;

export const AdminProductList = z
  .object({ data: z.array(AdminProductRow), meta: ListMeta })
  .meta({ id: 'AdminProductList' });
export type AdminProductList = z.infer<typeof AdminProductList>;

/** `PATCH /v1/products/{id}`: hide, show, archive or restore. */
export const ProductPatch = z
  .strictObject({ hidden: z.boolean().optional(), archived: z.boolean().optional() })
  .refine((p) => p.hidden !== undefined || p.archived !== undefined, 'send hidden or archived')
  .meta({ id: 'ProductPatch' });
export type ProductPatch = z.infer<typeof ProductPatch>;

export const PRODUCT_VERSION_CONFLICT =
  'Another admin saved this product after you opened it. Reload it to see their changes, then make yours again.';
export const IF_MATCH_REQUIRED = 'Send the product version you edited in the If-Match header.';
