import { categoryQueries, productQueries } from '@/features/catalogue';
import type { CategoryInput } from '@contract/admin';
import type { Category } from '@contract/catalogue';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as api from './taxonomy-api';

/*
 * The category writes. Each one invalidates the category list the storefront and the back office
 * share (and the product lists, whose cards show category chips), so both refresh without a reload.
 */

function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: productQueries.all() });
  return queryClient.invalidateQueries({ queryKey: categoryQueries.list().queryKey });
}

/** A create still in flight is aborted when a new one starts (docs/behaviour.md#back-office-forms). */
let createInFlight: AbortController | null = null;

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryInput) => {
      createInFlight?.abort();
      const controller = new AbortController();
      createInFlight = controller;
      return api.createCategory(input, controller.signal).finally(() => {
        if (createInFlight === controller) createInFlight = null;
      });
    },
    onSuccess: () => refresh(queryClient),
  });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, input }: { categoryId: string; input: CategoryInput }) =>
      api.updateCategory(categoryId, input),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, moveTo }: { categoryId: string; moveTo?: string }) =>
      api.deleteCategory(categoryId, moveTo),
    onSuccess: () => refresh(queryClient),
  });
}

/** Moves the list at once and puts it back if the server refuses. */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  const { queryKey } = categoryQueries.list();
  return useMutation({
    mutationFn: (rows: Category[]) => api.reorderCategories(rows.map((c) => c.categoryId)),
    onMutate: async (rows) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, { count: rows.length, rows });
      return { before };
    },
    onError: (_error, _rows, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSettled: () => refresh(queryClient),
  });
}
