import { z } from 'zod';
import { Attribute, Category, Image, ImageSize, Variant } from './catalogue';
import { CATEGORY_COLORS } from './category-colors';
import { ListMeta, pageParams, Uuid } from './common';

export { CATEGORY_COLORS };

/*
 * The back office's catalogue calls (issue 10): products with variants and images, categories,
 * attributes and the activity log. Every route here is for admins only (401 for a guest, 403 for a
 * customer) and is tagged `admin` in the API document.
 */

// ── Limits ──────────────────────────────────────────────────────────────────────────────────────

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2000;
/** Of the HTML as sent; the stored text is the sanitised HTML. */
export const RECIPE_TIPS_MAX = 20_000;
export const VARIANTS_MAX = 30;
export const PRODUCT_IMAGES_MAX = 12;
export const PRODUCT_CATEGORIES_MAX = 10;
/** Whole KSH; above the M-Pesa ceiling nothing could be paid for anyway. */
export const VARIANT_PRICE_MAX = 250_000;
export const VARIANT_QUANTITY_MAX = 1_000_000;
export const NAME_MAX = 60;
export const ATTRIBUTE_VALUES_MAX = 100;
export const ALT_TEXT_MAX = 250;

/** Upload limits: what `POST /v1/assets/image` accepts per request and per file. */
export const UPLOAD_FILES_MAX = 10;
export const UPLOAD_BYTES_MAX = 10 * 1024 * 1024;
export const UPLOAD_PIXELS_MAX = 40_000_000;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// ── Shared pieces ───────────────────────────────────────────────────────────────────────────────

/** `the name` → `The name`. */
const sentence = (what: string) => what.charAt(0).toUpperCase() + what.slice(1);

/**
 * Trimmed text of at most `max` characters; every message a whole sentence naming the field
 * (`what`, e.g. "the product's name"), as the form shows it under the field.
 */
const text = (max: number, what: string, min?: { enter: string }) => {
  const trimmed = z.string(`Enter ${what} as text.`).trim();
  return (min ? trimmed.min(1, min.enter) : trimmed)
    .max(max, `${sentence(what)} must be at most ${max} characters.`)
    .refine((s) => !s.includes('\u0000'), `${sentence(what)} must not contain NUL characters.`);
};

/** Trimmed text that must not be empty: `enter` says what to type ("Enter a category name, e.g. …"). */
const name = (max: number, what: string, enter = `Enter ${what}.`) => text(max, what, { enter });

/** What the variant name field asks for, when it is needed. */
const VARIANT_NAME_NEEDED = 'Enter a variant name, e.g. 1 kg.';

export const ProductStatus = z.enum(['visible', 'hidden', 'archived']).meta({ id: 'ProductStatus' });
export type ProductStatus = z.infer<typeof ProductStatus>;

/** The admin's version of a product: `If-Match` on PUT carries it (as `"<n>"` or `<n>`). */
export const Version = z.number().int().positive();

/** `"3"`, `W/"3"` or `3` (a weak tag too: compression on the way may have weakened the ETag). */
const IF_MATCH = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/;

/**
 * The PUT's `If-Match` header (header names in lower case, as the server reads them). Required: its
 * absence is the 428 of a missing precondition rather than zod's 400, so the schema lets it be left
 * out and the document says it is required.
 */
export const IfMatchHeaders = z.object({
  'if-match': z
    .string()
    .regex(IF_MATCH, 'must be the product version you edited, e.g. "3"')
    .optional()
    .meta({
      description: 'The `version` of the product the form was filled from; without it the answer is 428',
      example: '"3"',
      param: { required: true },
    }),
});

/** The version an If-Match header names (one `IfMatchHeaders` accepted). */
export const ifMatchVersion = (header: string): number => Number(IF_MATCH.exec(header)![1]);

// ── Products ────────────────────────────────────────────────────────────────────────────────────

