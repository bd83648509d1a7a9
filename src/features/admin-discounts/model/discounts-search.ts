import { parseListSearch } from '@/lib/list-search';
import { DISCOUNT_STATES, type DiscountState } from '@contract/pricing';

/** The discounts list's state, kept in the URL so back, forward and a shared link work. */
export interface DiscountsSearch {
  state?: DiscountState;
  /** Part of the name. */
  q?: string;
  /** 1-based. */
  page?: number;
}

/** Rows per page (the contract's default). */
export const DISCOUNTS_PAGE_SIZE = 20;
const STATES: readonly string[] = DISCOUNT_STATES;

/**
 * The route's validateSearch: keeps what is valid, drops the rest. Plain checks rather than the
 * contract's zod schema: route definitions load with the landing page (docs/design.md#budgets).
 */
export function parseDiscountsSearch(raw: Record<string, unknown>): DiscountsSearch {
  // Every key named, even when dropped: the router lays the validated search over the raw one, so
  // a key left out would keep an address's bad value (`?state=forever`).
  const out: DiscountsSearch = { state: undefined, ...parseListSearch(raw) };
  if (typeof raw.state === 'string' && STATES.includes(raw.state)) out.state = raw.state as DiscountState;
  return out;
}

/** The list call for a list state. */
export const listParams = (search: DiscountsSearch) => ({
  limit: DISCOUNTS_PAGE_SIZE,
  offset: ((search.page ?? 1) - 1) * DISCOUNTS_PAGE_SIZE,
  ...(search.state ? { state: search.state } : {}),
  ...(search.q ? { q: search.q } : {}),
});

export const isFiltered = (s: DiscountsSearch) => Boolean(s.state || s.q);
