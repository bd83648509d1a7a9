import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { discounts } from '../../db/schema';

// The ONE place that says which discounts price a product: the catalogue (lists, pages and the cache
// boundaries), search (through the catalogue), the cart and checkout all build on these fragments,
// so a discount on a category prices its products wherever a price is shown or charged, and a
// discount whose uses are all taken stops everywhere at once. contract/pricing.ts's
// isDiscountActive stays the authority; these keep its rule in SQL so the database filters first.

/**
 * True for a `discounts` row that covers the product whose id `productId` gives: named itself, or
 * through one of the product's categories.
 */
export function coversProduct(productId: SQLWrapper): SQL {
  // Table names written out: drizzle leaves columns unqualified in a one-table query, and inside
  // these subqueries an unqualified `id` would bind to the wrong table.
  return sql`(exists (select 1 from discount_products dp
      where dp.discount_id = discounts.id and dp.product_id = ${productId})
    or exists (select 1 from discount_categories dc
      join product_categories pc on pc.category_id = dc.category_id
      where dc.discount_id = discounts.id and pc.product_id = ${productId}))`;
}

/**
 * Automatic (no promo code: a code prices only the carts that typed it), switched on and with a use
 * left: may price something, whatever the time.
 */
export function usable(): SQL {
  return sql`(discounts.code is null and discounts.active
    and (discounts.usage_limit is null or discounts.redemptions < discounts.usage_limit))`;
}

/** Applies at `now` (isDiscountActive in SQL): usable, started (inclusive), not ended (exclusive). */
export function applyingAt(now: Date): SQL {
  return sql`(${usable()} and discounts.starts_at <= ${now}
    and (discounts.ends_at is null or discounts.ends_at > ${now}))`;
}

/** The columns pricing reads from a discount row. */
export const pricingColumns = {
  discountId: discounts.id,
  name: discounts.name,
  kind: discounts.kind,
  value: discounts.value,
  active: discounts.active,
  startsAt: discounts.startsAt,
  endsAt: discounts.endsAt,
  usageLimit: discounts.usageLimit,
  redemptions: discounts.redemptions,
};

/**
 * A json array of the usable discounts covering `productId` (times as epoch milliseconds, which both
 * drivers hand back as numbers), for a correlated subquery beside a cart line; saleInfo decides
 * which apply at the moment. Ordered by start then id, as discountsOn lists them.
 */
export function coveringDiscountsJson(productId: SQLWrapper): SQL<unknown> {
  return sql`(select coalesce(json_agg(json_build_object('discountId', discounts.id,
      'name', discounts.name, 'kind', discounts.kind, 'value', discounts.value,
      'startsAt', extract(epoch from discounts.starts_at) * 1000,
      'endsAt', extract(epoch from discounts.ends_at) * 1000,
      'usageLimit', discounts.usage_limit, 'redemptions', discounts.redemptions)
      order by discounts.starts_at, discounts.id), '[]'::json)
    from discounts where ${usable()} and ${coversProduct(productId)})`;
}

/** A covering discount as coveringDiscountsJson hands it back. */
export interface CoveringDiscountJson {
  discountId: string;
  name: string;
  kind: 'percentage' | 'fixed';
  value: number;
  startsAt: number | string;
  endsAt: number | string | null;
  usageLimit: number | null;
  redemptions: number;
}

/** One covering discount, parsed, as pricing takes it. */
export function fromCoveringJson(d: CoveringDiscountJson) {
  return {
    discountId: d.discountId,
    name: d.name,
    kind: d.kind,
    value: Number(d.value),
    active: true,
    startsAt: new Date(Number(d.startsAt)),
    endsAt: d.endsAt === null ? null : new Date(Number(d.endsAt)),
    usageLimit: d.usageLimit === null ? null : Number(d.usageLimit),
    redemptions: Number(d.redemptions),
  };
}
