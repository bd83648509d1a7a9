import { z } from 'zod';
import { VARIANT_QUANTITY_MAX, text } from './admin-common';
import { ListMeta, pageParams, Uuid } from './common';
import { STOCK_MOVEMENT_KINDS, STOCK_REASONS } from './stock-movements';

// A variant's stock history (issue 29): a person's adjustment with its reason, and the history that
// explains every unit. The words and refusals are in contract/stock-movements.ts (no zod), shared
// with the mocks.
/*
 * Under /api (admin-only, tag `admin`):
 *   POST /v1/admin/variants/{variantId}/adjustments   StockAdjustmentBody → 201 StockAdjusted;
 *                                                      409 `stock_held` (below what is held)
 *   GET  /v1/admin/variants/{variantId}/adjustments   StockHistoryQuery → StockHistory (data + meta)
 */

export const STOCK_NOTE_MAX = 200;

export const VariantIdParams = z.object({ variantId: Uuid }).meta({ id: 'VariantIdParams' });

const whole = (what: string) =>
  z.number(`Enter ${what} as a number.`).int(`Enter ${what} as a whole number.`);

/**
 * A person's change of a variant's stock: `change` adds (or, negative, takes away) units; a stock
 * count may instead give `countedTo`, the units on the shelf, those held by unpaid orders included.
 * Exactly one of the two; `countedTo` only with the reason `stock_count`.
 */
export const StockAdjustmentBody = z
  .strictObject({
    reason: z.enum(STOCK_REASONS, `Choose a reason: ${STOCK_REASONS.join(', ')}.`),
    change: whole('the change')
      .refine((n) => n !== 0, 'Enter a change other than 0.')
      .refine(
        (n) => Math.abs(n) <= VARIANT_QUANTITY_MAX,
        `The change must be at most ${VARIANT_QUANTITY_MAX} either way.`,
      )
      .optional(),
    countedTo: whole('the count')
      .min(0, 'The count must not be negative.')
      .max(VARIANT_QUANTITY_MAX, `The count must be at most ${VARIANT_QUANTITY_MAX}.`)
      .optional(),
    note: text(STOCK_NOTE_MAX, 'the note').default(''),
  })
  .superRefine((b, ctx) => {
    if (b.change === undefined && b.countedTo === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['change'],
        message: 'Enter the change, or the count for a stock count.',
      });
    if (b.change !== undefined && b.countedTo !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['countedTo'],
        message: 'Give either the change or the count, not both.',
      });
    if (b.countedTo !== undefined && b.reason !== 'stock_count')
      ctx.addIssue({ code: 'custom', path: ['countedTo'], message: 'Only a stock count gives the count.' });
  })
  .meta({ id: 'StockAdjustmentBody' });
export type StockAdjustmentBody = z.input<typeof StockAdjustmentBody>;

/** One line of a variant's stock history. */
export const StockMovementView = z
  .object({
    movementId: Uuid,
    variantId: Uuid,
    kind: z.enum(STOCK_MOVEMENT_KINDS),
    /** A person's reason; adjustments only. */
    reason: z.enum(STOCK_REASONS).nullable(),
    /** Units added (positive) or taken (negative). */
    change: z.number().int(),
    /** The units on sale right after it. */
    levelAfter: z.number().int().nonnegative(),
    /** Who made it; empty for sales, releases and the opening level. */
    actorName: z.string(),
    orderId: Uuid.nullable(),
    orderNumber: z.number().int().nullable(),
    note: z.string(),
    at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'StockMovement' });
export type StockMovementView = z.infer<typeof StockMovementView>;

/** The variant a history is of, with its stock now. */
export const StockVariant = z
  .object({
    variantId: Uuid,
    productId: Uuid,
    pid: z.string(),
    name: z.string(),
    variantName: z.string(),
    /** Units on sale now. */
    quantity: z.number().int().nonnegative(),
    /** Units held by unpaid orders: on the shelf, but not on sale. */
    held: z.number().int().nonnegative(),
  })
  .meta({ id: 'StockVariant' });
export type StockVariant = z.infer<typeof StockVariant>;

export const StockHistoryQuery = z.object(pageParams(20, 100)).meta({ id: 'StockHistoryQuery' });

/** A variant's history, newest first, a page at a time. */
export const StockHistory = z
  .object({ variant: StockVariant, data: z.array(StockMovementView), meta: ListMeta })
  .meta({ id: 'StockHistory' });
export type StockHistory = z.infer<typeof StockHistory>;

/** What an adjustment answers: the movement it recorded and the variant's stock after it. */
export const StockAdjusted = z
  .object({ movement: StockMovementView, variant: StockVariant })
  .meta({ id: 'StockAdjusted' });
export type StockAdjusted = z.infer<typeof StockAdjusted>;
