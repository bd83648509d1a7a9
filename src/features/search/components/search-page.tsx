import { Alert, Box, Container, Text, VisuallyHidden } from '@chakra-ui/react';
import { loadedProducts, productLink } from '@/features/catalogue';
import { useOnline } from '@/lib/online';
import { useHydrated } from '@/lib/use-hydrated';
import { useStableCallback } from '@/lib/use-stable-callback';
import type { SearchResult } from '@contract/search';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  memo,
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { searchQueries } from '../api/search-queries';
import { useSearchErrorToast, useSearchLoader } from '../hooks/use-search-side-effects';
import { useSearchTerm } from '../hooks/use-search-term';
import { searchLoadedProducts } from '../model/offline-search';
import { isNetworkFailure } from '../model/search-error';
import { normaliseSearchTerm } from '../model/search-term';
import { rememberSearch } from '../stores/recent-searches-store';
import { setSearchText, useSearchText } from '../stores/search-text-store';
import { SearchBar } from './search-bar';
import { SearchResultList, resultOptionId } from './search-result-list';
import { SearchStart } from './search-start';
import { NoResults, NothingLoaded, SearchFailed, SearchResultsSkeleton } from './search-states';

export interface SearchPageProps {
  /** The query in the address (`?q=`): what a page rendered on the server shows in the box. */
  query?: string;
  /** Called with each settled query ('' when the box is emptied), for the address to follow. */
  onSettled?(term: string): void;
}

/**
 * The search page (docs/behaviour.md#search-page): results as the shopper types (and on Enter), recent and
 * popular searches while the box is empty. Leaving the page forgets the search (docs/behaviour.md#search; see
 * the route). A search that gets no answer (offline, with nothing kept by the service worker for it)
 * searches the products the shop has already loaded (model/offline-search.ts); offline, the page
 * says the results may be incomplete.
 */
export function SearchPage({ query = '', onSettled }: SearchPageProps) {
  const navigate = useNavigate();
  const listId = useId();
  // Starts with whatever the landing page's box handed over (or the address's query, which the route
  // puts there). The server has no box, and the browser's first render of the server's page must
  // match it: both show the address's query.
  const stored = useSearchText();
  const text = useHydrated() ? stored : query;
  const [term, searchNow] = useSearchTerm(text);
  const search = useQuery(searchQueries.results(term));
  // Offline a search still asks (the service worker answers a search it has seen); one that gets no
  // answer searches the products the shop has already loaded instead.
  const online = useOnline();
  const unanswered = search.isError && !search.isFetching && isNetworkFailure(search.error);
  const queryClient = useQueryClient();
  const loaded = useMemo(
    () => (unanswered && term ? searchLoadedProducts(loadedProducts(queryClient), term) : undefined),
    [unanswered, term, queryClient],
  );
  const [activeId, setActiveId] = useState<string | null>(null);

  const settled = useEffectEvent((value: string) => onSettled?.(value));
  useEffect(() => settled(term), [term]);

  useSearchLoader(term !== '' && search.isFetching);
  // Offline the page says so itself: no toast for a search that could not be sent.
  useSearchErrorToast(search.error, search.errorUpdatedAt, !online);

  // A key press redraws the box at once; what lies below it follows the text in a render React can
  // interrupt (the panel switching from recent searches to the results, say), and is skipped when a
  // key changes nothing there (SearchBody is memoised; its handlers keep their identity).
  const typed = normaliseSearchTerm(useDeferredValue(text));
  const results = typed && term ? (loaded ?? search.data) : undefined;
  const stale = !loaded && search.isPlaceholderData;
  const shown = results ?? [];
  const active = shown.find((r) => r.id === activeId) ?? null;

  const open = useStableCallback((result: SearchResult) => {
    rememberSearch(normaliseSearchTerm(text) || term);
    void navigate(productLink({ productId: result.id, categoryId: result.categoryId }));
  });

  /** Searches for `value` now: Enter, a suggestion, a recent search, "Try again". */
  const searchFor = useStableCallback((value: string) => {
    const q = normaliseSearchTerm(value);
    // A blank query sends nothing (its query is disabled) and the loader is cleared
    // (docs/behaviour.md#validation).
    if (!q) return;
    rememberSearch(q);
    if (q === term && search.isError) void search.refetch();
    else searchNow(q);
  });

  const pick = useStableCallback((value: string) => {
    setSearchText(value);
    setActiveId(null);
    searchFor(value);
  });
  const retry = useStableCallback(() => searchFor(text));

  const move = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const index = active ? shown.indexOf(active) : -1;
    if (event.key === 'ArrowDown' && shown.length) {
      event.preventDefault();
      setActiveId(shown[Math.min(index + 1, shown.length - 1)]!.id);
    } else if (event.key === 'ArrowUp' && shown.length) {
      event.preventDefault();
      setActiveId(index > 0 ? shown[index - 1]!.id : null);
    } else if (event.key === 'Escape' && active) {
      event.preventDefault();
      setActiveId(null);
    }
  };

  const view = !typed
    ? 'start'
    : loaded
      ? loaded.length
        ? 'results'
        : 'nothing-loaded'
      : search.isError && !search.isFetching
        ? 'failed'
        : results?.length
          ? 'results'
          : results && !stale
            ? 'none'
            : 'loading';
  const listShown = view === 'results';

  return (
    // At least a screen tall, so the footer waits below the fold instead of crowding the results.
    <Box minH="100dvh">
      <SearchBar
        text={text}
        onTextChange={(value) => {
          setSearchText(value);
          setActiveId(null);
        }}
        onSubmit={() => (active ? open(active) : searchFor(text))}
        onKeyDown={move}
        controls={listShown ? listId : undefined}
        activeDescendant={listShown && active ? resultOptionId(listId, active) : undefined}
      />
      <SearchBody
        view={view}
        listId={listId}
        results={results}
        term={term}
        activeId={active?.id ?? null}
        stale={stale}
        offline={!online || loaded !== undefined}
        canRetry={online}
        onActivate={setActiveId}
        onOpen={open}
        onPick={pick}
        onRetry={retry}
      />
    </Box>
  );
}

