import { useCallback, useEffect, useState } from 'react';
import { normaliseSearchTerm } from '../model/search-term';

/** How long typing must pause before a search starts. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The query to search for, following the box: it settles {@link SEARCH_DEBOUNCE_MS} after the last
 * key, and `searchNow` (Enter, a suggestion) skips the wait. An emptied box is empty at once, so no
 * request goes out and the loader clears (docs/behaviour.md#validation).
 */
export function useSearchTerm(text: string): [term: string, searchNow: (text: string) => void] {
  const typed = normaliseSearchTerm(text);
  const [settled, setSettled] = useState(typed);

  useEffect(() => {
    if (typed === settled) return;
    const timer = setTimeout(() => setSettled(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, settled]);

  const searchNow = useCallback((value: string) => setSettled(normaliseSearchTerm(value)), []);
  return [typed ? settled : '', searchNow];
}
