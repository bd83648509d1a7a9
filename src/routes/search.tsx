import { resetSearchText, SearchPage, searchQueries } from '@/features/search';
import { setGlobalLoading } from '@/features/ui';
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