export const VariantAttributeInput = z
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
    quantity: z
      .number('Enter how many are in stock.')
      .int('Enter the stock as a whole number.')
      .min(0, 'The stock must not be negative.')
      .max(VARIANT_QUANTITY_MAX, `The stock must be at most ${VARIANT_QUANTITY_MAX}.`),
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
    /** At least one; the first prices the card. A lone variant needs no name; two or more each do. */
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
          if (!Array.isArray(list) || list.length < 2) return;
          list.forEach((v: unknown, i) => {
            const name = (v as { name?: unknown } | null)?.name;
            if (name === '' || name === undefined)
              ctx.addIssue({ code: 'custom', path: [i, 'name'], message: VARIANT_NAME_NEEDED });
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
export const ADMIN_PAGE_DEFAULT = 25;
export const ADMIN_PAGE_MAX = 100;

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

// ── Images ──────────────────────────────────────────────────────────────────────────────────────

/** `POST /v1/assets/image` answers one entry per `images` part, in order. */
export const UploadedImage = Image.meta({ id: 'UploadedImage' });
export const UploadedImages = z.array(UploadedImage);

/** Repeated form parts arrive as one value or a list; a missing one as nothing. */
const parts = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item));

/**
 * The multipart form of `POST /v1/assets/image`: `images` file parts with an `altText` text part for
 * each, in the same order (missing ones are empty). Only the form's shape is checked here (a
 * refusal is 400 `invalid_upload`); what each file holds is checked from its bytes.
 */
export const ImageUploadForm = z
  .strictObject({
    images: parts(z.file('must be a file').meta({ type: 'string', format: 'binary' })).pipe(
      z
        .array(z.file())
        .min(1, 'choose at least one image to upload')
        .max(UPLOAD_FILES_MAX, `send at most ${UPLOAD_FILES_MAX} images at once`),
    ),
    altText: parts(
      z.string('must be text').trim().max(ALT_TEXT_MAX, `must be at most ${ALT_TEXT_MAX} characters`),
    ),
  })
  .refine((form) => form.altText.length <= form.images.length, {
    path: ['altText'],
    message: 'send one altText part per image, in the same order, and no more',
  })
  .meta({ id: 'ImageUploadForm' });
export type ImageUploadForm = z.infer<typeof ImageUploadForm>;

/** 415 `unsupported_media_type`: an upload whose body is not a multipart form. */
export const NOT_MULTIPART_MESSAGE =
  'Send the images as multipart/form-data: `images` file parts, each with an `altText` part.';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The file's name as messages show it: the last path segment (old browsers send a full path), with
 * control and bidirectional-override characters removed (they could disguise `gpj.exe` as `exe.jpg`),
 * at most 80 characters; `image 3` when nothing is left.
 */
export function fileLabel(name: string, index: number): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSHOWABLE, '').trim();
  if (!clean) return `image ${index + 1}`;
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean;
}

/**
 * Why a file was refused: `empty`; `too_many_bytes` or `too_many_pixels` (the limits above);
 * `not_image` (no JPEG, PNG or WebP signature), `damaged` (cut short or broken), `trailing` (data
 * after the image's end), `archive` (a ZIP hidden inside).
 */
export type UploadProblem =
  | { reason: 'empty' | 'not_image' | 'damaged' | 'trailing' | 'archive' }
  | { reason: 'too_many_bytes'; bytes: number }
  | { reason: 'too_many_pixels'; width: number; height: number };

/** An upload refusal as the API answers it, naming the file. */
export interface UploadRefusal {
  status: 400 | 413 | 415;
  code: 'invalid_upload' | 'image_too_large' | 'unsupported_image';
  message: string;
}

const MB = 1024 * 1024;
const unsupportedImage = (message: string): UploadRefusal => ({
  status: 415,
  code: 'unsupported_image',
  message,
});
const SAVE_AGAIN = 'Save it again from an image editor and upload that copy.';

