import { z } from 'zod';
import { Uuid } from './common';
import { normalisePromoCode, PROMO_CODE_PATTERN, PROMO_REFUSALS, PROMO_SCOPES } from './promo';

// The signed-in shopper's server cart (docs/design.md#cart). The client sends ids and quantities, never
// prices: every answer is priced by the server at the moment it is made, sales included.

/** Whole Kenyan shillings. */
const Ksh = z.number().int().nonnegative();

/** Most units of one line a cart accepts (stock is usually the tighter limit). */
export const CART_QUANTITY_MAX = 999;
/** Most distinct lines one cart holds. */
export const CART_LINES_MAX = 100;

/** A whole number of units, 1 to CART_QUANTITY_MAX; strings ('2', '1e3') and fractions are refused. */
const CartQuantity = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(CART_QUANTITY_MAX, `must be at most ${CART_QUANTITY_MAX}`)
  .meta({ id: 'CartQuantity' });

/** The id the guest cart gave a line; the server remembers it so the same line is never pushed twice. */
const LocalItemId = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1–100 letters, digits, ".", "_", ":" or "-"')
  .meta({ id: 'LocalItemId' });

/**
 * A promo code as typed: letters, digits and `-`, 3–32 of them, surrounding spaces ignored; the
 * answer shows it upper-case (codes compare without letter case).
 */
export const PromoCode = z
  .string()
  .trim()
  .regex(PROMO_CODE_PATTERN, 'must be 3–32 letters, digits or "-"')
  .transform(normalisePromoCode)
  .meta({ id: 'PromoCode', example: 'KARIBU10' });

export const PromoScope = z.enum(PROMO_SCOPES).meta({ id: 'PromoScope' });
const PromoRefusalReason = z.enum(PROMO_REFUSALS).meta({ id: 'PromoRefusalReason' });

/**
 * The code a cart answer was priced with: applied, with what it saves in all (lines, order and
 * delivery together), or refused with the sentence the shopper reads under the field.
 */
const CartPromo = z
  .discriminatedUnion('applied', [
    z.object({
      applied: z.literal(true),
      code: z.string(),
      /** The discount's name, e.g. "Karibu: 10% off your first order". */
      name: z.string(),
      appliesTo: PromoScope,
      saving: z.number().int().nonnegative(),
    }),
    z.object({
      applied: z.literal(false),
      code: z.string(),
      reason: PromoRefusalReason,
      message: z.string(),
    }),
  ])
  .meta({ id: 'CartPromo' });

/** Latitude and longitude the shop delivers within (roughly Kenya); outside is a 400. */
export const KENYA_BOUNDS = { latMin: -5, latMax: 5.5, lngMin: 33.5, lngMax: 42.5 } as const;
export const OUTSIDE_KENYA_MESSAGE = 'We only deliver within Kenya: check the location.';
export const Latitude = z
  .number()
  .min(KENYA_BOUNDS.latMin, OUTSIDE_KENYA_MESSAGE)
  .max(KENYA_BOUNDS.latMax, OUTSIDE_KENYA_MESSAGE);
export const Longitude = z
  .number()
  .min(KENYA_BOUNDS.lngMin, OUTSIDE_KENYA_MESSAGE)
  .max(KENYA_BOUNDS.lngMax, OUTSIDE_KENYA_MESSAGE);

export const DeliveryAreaId = z
  .string()
  .regex(/^[a-z0-9-]{1,64}$/, 'must be a delivery area id from /v1/setups/delivery-areas')
  .meta({ id: 'DeliveryAreaId', example: 'westlands' });

export const DeliveryArea = z
  .object({ id: DeliveryAreaId, name: z.string(), lat: z.number(), lng: z.number() })
  .meta({ id: 'DeliveryArea' });
export type DeliveryArea = z.infer<typeof DeliveryArea>;
export const DeliveryAreaList = z.array(DeliveryArea).meta({ id: 'DeliveryAreaList' });

// Query values arrive as strings; a number must look like one ('1e3', '', ' 1' are refused).
const decimal = z.string().regex(/^-?\d{1,3}(\.\d{1,10})?$/, 'must be a decimal number such as -1.2921');

/**
 * `GET /v1/cart` parameters: with a delivery area, or a latitude and longitude, `shippingRate` is
 * the delivery fee to that place; without them it is 0. With `promoCode` the cart is priced with
 * that code, for the signed-in shopper (first order, uses already taken).
 */
export const CartQuery = z
  .object({
    deliveryAreaId: DeliveryAreaId.optional(),
    /** Prices the cart with this code (the answer's `promo` says whether it applies). */
    promoCode: PromoCode.optional(),
    lat: decimal.pipe(z.coerce.number()).pipe(Latitude).optional(),
    lng: decimal.pipe(z.coerce.number()).pipe(Longitude).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: 'send lat and lng together',
    path: ['lat'],
  })
  .refine((q) => !(q.deliveryAreaId && q.lat !== undefined), {
    message: 'send a deliveryAreaId or lat and lng, not both',
    path: ['deliveryAreaId'],
  })
  .meta({ id: 'CartQuery' });
