/** The search box's text and the page, as every back-office list keeps them in its URL. */
export interface ListSearchBase {
  /** What was typed in the search box. */
  q?: string;
  /** 1-based. */
  page?: number;
}

/**
 * The search text and page of a list route's validateSearch: what is valid is kept, the rest dropped.
 * Plain checks rather than a zod schema: route definitions load with the landing page
 * (docs/design.md#budgets). Both keys are named even when dropped: the router lays the validated
 * search over the raw one, so a key left out would keep an address's bad value.
 */
export function parseListSearch(raw: Record<string, unknown>): ListSearchBase {
  const out: ListSearchBase = { q: undefined, page: undefined };
  // A number (or a phone) typed in the box arrives as a number.
  const q = typeof raw.q === 'number' ? String(raw.q) : raw.q;
  if (typeof q === 'string' && q.trim()) out.q = q.trim().slice(0, 100);
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  return out;
}
