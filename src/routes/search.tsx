import { searchQueries } from '@/features/search/api/search-queries';
import { SearchPage } from '@/features/search/components/search-page';
import { resetSearchText } from '@/features/search/stores/search-text-store';
import { setGlobalLoading } from '@/features/ui/stores/ui-store';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/search')({
  staticData: { title: 'Search', headerless: true },
  // Spec §4: search state resets when the shopper leaves, so coming back (Back included) starts
  // clean: no text, no cached results, no search left running under the loader.
  onLeave: ({ context }) => {
    resetSearchText();
    void context.queryClient.cancelQueries({ queryKey: searchQueries.all() });
    context.queryClient.removeQueries({ queryKey: searchQueries.all() });
    setGlobalLoading(false);
  },
  component: SearchPage,
});
