// Bulk edits on the manage-products table (POST /v1/admin/products/bulk): the price rule, the limits
// and the activity lines. Zod-free, so the server, the mocks and the SPA's preview share them.

/** Whole KSH; above the M-Pesa ceiling nothing could be paid for anyway. */
export const VARIANT_PRICE_MAX = 250_000;
/** Ids one request may name; beyond that, select "all matching the filter". */
export const BULK_IDS_MAX = 500;
/** The price lines an answer lists (`priceCount` counts them all). */
export const BULK_PRICES_LISTED = 200;
/** A percentage change between −90 % (a tenth of the price left) and +500 % (six times it). */
export const BULK_PERCENT_MIN = -90;
export const BULK_PERCENT_MAX = 500;

export type PriceChange = { by: 'percent' | 'amount'; value: number };

/**
 * A variant's price after a bulk change: a percentage rounds to whole shillings half up (KSH 333
 * +10 % is 366.3 → 366; 365 +10 % is 401.5 → 402), computed in integers so no float error decides
 * a shilling; an amount adds. Never below KSH 1, never above VARIANT_PRICE_MAX.
 */
export function bulkPrice(price: number, change: PriceChange): number {
  const next =
    change.by === 'percent' ? Math.floor((price * (100 + change.value) + 50) / 100) : price + change.value;
  return Math.min(VARIANT_PRICE_MAX, Math.max(1, next));
}

/** `+10 %`, `−5 %`, `+KSH 20`, `−KSH 20`, as the dialog and the activity log say a change. */
export function priceChangeLabel(change: PriceChange): string {
  const sign = change.value < 0 ? '−' : '+';
  const size = Math.abs(change.value);
  return change.by === 'percent' ? `${sign}${size} %` : `${sign}KSH ${size}`;
}

const SUMMARY_MAX = 500;
const clip = (s: string) => (s.length > SUMMARY_MAX ? `${s.slice(0, SUMMARY_MAX - 1)}…` : s);

/** What a bulk edit adds to a product's history after what it did: hidden, shown or archived. */
export const BULK_EDIT_NOTE = 'By a bulk edit.';

/**
 * A product's history line for the prices a bulk change moved: "Price of 1 kg: KSH 120 → KSH 132
 * (bulk +10 %).", "Price: …" for a lone unnamed variant, "Prices: 1 kg KSH 120 → KSH 132; …" for several.
 */
export function bulkPriceSummary(
  change: PriceChange,
  lines: readonly { variantName: string; oldPrice: number; newPrice: number }[],
): string {
  const move = (l: (typeof lines)[number]) => `KSH ${l.oldPrice} → KSH ${l.newPrice}`;
  const only = lines.length === 1 ? lines[0]! : null;
  const what = only
    ? only.variantName
      ? `Price of ${only.variantName}: ${move(only)}`
      : `Price: ${move(only)}`
    : `Prices: ${lines.map((l) => `${l.variantName} ${move(l)}`).join('; ')}`;
  return clip(`${what} (bulk ${priceChangeLabel(change)}).`);
}

/** A product's history line when a bulk edit put it in a category or took it out. */
export const bulkCategorySummary = (added: boolean, category: string) =>
  `${added ? 'Added to' : 'Removed from'} category “${category}” (bulk edit).`;
