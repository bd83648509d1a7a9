import { useIsAdmin, useIsAuthenticated } from '@/features/session';
import { errorMessage } from '@/lib/errors';
import { isApiError } from '@/lib/api-client';
import { translate } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import type { SavedItems } from '@contract/saved-items';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savedApi } from '../api/saved-api';
import { savedQueries } from '../api/saved-queries';

/** The toasts' texts in English (the spec fixes them); shoppers read savedItems:saved and savedItems:unsaved. */
export const SAVED = 'Saved to your Saved Items';
export const UNSAVED = 'Removed from your Saved Items';

/** Why saving failed, in the shown language: the refusals these screens know, else the server's words. */
function saveErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === 'not_found') return translate('savedItems:errors.productNotFound');
  return errorMessage(error);
}

/** Whether the visitor has saved items at all: signed-in shoppers do, guests and admins do not. */
export function useCanSave(): boolean {
  const authenticated = useIsAuthenticated();
  const admin = useIsAdmin();
  return authenticated && !admin;
}

const NO_IDS: ReadonlySet<string> = new Set();
const idsOf = (data: SavedItems): ReadonlySet<string> => new Set(data.rows.map((r) => r.productId));

/** The ids of the saved products (one shared query for every heart on the page). */
export function useSavedIds(): ReadonlySet<string> {
  const canSave = useCanSave();
  const { data } = useQuery({ ...savedQueries.list(), enabled: canSave, select: idsOf });
  return data ?? NO_IDS;
}

export interface ToggleSaved {
  productId: string;
  save: boolean;
  /** Tell the shopper with a toast (the heart does; Move to cart has its own). */
  quiet?: boolean;
}

/**
 * Saves or unsaves a product. Unsaving takes the product off the cached list at once (the saved
 * page follows without waiting); either way the list is fetched again, and a failure puts it back.
 */
export function useToggleSaved() {
  const queryClient = useQueryClient();
  const listKey = savedQueries.list().queryKey;
  return useMutation({
    mutationFn: ({ productId, save }: ToggleSaved) =>
      save ? savedApi.save(productId) : savedApi.unsave(productId),
    onMutate: async ({ productId, save }) => {
      if (save) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData(listKey);
      if (previous) {
        const rows = previous.rows.filter((r) => r.productId !== productId);
        queryClient.setQueryData(listKey, { ...previous, rows, count: rows.length });
      }
      return { previous };
    },
    onSuccess: (state, { quiet }) => {
      if (!quiet)
        notify.success(translate(state.saved ? 'savedItems:saved' : 'savedItems:unsaved'), {
          id: 'saved-toggle',
        });
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      notify.error(saveErrorMessage(error), { id: 'saved-toggle' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedQueries.all() }),
  });
}
