import { z } from 'zod';
import { PromoCode, PromoScope } from './cart';
import { DiscountKind } from './catalogue';
import { ListMeta, Uuid, pageParams } from './common';
import { DISCOUNT_STATES } from './pricing';
import type { Refusal } from './stock';

// The back office's discounts (`/v1/discounts`): the body the form sends, the row the list shows,
// the list query, and the words of every answer. The price rules themselves (isDiscountActive,
// saleInfo, discountState) live zod-free in pricing.ts, shared by server, mocks and SPA.

export const DISCOUNT_NAME_MAX = 120;
/** 100 % would give every covered item away at MIN_PRICE; a percentage is 1–99 (100 only off delivery). */
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

const Count = z.number().int('must be a whole number').positive('must be at least 1');

/**
 * `POST /v1/discounts` and `PUT /v1/discounts/{discountId}`: the whole discount. Times are instants
 * (the form converts Nairobi wall-clock times); `endsAt` null runs until paused or deleted;
 * `usageLimit` null has no limit. Pausing is a PUT with `active: false`.
 *
 * With a `code` it is a promo code: it prices nothing until a shopper types the code, may cover the
 * whole order or the delivery fee (`appliesTo`), and may ask for a minimum subtotal, a first order,
 * and at most `perShopperLimit` uses per shopper (1 when omitted). Without a code these keep their
 * defaults (items, none, false, null): an automatic discount applies to everyone.
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
    usageLimit: Count.nullable(),
    code: PromoCode.nullable().default(null),
    appliesTo: PromoScope.default('items'),
    minSubtotal: Count.max(FIXED_MAX).nullable().default(null),
    firstOrderOnly: z.boolean().default(false),
    perShopperLimit: Count.nullable().optional(),
  })
  .superRefine((d, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const percentMax = d.appliesTo === 'delivery' ? 100 : PERCENT_MAX;
    if (d.kind === 'percentage' && d.value > percentMax)
      issue('value', `a percentage is at most ${percentMax}`);
    if (d.endsAt !== null && Date.parse(d.endsAt) <= Date.parse(d.startsAt))
      issue('endsAt', 'must be after the start');
    if (d.appliesTo === 'items' && d.productIds.length === 0 && d.categoryIds.length === 0)
      issue('productIds', 'choose at least one product or category');
    if (d.appliesTo !== 'items' && (d.productIds.length > 0 || d.categoryIds.length > 0))
      issue('productIds', 'a discount on the whole order or the delivery names no products or categories');
    if (d.code === null) {
      if (d.appliesTo !== 'items')
        issue('appliesTo', 'only a promo code can cover the whole order or the delivery');
      if (d.minSubtotal !== null) issue('minSubtotal', 'only a promo code can ask for a minimum spend');
      if (d.firstOrderOnly) issue('firstOrderOnly', 'only a promo code can be for first orders');
      if (d.perShopperLimit != null) issue('perShopperLimit', 'only a promo code has a limit per shopper');
    }
  })
  .meta({ id: 'DiscountBody' });
export type DiscountBody = z.infer<typeof DiscountBody>;
/** The body as a client writes it: the promo fields may be left out for an automatic discount. */
export type DiscountBodyInput = z.input<typeof DiscountBody>;

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
    /** The promo code, upper-case; null for a discount that applies by itself. */
    code: z.string().nullable(),
    appliesTo: PromoScope,
    minSubtotal: z.number().int().positive().nullable(),
    firstOrderOnly: z.boolean(),
    perShopperLimit: z.number().int().positive().nullable(),
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

/** `GET /v1/discounts`: newest first; `state` filters, `q` matches the name or the code anywhere. */
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
export const discountValueLabel = (d: {
  kind: DiscountKind;
  value: number;
  appliesTo?: z.infer<typeof PromoScope>;
}) => {
  if (d.appliesTo === 'delivery' && d.kind === 'percentage' && d.value === 100) return 'Free delivery';
  const amount = d.kind === 'percentage' ? `${d.value}%` : `KSh ${d.value.toLocaleString('en-KE')}`;
  return d.appliesTo === 'delivery' ? `${amount} off delivery` : `${amount} off`;
};

/** The 400 of a code another discount already has (codes compare without letter case). */
export const CODE_TAKEN = 'another discount already has this code';

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

/** `Created “Karibu” (code KARIBU10, 10% off).`; a discount without a code names only its value. */
export const discountCreatedSummary = (name: string, value: string, code: string | null = null) =>
  `Created “${name}” (${code ? `code ${code}, ` : ''}${value}).`;
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
