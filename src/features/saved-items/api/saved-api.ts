import { apiDelete, apiGet, apiPost } from '@/lib/api-client';
import type { SavedItems, SavedItemState } from '@contract/saved-items';

/** Saved items of a signed-in shopper (contract/saved-items.ts); types only, to keep zod out. */
export const savedApi = {
  /** `GET /v1/saved-items`: the saved products, newest first, priced now. */
  list: (signal?: AbortSignal) => apiGet<SavedItems>('v1/saved-items', { signal }),
  /** `POST /v1/saved-items` (saving twice is saving once). */
  save: (productId: string) => apiPost<SavedItemState>('v1/saved-items', { productId }),
  /** `DELETE /v1/saved-items/{productId}`. */
  unsave: (productId: string) => apiDelete<SavedItemState>(`v1/saved-items/${encodeURIComponent(productId)}`),
};
