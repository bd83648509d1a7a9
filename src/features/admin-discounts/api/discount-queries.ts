import { invalidateCatalogue } from '@/features/admin-catalogue';
import type { DiscountParams } from '@contract/discounts';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchDiscount, fetchDiscounts } from './discounts-api';

const keys = {
  all: ['admin', 'discounts'] as const,
  lists: () => [...keys.all, 'list'] as const,
  details: () => [...keys.all, 'detail'] as const,
};

/** Query factories of the back office's discounts. */
export const discountQueries = {
  all: () => keys.all,
  /** A page of the list; the rows on screen stay while the next answer loads. */
  list: (params: DiscountParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchDiscounts(params, signal),
      placeholderData: keepPreviousData,
      // States move with the clock (scheduled → active → ended): never trust an old answer long.
      staleTime: 5_000,
    }),
  detail: (discountId: string) =>
    queryOptions({
      queryKey: [...keys.details(), discountId] as const,
      queryFn: ({ signal }) => fetchDiscount(discountId, signal),
      staleTime: 0,
    }),
};

/**
 * After any discount write: the discounts, and every price the shop shows (the storefront's products,
 * categories and search, and the back office's product table with its "on sale" column).
 */
export function invalidateDiscounts(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.all }),
    invalidateCatalogue(queryClient),
  ]);
}
