import { CartControl } from '@/features/cart/components/cart-control';
import { categoryQueries } from '@/features/catalogue/api/category-queries';
import { productQueries } from '@/features/catalogue/api/product-queries';
import { LandingCatalogue } from '@/features/catalogue/components/landing-catalogue';
import { LANDING_FILTER } from '@/features/catalogue/model/listings';
import { LandingHero } from '@/features/search/components/landing-hero';
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
      <LandingCatalogue renderAction={(product) => <CartControl product={product} />} />
    </>
  );
}
