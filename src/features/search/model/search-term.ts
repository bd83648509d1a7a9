/**
 * The longest query the server accepts (`SEARCH_QUERY_MAX` in contract/search.ts, mirrored here so
 * the page does not load zod; a test keeps the two equal).
 */
export const SEARCH_TERM_MAX = 100;

/**
 * A query as it is sent and remembered: trimmed, inner runs of spaces collapsed
 * (docs/behaviour.md#validation).
 */
export function normaliseSearchTerm(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** The search page's address: `/search?q=…`, the settled query, absent when there is none. */
export interface SearchPageSearch {
  q?: string;
}

/** Reads `?q=` from the address: text only, normalised and cut to the longest query; else none. */
export function parseSearchPageSearch(search: Record<string, unknown>): SearchPageSearch {
  const raw = search.q;
  const q = typeof raw === 'string' || typeof raw === 'number' ? normaliseSearchTerm(String(raw)) : '';
  return q ? { q: q.slice(0, SEARCH_TERM_MAX).trimEnd() } : {};
}
