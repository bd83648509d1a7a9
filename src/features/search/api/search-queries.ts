import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { normaliseSearchTerm } from '../model/search-term';
import { fetchSearchResults } from './search-api';

const keys = {
  all: ['search'] as const,
  results: () => [...keys.all, 'results'] as const,
};

/** Query factories of search. */
export const searchQueries = {
  /** Every search query: leaving the page removes them (docs/behaviour.md#search). */
  all: () => keys.all,
  /**
   * The results for a query. A blank query is disabled, so it never reaches the server
   * (docs/behaviour.md#validation). While the next query loads the previous results stay on screen, so typing
   * does not flicker; the signal cancels a search the shopper has already typed past.
   */
  results: (text: string) => {
    const q = normaliseSearchTerm(text);
    return queryOptions({
      queryKey: [...keys.results(), q] as const,
      queryFn: ({ signal }) => fetchSearchResults(q, signal),
      enabled: q.length > 0,
      placeholderData: keepPreviousData,
      // The next keystroke or Enter searches again; a retry with back-off would only keep the
      // loader up for seconds before the error shows.
      retry: false,
      staleTime: 60_000,
    });
  },
};