export function uploadRefusal(label: string, problem: UploadProblem): UploadRefusal {
  switch (problem.reason) {
    case 'empty':
      return { status: 400, code: 'invalid_upload', message: `${label} is empty.` };
    case 'too_many_bytes':
      return {
        status: 413,
        code: 'image_too_large',
        message: `${label} is ${(problem.bytes / MB).toFixed(1)} MB; an image may be at most ${UPLOAD_BYTES_MAX / MB} MB.`,
      };
    case 'too_many_pixels': {
      const { width, height } = problem;
      return {
        status: 413,
        code: 'image_too_large',
        message: `${label} is ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); an image may have at most ${UPLOAD_PIXELS_MAX / 1e6} megapixels.`,
      };
    }
    case 'not_image':
      return unsupportedImage(`${label} is not a JPEG, PNG or WebP image.`);
    case 'damaged':
      return unsupportedImage(
        `${label} is damaged or incomplete: it is not a whole JPEG, PNG or WebP image.`,
      );
    case 'trailing':
      return unsupportedImage(
        `${label} has data after the end of the image, which images do not need. ${SAVE_AGAIN}`,
      );
    case 'archive':
      return unsupportedImage(`${label} has an archive hidden inside the image. ${SAVE_AGAIN}`);
  }
}

/** `PATCH /v1/assets/image/{imageId}`. */
export const ImagePatch = z
  .strictObject({
    altText: z.string().trim().max(ALT_TEXT_MAX, `must be at most ${ALT_TEXT_MAX} characters`),
  })
  .meta({ id: 'ImagePatch' });
export type ImagePatch = z.infer<typeof ImagePatch>;
export const ImageIdParams = z.object({ imageId: Uuid });
export { ImageSize };

// ── Categories ──────────────────────────────────────────────────────────────────────────────────

export const CategoryColor = z.enum(CATEGORY_COLORS).meta({ id: 'CategoryColor' });

/** `POST /v1/categories` and `PUT /v1/categories/{id}`. */
export const CategoryInput = z
  .strictObject({
    name: name(NAME_MAX, 'the category name', 'Enter a category name, e.g. Vegetables.'),
    /** A Material Design Icons export name, e.g. `mdiFish`. */
    icon: z.string().regex(/^mdi[A-Z][A-Za-z0-9]*$/, 'Choose an icon: a Material Design icon name such as mdiFish.'),
    color: CategoryColor,
  })
  .meta({ id: 'CategoryInput' });
export type CategoryInput = z.infer<typeof CategoryInput>;

export const CategoryIdParams = z.object({ id: Uuid });

/** `DELETE /v1/categories/{id}?moveTo=`: its products move there, or stay uncategorised without it. */
export const DeleteCategoryQuery = z.object({ moveTo: Uuid.optional() }).meta({ id: 'DeleteCategoryQuery' });

/** `POST /v1/categories/reorder`: every category id, in the new landing-page order. */
export const CategoryOrder = z
  .strictObject({
    categoryIds: z
      .array(Uuid)
      .min(1)
      .refine((ids) => new Set(ids).size === ids.length, 'Choose each category only once.'),
  })
  .meta({ id: 'CategoryOrder' });
export type CategoryOrder = z.infer<typeof CategoryOrder>;

/** What deleting a category answers: how many products it held and where they went (null: nowhere). */
export const CategoryDeleted = z
  .object({ categoryId: Uuid, products: z.number().int().nonnegative(), movedTo: Uuid.nullable() })
  .meta({ id: 'CategoryDeleted' });
export type CategoryDeleted = z.infer<typeof CategoryDeleted>;

// ── Attributes ──────────────────────────────────────────────────────────────────────────────────

/**
 * The order attributes and their values are listed in, on the server and in the mocks alike: by
 * words, numbers by value (`2 kg` before `10 kg`), letter case aside.
 */
export const compareText = (a: string, b: string): number =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);