interface SearchBodyProps {
  view: 'start' | 'failed' | 'results' | 'none' | 'nothing-loaded' | 'loading';
  listId: string;
  results: SearchResult[] | undefined;
  term: string;
  activeId: string | null;
  stale: boolean;
  /** Offline, or the results are the products already loaded rather than the server's. */
  offline: boolean;
  /** The connection is there to search the server again. */
  canRetry: boolean;
  onActivate(resultId: string | null): void;
  onOpen(result: SearchResult): void;
  onPick(term: string): void;
  onRetry(): void;
}

/** Everything under the box: the count, then the start panel, the results or their states. */
const SearchBody = memo(function SearchBody({
  view,
  listId,
  results,
  term,
  activeId,
  stale,
  offline,
  canRetry,
  onActivate,
  onOpen,
  onPick,
  onRetry,
}: SearchBodyProps) {
  const { t } = useTranslation('search');
  const listShown = view === 'results';
  const count = stale ? t('searching') : t('results', { count: results?.length ?? 0, term });
  return (
    <Container maxW="3xl" py={{ base: '4', sm: '6' }} px={{ base: '3', sm: '4' }}>
      <VisuallyHidden asChild>
        <h1>{t('heading')}</h1>
      </VisuallyHidden>
      {/* Always on the page, so screen readers hear each new count. */}
      <Text role="status" fontSize="sm" color="fg.muted" px="1" mb={listShown ? '3' : '0'}>
        {listShown ? (
          count
        ) : view === 'none' || view === 'nothing-loaded' ? (
          <VisuallyHidden>{t('noResults')}</VisuallyHidden>
        ) : null}
      </Text>
      {offline && listShown ? (
        <Alert.Root status="info" size="sm" mb="3" role="note">
          <Alert.Indicator />
          <Alert.Description>{t('offline.note')}</Alert.Description>
        </Alert.Root>
      ) : null}
      {view === 'start' ? (
        <SearchStart onPick={onPick} />
      ) : view === 'nothing-loaded' ? (
        <NothingLoaded term={term} onRetry={canRetry ? onRetry : undefined} />
      ) : view === 'failed' ? (
        <SearchFailed onRetry={onRetry} />
      ) : view === 'results' && results ? (
        <SearchResultList
          id={listId}
          results={results}
          query={term}
          activeId={activeId}
          stale={stale}
          onActivate={onActivate}
          onOpen={onOpen}
        />
      ) : view === 'none' ? (
        <NoResults term={term} onPick={onPick} />
      ) : (
        <SearchResultsSkeleton />
      )}
    </Container>
  );
});
