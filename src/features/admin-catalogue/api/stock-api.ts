import { apiGetRaw, apiPost } from '@/lib/api-client';
import type { StockAdjusted, StockAdjustmentBody, StockHistory } from '@contract/admin-stock';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCatalogue } from './admin-queries';

/* A variant's stock: its adjustments and its history (contract/admin-stock.ts). */

/** Rows of the stock history per page. */
export const STOCK_HISTORY_PAGE = 20;

const variantPath = (variantId: string) => `v1/admin/variants/${encodeURIComponent(variantId)}/adjustments`;

async function fetchStockHistory(
  variantId: string,
  page: number,
  signal?: AbortSignal,
): Promise<StockHistory> {
  const body = await apiGetRaw<StockHistory['data'], StockHistory['meta']>(variantPath(variantId), {
    searchParams: { limit: STOCK_HISTORY_PAGE, offset: page * STOCK_HISTORY_PAGE },
    signal,
  });
  return body as unknown as StockHistory;
}

const keys = { all: ['admin', 'stock'] as const };

export const stockQueries = {
  /** One page (from 0) of a variant's history, newest first, with its stock now. */
  history: (variantId: string, page = 0) =>
    queryOptions({
      queryKey: [...keys.all, variantId, page] as const,
      queryFn: ({ signal }) => fetchStockHistory(variantId, page, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
};

/** Adjusts a variant's stock; the product, its history and the shop follow. */
export function useAdjustStock(variantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockAdjustmentBody) => apiPost<StockAdjusted>(variantPath(variantId), body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: keys.all }), invalidateCatalogue(queryClient)]),
  });
}
