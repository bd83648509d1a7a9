import {
  parseSearchPageSearch,
  resetSearchText,
  restoreSearchText,
  SearchPage,
  searchQueries,
} from '@/features/search';
import { setGlobalLoading } from '@/features/ui';
import { createFileRoute, useRouter } from '@tanstack/react-router';

export const Route = createFileRoute('/search')({
  staticData: { title: 'Search', headerless: true },
  // The settled query lives in the address (`?q=`), so a reload, Back or a shared link keeps it.
  validateSearch: parseSearchPageSearch,
  loaderDeps: ({ search }) => ({ q: search.q }),
  beforeLoad: ({ search, cause }) => {
    if (cause === 'enter') restoreSearchText(search.q);
  },
  // The results of the address's query start loading with the route, so a page rendered on the
  // server (a shared link, a reload) comes with them; later queries dedupe with the page's own.
  loader: ({ context, deps }) => {
    if (deps.q) void context.queryClient.prefetchQuery(searchQueries.results(deps.q));
  },
  // Search state resets when the shopper leaves (docs/behaviour.md#search): no text, no cached results, no
  // search left running under the loader. Coming back by an address with `?q=` searches it again.
  onLeave: ({ context }) => {
    resetSearchText();
    void context.queryClient.cancelQueries({ queryKey: searchQueries.all() });
    context.queryClient.removeQueries({ queryKey: searchQueries.all() });
    setGlobalLoading(false);
  },
  component: Page,
});

function Page() {
  const router = useRouter();
  const navigate = Route.useNavigate();
  const { q = '' } = Route.useSearch();
  const follow = (term: string) => {
    // Not once the shopper has left: the reset on leaving must not bring them back.
    if (term === q || router.state.location.pathname !== '/search') return;
    void navigate({ search: term ? { q: term } : {}, replace: true });
  };
  return <SearchPage query={q} onSettled={follow} />;
}