export type CartQuery = z.infer<typeof CartQuery>;

/** An attribute of a line's variant, for "name: value" labels (sorted by name). */
const CartItemAttribute = z.object({ name: z.string(), value: z.string() }).meta({ id: 'CartItemAttribute' });

export const CartItem = z
  .object({
    /**
     * The line's id: in the server cart the id for PATCH and DELETE (a UUID); in a quote the id the
     * guest cart gave the line.
     */
    itemId: z.string(),
    productId: Uuid,
    productPid: z.string(),
    variantId: Uuid,
    name: z.string(),
    variantName: z.string(),
    /** The variant's attributes, sorted by name. */
    attributes: z.array(CartItemAttribute),
    /** The product's first category in display order (for links back to it); null when it has none. */
    categoryId: Uuid.nullable(),
    /** The thumbnail URL, null when the product has no image. */
    image: z.string().nullable(),
    quantity: z.number().int().positive(),
    /** What one unit costs today: the sale price when on sale. */
    price: Ksh,
    /** The list price before any sale. */
    originalPrice: Ksh,
    onSale: z.boolean(),
    /** price × quantity. */
    totalPrice: Ksh,
    /** Units in stock now; checkout refuses a line whose quantity is above it. */
    stock: z.number().int().nonnegative(),
    /** Whether the whole quantity can be bought now (quantity ≤ stock). */
    available: z.boolean(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof CartItem>;

export const Cart = z
  .object({
    /** Oldest line first. The capital I is the storefront's historical name. */
    Items: z.array(CartItem),
    /** The delivery fee for the place asked about (after a delivery code); 0 when none was given. */
    shippingRate: Ksh,
    /** Sum of the items' totalPrice. */
    subtotal: Ksh,
    /** What an order-wide promo code takes off the subtotal; 0 without one. */
    orderSaving: Ksh,
    /** subtotal − orderSaving + shippingRate, what checkout will charge. */
    total: Ksh,
    /** The promo code asked about, applied or refused; null when none was sent. */
    // A union with null, not .nullable(): the OpenAPI generator writes a nullable oneOf whose
    // branches refuse null (server/lib/openapi-document.test.ts).
    promo: z.union([CartPromo, z.null()]),
    /**
     * Lines whose product or variant the shop no longer sells, by itemId: not in Items and nothing
     * to pay for them; the shopper is told and removes them.
     */
    missing: z.array(z.string()),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof Cart>;

/**
 * `POST /v1/cart`: adds `quantity` units (merging with the line of the same variant). `variantId`
 * defaults to the product's first variant. `localItemId` marks a guest-cart line pushed after
 * sign-in: the same id is applied once per account, whatever the retries.
 */
export const AddCartItemBody = z
  .strictObject({
    item: z.strictObject({
      productId: Uuid,
      variantId: Uuid.optional(),
      quantity: CartQuantity,
      localItemId: LocalItemId.optional(),
    }),
  })
  .meta({ id: 'AddCartItemBody' });
export type AddCartItemBody = z.infer<typeof AddCartItemBody>;

/** `PATCH /v1/cart/{itemId}`: one more or one less; one less at 1 removes the line. */
export const UpdateCartItemBody = z
  .strictObject({ quantity: z.union([z.literal(1), z.literal(-1)], 'must be 1 or -1') })
  .meta({ id: 'UpdateCartItemBody' });
export type UpdateCartItemBody = z.infer<typeof UpdateCartItemBody>;

export const CartItemParams = z.object({ itemId: Uuid });

/** One guest-cart line to price: the id the guest cart gave it, the variant and how many. */
const QuoteLine = z
  .strictObject({ itemId: LocalItemId, productId: Uuid, variantId: Uuid, quantity: CartQuantity })
  .meta({ id: 'QuoteLine' });

/**
 * `POST /v1/cart/quote`: prices a guest cart as the server cart is priced, in one call. The answer is
 * a Cart (shippingRate 0); a line above the stock comes back `available: false` with the stock.
 */
export const CartQuoteBody = z
  .strictObject({
    items: z
      .array(QuoteLine)
      .max(CART_LINES_MAX, `a cart holds at most ${CART_LINES_MAX} different items`)
      .refine((items) => new Set(items.map((i) => i.itemId)).size === items.length, 'each itemId only once'),
    /** Prices the guest cart with this code; the per-shopper checks wait for sign-in. */
    promoCode: PromoCode.optional(),
  })
  .meta({ id: 'CartQuoteBody' });
export type CartQuoteBody = z.infer<typeof CartQuoteBody>;
