import { z } from 'zod';
import { AdminProductQuery } from './admin-products';
import {
  BULK_IDS_MAX,
  BULK_PERCENT_MAX,
  BULK_PERCENT_MIN,
  BULK_PRICES_LISTED,
  VARIANT_PRICE_MAX,
} from './bulk-edits';
import { Uuid } from './common';

// `POST /v1/admin/products/bulk`: one change to many products of the manage-products table, the rows
// ticked or every product a filter matches. The rules it applies are in contract/bulk-edits.ts.

/** The table's filters without its paging and sort: the same products the list counts as `total`. */
const ProductBulkFilter = AdminProductQuery.pick({ q: true, categoryId: true, status: true })
  .strict()
  .meta({ id: 'ProductBulkFilter' });

const BULK_TARGET_MESSAGE = 'Send productIds or filter (one of the two).';
const BULK_PERCENT_MESSAGE = `A percentage change is between ${BULK_PERCENT_MIN} and +${BULK_PERCENT_MAX}.`;
const BULK_ZERO_MESSAGE = 'A price change must not be 0.';

const ProductBulkTarget = z
  .strictObject({
    /** The ticked rows. */
    productIds: z
      .array(Uuid)
      .min(1)
      .max(BULK_IDS_MAX)
      .refine((ids) => new Set(ids).size === ids.length, 'Name each product only once.')
      .optional(),
    /** Every product the table's filters match ("all N matching"). */
    filter: ProductBulkFilter.optional(),
  })
  .refine((t) => (t.productIds === undefined) !== (t.filter === undefined), BULK_TARGET_MESSAGE)
  .meta({ id: 'ProductBulkTarget' });

const categoryAction = <K extends string>(kind: K) =>
  z.strictObject({ kind: z.literal(kind), categoryId: Uuid });

/**
 * A price change of every active variant: `percent` (whole, −90…+500) or `amount` (whole KSH, either
 * way); the result rounds half up to whole shillings, at least 1, at most VARIANT_PRICE_MAX.
 */
const PriceAction = z
  .strictObject({
    kind: z.literal('price'),
    by: z.enum(['percent', 'amount']),
    value: z.number().int().min(-VARIANT_PRICE_MAX).max(VARIANT_PRICE_MAX),
  })
  .superRefine((a, ctx) => {
    if (a.value === 0) ctx.addIssue({ code: 'custom', path: ['value'], message: BULK_ZERO_MESSAGE });
    else if (a.by === 'percent' && (a.value < BULK_PERCENT_MIN || a.value > BULK_PERCENT_MAX))
      ctx.addIssue({ code: 'custom', path: ['value'], message: BULK_PERCENT_MESSAGE });
  });

const ProductBulkAction = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('hide') }),
    z.strictObject({ kind: z.literal('show') }),
    z.strictObject({ kind: z.literal('archive') }),
    categoryAction('add_category'),
    categoryAction('remove_category'),
    PriceAction,
  ])
  .meta({ id: 'ProductBulkAction' });

export const ProductBulkBody = z
  .strictObject({
    target: ProductBulkTarget,
    action: ProductBulkAction,
    /** Answers what the edit would do and writes nothing (the price dialog's preview). */
    dryRun: z.boolean().default(false),
  })
  .meta({ id: 'ProductBulkBody' });
export type ProductBulkBody = z.infer<typeof ProductBulkBody>;
export type ProductBulkRequest = z.input<typeof ProductBulkBody>;

const BulkPriceLine = z
  .object({
    productId: Uuid,
    pid: z.string(),
    name: z.string(),
    variantId: Uuid,
    variantName: z.string(),
    oldPrice: z.number().int().positive(),
    newPrice: z.number().int().positive(),
  })
  .meta({ id: 'BulkPriceLine' });
export type BulkPriceLine = z.infer<typeof BulkPriceLine>;

export const ProductBulkResult = z
  .object({
    /** Products the target names (archived ones too, which a bulk edit leaves as they are). */
    matched: z.number().int().nonnegative(),
    /** Products the edit changed (or would, on a dry run): the others were already so. */
    changed: z.number().int().nonnegative(),
    dryRun: z.boolean(),
    /** A price change's moves, by product name then variant, the first BULK_PRICES_LISTED of them. */
    prices: z.array(BulkPriceLine).max(BULK_PRICES_LISTED),
    /** How many variant prices move in all. */
    priceCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'ProductBulkResult' });
export type ProductBulkResult = z.infer<typeof ProductBulkResult>;