/** An attribute with how many products use it, and each value (in `compareText` order). */
export const AdminAttribute = Attribute.extend({
  productCount: z.number().int().nonnegative(),
  /** Products using each value; a value no product uses is 0 (eager lists only). */
  valueCounts: z.record(z.string(), z.number().int().nonnegative()),
}).meta({ id: 'AdminAttribute' });
export type AdminAttribute = z.infer<typeof AdminAttribute>;

/** `GET /v1/attribute`: `eager=true` fills each attribute's values (and their counts). */
export const AttributeListQuery = z
  .object({ eager: z.enum(['true', 'false']).default('false') })
  .meta({ id: 'AttributeListQuery' });

/** `POST /v1/attribute` and `PUT /v1/attribute/{attributeId}` (the attribute without its id). */
export const AttributeInput = z
  .strictObject({
    name: name(NAME_MAX, 'the attribute name', 'Enter an attribute name, e.g. Weight.'),
    values: z
      .array(name(NAME_MAX, 'the value', 'Enter a value, e.g. 500 g.'))
      .max(ATTRIBUTE_VALUES_MAX)
      .refine((v) => new Set(v.map((x) => x.toLowerCase())).size === v.length, 'Give each value only once.'),
  })
  .meta({ id: 'AttributeInput' });
export type AttributeInput = z.infer<typeof AttributeInput>;

export const AttributeIdParams = z.object({ attributeId: Uuid });

/**
 * `?force=true` on a delete (or a PUT that drops values) that touches values products use: without
 * it the answer is 409 `in_use` naming how many products; with it the values leave those variants.
 */
export const ForceQuery = z
  .object({ force: z.enum(['true', 'false']).default('false') })
  .meta({ id: 'ForceQuery' });

/** `DELETE /v1/attribute/{attributeId}/value`. */
export const AttributeValueBody = z
  .strictObject({ value: name(NAME_MAX, 'the value', 'Enter a value, e.g. 500 g.') })
  .meta({ id: 'AttributeValueBody' });
export type AttributeValueBody = z.infer<typeof AttributeValueBody>;

/** What deleting an attribute answers: how many products' variants lost its values. */
export const AttributeDeleted = z
  .object({ attributeId: Uuid, products: z.number().int().nonnegative() })
  .meta({ id: 'AttributeDeleted' });
export type AttributeDeleted = z.infer<typeof AttributeDeleted>;

/** The 409 `duplicate_name` message for a category or attribute whose name (in any case) is taken. */
export const duplicateNameMessage = (kind: 'category' | 'attribute', name: string) =>
  `${kind === 'category' ? 'A category' : 'An attribute'} named "${name}" already exists. Choose another name.`;

/** The 409 `in_use` details: how many products the change would touch. */
export const inUseMessage = (what: string, products: number) =>
  `${what} is used by ${products} product${products === 1 ? '' : 's'}. Delete it anyway to remove it from ${products === 1 ? 'it' : 'them'}.`;

// ── Activity ────────────────────────────────────────────────────────────────────────────────────

export const ACTIVITY_ENTITIES = ['product', 'category', 'attribute', 'image', 'discount', 'order'] as const;
export const ActivityEntity = z.enum(ACTIVITY_ENTITIES).meta({ id: 'ActivityEntity' });
export type ActivityEntity = z.infer<typeof ActivityEntity>;

export const ACTIVITY_ACTIONS = [
  'created',
  'updated',
  'hidden',
  'shown',
  'archived',
  'restored',
  'deleted',
  'uploaded',
  'reordered',
  // Discounts.
  'paused',
  'resumed',
  // Orders: a fulfilment step, a cancel, a payment asked about, settled by hand, a refund recorded.
  'status_changed',
  'cancelled',
  'payment_checked',
  'marked_paid',
  'refunded',
] as const;
export const ActivityAction = z.enum(ACTIVITY_ACTIONS).meta({ id: 'ActivityAction' });
export type ActivityAction = z.infer<typeof ActivityAction>;

