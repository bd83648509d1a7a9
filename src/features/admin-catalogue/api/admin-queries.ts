import { attributeQueries } from '@/features/admin-taxonomy';
import { categoryQueries, productQueries } from '@/features/catalogue';
import { searchQueries } from '@/features/search';
import type { AdminProductParams } from '@contract/admin';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ProductBulkRequest } from '@contract/admin-bulk';
import {
  bulkEditProducts,
  fetchAdminProduct,
  fetchAdminProducts,
  fetchProductActivity,
} from './admin-catalogue-api';

const keys = {
  all: ['admin', 'products'] as const,
  lists: () => [...keys.all, 'list'] as const,
  details: () => [...keys.all, 'detail'] as const,
  activity: () => ['admin', 'activity'] as const,
};

/** Query factories of the back office's products. */
export const adminProductQueries = {
  all: () => keys.all,
  /** A page of the table; the previous page stays on screen while the next loads. */
  list: (params: AdminProductParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchAdminProducts(params, signal),
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    }),
  detail: (productId: string) =>
    queryOptions({
      queryKey: [...keys.details(), productId] as const,
      queryFn: ({ signal }) => fetchAdminProduct(productId, signal),
      // The form edits what the server has now; a cached copy would only invite a 409.
      staleTime: 0,
    }),
  /** What a bulk edit would do (a dry run, which writes nothing): the price dialog's preview. */
  bulkPreview: (body: Omit<ProductBulkRequest, 'dryRun'>) =>
    queryOptions({
      queryKey: [...keys.all, 'bulk-preview', body] as const,
      queryFn: () => bulkEditProducts({ ...body, dryRun: true }),
      placeholderData: keepPreviousData,
      staleTime: 0,
      gcTime: 0,
    }),
  activity: (productId: string) =>
    queryOptions({
      queryKey: [...keys.activity(), 'product', productId] as const,
      queryFn: ({ signal }) => fetchProductActivity(productId, signal),
      staleTime: 0,
    }),
};

/**
 * After any catalogue write: the back office's lists, details and activity, and the shop's product,
 * category and search answers, so both follow at once without a reload.
 */
export function invalidateCatalogue(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.all }),
    queryClient.invalidateQueries({ queryKey: keys.activity() }),
    // The attributes' values count the products that use them.
    queryClient.invalidateQueries({ queryKey: attributeQueries.all() }),
    queryClient.invalidateQueries({ queryKey: productQueries.all() }),
    queryClient.invalidateQueries({ queryKey: categoryQueries.list().queryKey }),
    queryClient.invalidateQueries({ queryKey: searchQueries.all() }),
  ]);
}
