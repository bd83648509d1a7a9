import { PRODUCT_NAME } from '@contract/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { normaliseSearchTerm, SEARCH_TERM_MAX } from '../model/search-term';

/** How many recent searches the device keeps. */
const RECENT_SEARCHES_MAX = 8;

export const RECENT_SEARCHES_KEY = `${PRODUCT_NAME.toLowerCase()}.recent-searches`;

interface RecentSearchesData {
  /** Newest first. */
  terms: string[];
}

const sameTerm = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** `terms` with `text` in front: trimmed, once (case aside, the newest spelling wins), at most eight. */
export function withRecentSearch(terms: readonly string[], text: string): string[] {
  const term = normaliseSearchTerm(text);
  if (!term || term.length > SEARCH_TERM_MAX) return [...terms];
  return [term, ...terms.filter((t) => !sameTerm(t, term))].slice(0, RECENT_SEARCHES_MAX);
}

/** Whatever another version or a person left in storage, made into a valid list. */
export function sanitiseRecentSearches(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((t): t is string => typeof t === 'string')
    .reduceRight<string[]>((terms, t) => withRecentSearch(terms, t), []);
}

const useRecentSearchesStore = create<RecentSearchesData>()(
  persist(() => ({ terms: [] as string[] }), {
    name: RECENT_SEARCHES_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    // Data fields only (docs/design.md#small-stores).
    partialize: ({ terms }) => ({ terms }),
    merge: (persisted, current) => ({
      ...current,
      terms: sanitiseRecentSearches((persisted as Partial<RecentSearchesData>)?.terms),
    }),
  }),
);

/** The shopper's recent searches on this device, newest first. */
export const useRecentSearches = () => useRecentSearchesStore((s) => s.terms);

/** Remembers a search the shopper made (Enter, or a result opened). Blank queries are not kept. */
export const rememberSearch = (text: string) =>
  useRecentSearchesStore.setState((s) => ({ terms: withRecentSearch(s.terms, text) }));

/** Forgets one recent search. */
export const forgetSearch = (term: string) =>
  useRecentSearchesStore.setState((s) => ({ terms: s.terms.filter((t) => t !== term) }));

export const clearRecentSearches = () => useRecentSearchesStore.setState({ terms: [] });