export const ActivityEntry = z
  .object({
    activityId: Uuid,
    entity: ActivityEntity,
    entityId: Uuid,
    action: ActivityAction,
    /** Null once the admin's account is gone; the name stays. */
    actorId: Uuid.nullable(),
    actorName: z.string(),
    summary: z.string(),
    at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof ActivityEntry>;

/** `GET /v1/admin/activity?entity=&id=`: newest first. */
export const ActivityQuery = z
  .object({ entity: ActivityEntity, id: Uuid, ...pageParams(20, 100) })
  .meta({ id: 'ActivityQuery' });
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityList = z
  .object({ data: z.array(ActivityEntry), meta: ListMeta })
  .meta({ id: 'ActivityList' });
export type ActivityList = z.infer<typeof ActivityList>;

// ── Activity summaries ──────────────────────────────────────────────────────────────────────────
/*
 * The one line each write leaves in the log, in words: the server writes them and the mocks write
 * the same, so the edit page's history reads alike in mock mode.
 */

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `"a"`, `"a" and "b"`, `"a", "b" and "c"`, for messages. */
export function quotedList(items: readonly string[]): string {
  const quoted = items.map((i) => `"${i}"`);
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

export const ACTIVITY_SUMMARY_MAX = 500;
const clip = (s: string) =>
  s.length > ACTIVITY_SUMMARY_MAX ? `${s.slice(0, ACTIVITY_SUMMARY_MAX - 1)}…` : s;

export const productCreatedSummary = (pid: string, name: string, variants: number, hidden: boolean) =>
  `Created ${pid} “${name}” with ${plural(variants, 'variant')}${hidden ? ', hidden' : ''}.`;

/** A product as a save finds it: what its summary compares the saved body against. */
export interface ProductSnapshot {
  name: string;
  description: string;
  recipeTips: string;
  hidden: boolean;
  categoryIds: readonly string[];
  imageIds: readonly string[];
  /** Every variant, archived ones included, in position order. */
  variants: readonly {
    id: string;
    name: string;
    price: number;
    quantity: number;
    available: boolean;
    archived: boolean;
  }[];
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * What a PUT changed, in words: the product's fields, then each variant sent (restored, renamed,
 * priced, restocked, switched; or added), then the active variants left out (archived). `after`
 * carries the recipe tips as stored (sanitised), so an unchanged text is not reported.
 */
export function productSaveSummary(before: ProductSnapshot, after: ProductInput): string {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`name “${before.name}” → “${after.name}”`);
  if (before.description !== after.description) changes.push('description');
  if (before.recipeTips !== after.recipeTips) changes.push('recipe tips');
  if (!sameSet(before.categoryIds, after.categoryIds)) changes.push('categories');
  if (before.imageIds.join() !== after.imageIds.join())
    changes.push(sameSet(before.imageIds, after.imageIds) ? 'image order' : 'images');
  if (before.hidden !== after.hidden) changes.push(after.hidden ? 'hidden' : 'shown');
  const previous = new Map(before.variants.map((v) => [v.id, v]));
  for (const v of after.variants) {
    const old = v.variantId ? previous.get(v.variantId) : undefined;
    if (!old) {
      if (before.variants.length) changes.push(`added ${v.name} at KSH ${v.price}`);
      continue;
    }
    if (old.archived) changes.push(`restored ${v.name}`);
    if (old.name !== v.name) changes.push(`variant “${old.name}” renamed “${v.name}”`);
    if (old.price !== v.price) changes.push(`${v.name} price KSH ${old.price} → ${v.price}`);
    if (old.quantity !== v.quantity) changes.push(`${v.name} stock ${old.quantity} → ${v.quantity}`);
    if (old.available !== v.isAvailable) changes.push(`${v.name} ${v.isAvailable ? 'on sale' : 'off sale'}`);
  }
  const kept = new Set(after.variants.flatMap((v) => (v.variantId ? [v.variantId] : [])));
  for (const v of before.variants) if (!v.archived && !kept.has(v.id)) changes.push(`removed ${v.name}`);
  return changes.length ? clip(`Changed ${changes.join('; ')}.`) : 'Saved without changes.';
}

/**
 * The one entry a PATCH (or DELETE) leaves, given the switches it really flipped (a switch already
 * in the asked-for state is left out; nothing flipped, no entry). Archiving or restoring names the
 * action and a visibility change with it goes in the summary: entries of one write share a time
 * and would tie in the log.
 */
export function productPatchActivity(flipped: {
  hidden?: boolean;
  archived?: boolean;
}): { action: ActivityAction; summary: string } | null {
  const visibility = flipped.hidden === undefined ? null : flipped.hidden ? 'hidden' : 'shown';
  if (flipped.archived === undefined) return visibility && { action: visibility, summary: '' };
  const archive = flipped.archived
    ? 'Removed from the shop, search and carts; past orders keep it.'
    : 'Back in the shop.';
  return {
    action: flipped.archived ? 'archived' : 'restored',
    summary: visibility ? `${archive} Also ${visibility}.` : archive,
  };
}

/** A product's entry when an attribute write took values off its variants. */
export const valuesRemovedSummary = (values: readonly string[], attribute: string) =>
  `${quotedList(values)} of "${attribute}" deleted from its variants`;
export const attributeRemovedSummary = (attribute: string) =>
  `Attribute "${attribute}" deleted from its variants`;

export const imageUploadedSummary = (label: string, width: number, height: number) =>
  `${label} (${width} × ${height})`;
export const altTextSummary = (altText: string) => (altText ? `Alt text: ${altText}` : 'Alt text removed');

// ── The routes, as the SPA, the mocks and the server name them ──────────────────────────────────
/*
 * Under /api (all answers in the `{ data }` envelope unless noted; every route admin-only, tag `admin`):
 *   GET    /v1/admin/products            AdminProductQuery → AdminProductList (data + meta)
 *   GET    /v1/admin/products/{id}       → AdminProduct
 *   POST   /v1/products                  ProductInput → 201 AdminProduct
 *   PUT    /v1/products/{id}             ProductInput + If-Match: "<version>" → AdminProduct (ETag "<version>");
 *                                        428 `if_match_required`, 409 `version_conflict` (PRODUCT_VERSION_CONFLICT)
 *   PATCH  /v1/products/{id}             ProductPatch → AdminProduct (hide/show, archive/restore)
 *   DELETE /v1/products/{id}             → AdminProduct (archived; restore with PATCH { archived: false })
 *   GET    /v1/admin/activity            ActivityQuery → ActivityList (data + meta)
 *   POST   /v1/assets/image              multipart `images` + `altText` parts → 201 UploadedImage[]
 *   PATCH  /v1/assets/image/{imageId}    ImagePatch → Image
 *   POST   /v1/categories                CategoryInput → 201 Category
 *   PUT    /v1/categories/{id}           CategoryInput → Category
 *   DELETE /v1/categories/{id}?moveTo=   → CategoryDeleted
 *   POST   /v1/categories/reorder        CategoryOrder → { count, rows: Category[] }
 *   GET    /v1/attribute?eager=true      → { count, rows: AdminAttribute[] }
 *   POST   /v1/attribute                 AttributeInput → 201 AdminAttribute
 *   PUT    /v1/attribute/{attributeId}?force=   AttributeInput → AdminAttribute (409 `in_use`)
 *   DELETE /v1/attribute/{attributeId}?force=   → AttributeDeleted (409 `in_use`)
 *   DELETE /v1/attribute/{attributeId}/value?force=  AttributeValueBody → AdminAttribute (409 `in_use`)
 */
