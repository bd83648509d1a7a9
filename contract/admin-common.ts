import { z } from 'zod';

// The limits and shared pieces of the back office's calls (contract/admin.ts lists them all).

// ── Limits ──────────────────────────────────────────────────────────────────────────────────────

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2000;
/** Of the HTML as sent; the stored text is the sanitised HTML. */
export const RECIPE_TIPS_MAX = 20_000;
export const VARIANTS_MAX = 30;
export const PRODUCT_IMAGES_MAX = 12;
export const PRODUCT_CATEGORIES_MAX = 10;
export { VARIANT_PRICE_MAX } from './bulk-edits';
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
export const text = (max: number, what: string, min?: { enter: string }) => {
  const trimmed = z.string(`Enter ${what} as text.`).trim();
  return (min ? trimmed.min(1, min.enter) : trimmed)
    .max(max, `${sentence(what)} must be at most ${max} characters.`)
    .refine((s) => !s.includes('\u0000'), `${sentence(what)} must not contain NUL characters.`);
};

/** Trimmed text that must not be empty: `enter` says what to type ("Enter a category name, e.g. …"). */
export const name = (max: number, what: string, enter = `Enter ${what}.`) => text(max, what, { enter });

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
