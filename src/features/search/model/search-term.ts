/**
 * The longest query the server accepts (`SEARCH_QUERY_MAX` in contract/search.ts, mirrored here so
 * the page does not load zod; a test keeps the two equal).
 */
export const SEARCH_TERM_MAX = 100;

/** A query as it is sent and remembered: trimmed, inner runs of spaces collapsed (spec §5). */
export function normaliseSearchTerm(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}
