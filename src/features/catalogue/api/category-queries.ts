import type { Category } from '@contract/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { fetchCategories } from './catalogue-api';

/** Query factories of the categories; they change rarely, so they stay fresh for five minutes. */
export const categoryQueries = {
  list: () =>
    queryOptions({
      queryKey: ['categories', 'list'] as const,
      queryFn: ({ signal }) => fetchCategories(signal),
      staleTime: 5 * 60_000,
    }),
};

/** The category a /view/category segment names: its id or its slug (decoded already). */
export function findCategory(
  categories: readonly Category[] | undefined,
  idOrSlug: string,
): Category | undefined {
  return categories?.find((c) => c.categoryId === idOrSlug || c.slug === idOrSlug);
}
