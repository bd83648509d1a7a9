import { apiGet } from '@/lib/api-client';
import type { SearchResult } from '@contract/search';

/*
 * The search endpoint (server/modules/search/routes.ts). Types only come from the contract: its
 * values would pull zod into the page.
 */

/** How many results one search shows; the contract allows up to 50. */
const SEARCH_RESULT_LIMIT = 20;

/** `GET /api/v1/search/orama`: the products matching `q` (already trimmed), best first. */
export function fetchSearchResults(q: string, signal?: AbortSignal): Promise<SearchResult[]> {
  return apiGet<SearchResult[]>('v1/search/orama', {
    searchParams: { q, limit: SEARCH_RESULT_LIMIT },
    signal,
  });
}
