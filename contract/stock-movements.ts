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
