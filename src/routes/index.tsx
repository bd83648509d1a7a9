import { CartControl } from '@/features/cart';
import { categoryQueries, LANDING_FILTER, LandingCatalogue, productQueries } from '@/features/catalogue';
import { SaveButton } from '@/features/saved-items';
import { LandingHero } from '@/features/search';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  staticData: { title: 'Home' },
  // Primed without waiting: the hero shows at once and the sections fill in behind their skeletons.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(categoryQueries.list());
    void queryClient.prefetchInfiniteQuery(productQueries.infinite(LANDING_FILTER));
  },
  component: LandingPage,
});

function LandingPage() {
  return (
    <>
      <LandingHero />
      <LandingCatalogue
        renderAction={(product) => <CartControl product={product} />}
        renderSave={(product) => <SaveButton productId={product.productId} name={product.name} size="sm" />}
      />
    </>
  );
}
