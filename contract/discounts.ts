import { z } from 'zod';
import { DiscountKind } from './catalogue';
import { ListMeta, Uuid, pageParams } from './common';
import { DISCOUNT_STATES } from './pricing';
import type { Refusal } from './stock';

// The back office's discounts (`/v1/discounts`): the body the form sends, the row the list shows,
// the list query, and the words of every answer. The price rules themselves (isDiscountActive,
// saleInfo, discountState) live zod-free in pricing.ts, shared by server, mocks and SPA.

export const DISCOUNT_NAME_MAX = 120;
/** 100 % would give every covered item away at MIN_PRICE; a percentage is 1–99. */
const PERCENT_MAX = 99;
/** A fixed amount off, in whole KSH: far above any price the shop sells at. */
const FIXED_MAX = 1_000_000;
const DISCOUNT_COVER_MAX = 500;
const DISCOUNT_PAGE_DEFAULT = 20;
const DISCOUNT_PAGE_MAX = 100;

export const DiscountState = z.enum(DISCOUNT_STATES).meta({ id: 'DiscountState' });
export type DiscountState = z.infer<typeof DiscountState>;

export const DISCOUNT_STATE_LABELS: Record<DiscountState, string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
};

const Instant = z.iso.datetime({ offset: true });
const distinct = (ids: readonly string[]) => new Set(ids).size === ids.length;

/**
 * `POST /v1/discounts` and `PUT /v1/discounts/{discountId}`: the whole discount. Times are instants
 * (the form converts Nairobi wall-clock times); `endsAt` null runs until paused or deleted;
 * `usageLimit` null has no limit. Pausing is a PUT with `active: false`.
 */
export const DiscountBody = z
  .strictObject({
    name: z.string().trim().min(1, 'enter a name').max(DISCOUNT_NAME_MAX),
    kind: DiscountKind,
    value: z.number().int('must be a whole number').positive('must be more than 0').max(FIXED_MAX),
    productIds: z.array(Uuid).max(DISCOUNT_COVER_MAX).refine(distinct, 'lists a product twice'),
    categoryIds: z.array(Uuid).max(DISCOUNT_COVER_MAX).refine(distinct, 'lists a category twice'),
    startsAt: Instant,
    endsAt: Instant.nullable(),
    active: z.boolean(),
    usageLimit: z.number().int('must be a whole number').positive('must be at least 1').nullable(),
  })
  .superRefine((d, ctx) => {
    if (d.kind === 'percentage' && d.value > PERCENT_MAX)
      ctx.addIssue({ code: 'custom', path: ['value'], message: `a percentage is at most ${PERCENT_MAX}` });
    if (d.endsAt !== null && Date.parse(d.endsAt) <= Date.parse(d.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after the start' });
    if (d.productIds.length === 0 && d.categoryIds.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['productIds'],
        message: 'choose at least one product or category',
      });
  })
  .meta({ id: 'DiscountBody' });
export type DiscountBody = z.infer<typeof DiscountBody>;

export const DiscountIdParams = z.object({ discountId: Uuid }).meta({ id: 'DiscountIdParams' });

/** A discount as the back office lists and edits it. */
export const Discount = z
  .object({
    discountId: Uuid,
    name: z.string(),
    kind: DiscountKind,
    value: z.number().int().positive(),
    /** What it covers, with names for the list. */
    products: z.array(z.object({ productId: Uuid, name: z.string() })),
    categories: z.array(z.object({ categoryId: Uuid, name: z.string() })),
    startsAt: Instant,
    endsAt: Instant.nullable(),
    active: z.boolean(),
    usageLimit: z.number().int().positive().nullable(),
    /** Paid orders holding a use of it (what "3 / 10" counts). */
    redemptions: z.number().int().nonnegative(),
    /** Uses taken, paid or awaiting payment: the limit counts these, so it is never oversold. */
    usesTaken: z.number().int().nonnegative(),
    /** discountState() at the moment of the answer. */
    state: DiscountState,
    createdAt: Instant,
    updatedAt: Instant,
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof Discount>;

/** `GET /v1/discounts`: newest first; `state` filters, `q` matches the name anywhere. */
export const DiscountQuery = z
  .object({
    ...pageParams(DISCOUNT_PAGE_DEFAULT, DISCOUNT_PAGE_MAX),
    state: DiscountState.optional(),
    q: z.string().trim().max(100).optional(),
  })
  .meta({ id: 'DiscountQuery' });
export type DiscountQuery = z.infer<typeof DiscountQuery>;
export type DiscountParams = z.input<typeof DiscountQuery>;

export const DiscountList = z
  .object({ data: z.array(Discount), meta: ListMeta })
  .meta({ id: 'DiscountList' });
export type DiscountList = z.infer<typeof DiscountList>;

export const DiscountDeleted = z.object({ discountId: Uuid }).meta({ id: 'DiscountDeleted' });
export type DiscountDeleted = z.infer<typeof DiscountDeleted>;

// ── Words ───────────────────────────────────────────────────────────────────────────────────────

/** `20% off` or `KSh 50 off`. */
export const discountValueLabel = (d: { kind: DiscountKind; value: number }) =>
  d.kind === 'percentage' ? `${d.value}% off` : `KSh ${d.value.toLocaleString('en-KE')} off`;

/** "3 / 10" against a limit, or just the count. */
export const redemptionsLabel = (d: { redemptions: number; usageLimit: number | null }) =>
  d.usageLimit === null ? String(d.redemptions) : `${d.redemptions} / ${d.usageLimit}`;

/** The 409 of a checkout whose price used a discount that ended, was paused or ran out meanwhile. */
export const offerEnded = (name: string): Refusal => ({
  status: 409,
  code: 'offer_ended',
  message: `The offer “${name}” has just ended, so the price of an item in your cart changed. Check your cart and place the order again.`,
});

/** The same when an order's payment is retried after its use went back and the offer is gone. */
export const offerEndedForOrder = (name: string): Refusal => ({
  status: 409,
  code: 'offer_ended',
  message: `The offer “${name}” this order was priced with has ended. Place a new order at today's prices.`,
});

export const discountCreatedSummary = (name: string, value: string) => `Created “${name}” (${value}).`;
export const discountUpdatedSummary = (name: string) => `Saved “${name}”.`;
export const discountPausedSummary = (name: string) => `Paused “${name}”.`;
export const discountResumedSummary = (name: string) => `Resumed “${name}”.`;
export const discountDeletedSummary = (name: string) => `Deleted “${name}”.`;

export const DISCOUNT_SAVED = 'Discount saved.';
export const DISCOUNT_CREATED = 'Discount created.';
export const DISCOUNT_DELETED = 'Discount deleted.';
export const DISCOUNT_PAUSED = 'Discount paused.';
export const DISCOUNT_RESUMED = 'Discount resumed.';

/*
 * `GET    /v1/discounts`                DiscountQuery → DiscountList (data + meta)
 * `GET    /v1/discounts/{discountId}`   → Discount
 * `POST   /v1/discounts`                DiscountBody → 201 Discount
 * `PUT    /v1/discounts/{discountId}`   DiscountBody → Discount (pause/resume: `active` false/true)
 * `DELETE /v1/discounts/{discountId}`   → DiscountDeleted
 */
