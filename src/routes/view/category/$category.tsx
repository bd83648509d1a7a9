import { CartControl } from '@/features/cart';
import {
  categoryFilter,
  CategoryPage,
  categoryQueries,
  DEFAULT_SORT,
  findCategory,
  isProductSort,
  parseCategoryParam,
  productQueries,
} from '@/features/catalogue';
import { SaveButton } from '@/features/saved-items';
import type { ProductSort } from '@contract/catalogue';
import { createFileRoute } from '@tanstack/react-router';

interface CategorySearch {
  /** The listing order; newest when absent. */
  sort?: ProductSort;
}

/** `category` is the category id (or slug), URL-safe base64 encoded (see features/catalogue/model/paths). */
export const Route = createFileRoute('/view/category/$category')({
  staticData: { title: 'Category' },
  validateSearch: (search: Record<string, unknown>): CategorySearch =>
    isProductSort(search.sort) && search.sort !== DEFAULT_SORT ? { sort: search.sort } : {},
  loaderDeps: ({ search }) => ({ sort: search.sort ?? DEFAULT_SORT }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    const idOrSlug = parseCategoryParam(params.category);
    if (!idOrSlug) return;
    // Failures are the page's to show (toast, retry); the loader only primes the cache.
    const categories = await queryClient.ensureQueryData(categoryQueries.list()).catch(() => undefined);
    const category = findCategory(categories?.rows, idOrSlug);
    if (category) {
      await queryClient.prefetchInfiniteQuery(productQueries.infinite(categoryFilter(category.categoryId, deps.sort)));
    }
  },
  component: CategoryRoute,
});

function CategoryRoute() {
  const { category } = Route.useParams();
  const { sort = DEFAULT_SORT } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CategoryPage
      idOrSlug={parseCategoryParam(category)}
      sort={sort}
      onSortChange={(next) => void navigate({ search: next === DEFAULT_SORT ? {} : { sort: next }, replace: true })}
      renderAction={(product) => <CartControl product={product} />}
      renderSave={(product) => <SaveButton productId={product.productId} name={product.name} size="sm" />}
    />
  );
}
