// What moves a variant's stock, and why: one copy for the server's stock_movements table, the API and
// the mocks. No zod here (the schemas are in contract/admin-stock.ts).

/**
 * `opening`: the level a variant started its history with (the sample seed, a new variant, the level
 * on the day the history began); `adjustment`: a person's change with a reason; `sale`: units an
 * order took at checkout or a payment retry; `release`: units a failed, expired or cancelled order
 * gave back.
 */
export const STOCK_MOVEMENT_KINDS = ['opening', 'adjustment', 'sale', 'release'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** Why a person changed the stock. */
export const STOCK_REASONS = ['goods_received', 'stock_count', 'damaged', 'returned', 'correction'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** A reason in the back office's words. */
export const STOCK_REASON_WORDS: Record<StockReason, string> = {
  goods_received: 'Goods received',
  stock_count: 'Stock count',
  damaged: 'Damaged or expired',
  returned: 'Returned',
  correction: 'Correction',
};

/** A system entry in the back office's words (an adjustment shows its reason instead). */
const STOCK_KIND_WORDS: Record<StockMovementKind, string> = {
  opening: 'Opening stock',
  adjustment: 'Adjustment',
  sale: 'Sale',
  release: 'Released',
};

/** What a history row says happened: the reason of an adjustment, else its kind. */
export const movementWords = (kind: StockMovementKind, reason: StockReason | null): string =>
  kind === 'adjustment' && reason ? STOCK_REASON_WORDS[reason] : STOCK_KIND_WORDS[kind];

/** A change with its sign, as the history and the activity log write it: "+12", "−3". */
export const signedChange = (change: number): string =>
  change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '0';

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/**
 * The refusal of an adjustment that would take stock below nothing: `available` units are on sale,
 * `held` more are held by unpaid orders (and only they can give them back).
 */
export function stockHeldMessage(available: number, held: number): string {
  const only = available === 0 ? 'No units can be taken away' : `Only ${units(available)} can be taken away`;
  if (held === 0) return `${only}: that is all the stock there is.`;
  return `${only}: ${held} more ${held === 1 ? 'is' : 'are'} held by unpaid orders until they are paid or released.`;
}

/** The refusal of a stock count below what unpaid orders hold. */
export const countBelowHeldMessage = (held: number): string =>
  `The count must be at least ${held}: ${units(held)} ${held === 1 ? 'is' : 'are'} held by unpaid orders and still on the shelf.`;

/**
 * The change a stock count makes: the shelf count includes the units held by unpaid orders, which
 * are already off the quantity on sale. Null when the count is below what is held.
 */
export const countedChange = (countedTo: number, quantity: number, held: number): number | null =>
  countedTo < held ? null : countedTo - held - quantity;

/** The activity entry of an adjustment: "Stock of 1 kg: +12 (goods received), now 40". */
export const stockAdjustedSummary = (
  variantName: string,
  change: number,
  reason: StockReason,
  levelAfter: number,
): string =>
  `Stock${variantName ? ` of ${variantName}` : ''}: ${signedChange(change)} (${STOCK_REASON_WORDS[reason].toLowerCase()}), now ${levelAfter}`;
