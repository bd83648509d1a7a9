import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { translate } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import type { Cart } from '@contract/cart';
import type { QueryClient } from '@tanstack/react-query';
import { cartApi } from '../api/cart-api';
import { applyServerCart } from '../api/cart-queries';
import { getGuestCartItems, pushIdOf, removeGuestItem } from '../stores/guest-cart-store';

export interface PushOutcome {
  pushed: number;
  failed: number;
}

let running: Promise<PushOutcome> | null = null;

/**
 * After sign-in each local item is pushed to the server cart and then removed locally, one by one
 * (docs/behaviour.md#cart). A push that fails keeps its line (it is tried again at the next start) and says
 * why. The server applies a line's `localItemId` once per account, so a retry, a second tab doing the same,
 * or a push whose answer was lost never doubles a quantity. Calls made while one runs share it.
 */
export function pushGuestCart(queryClient: QueryClient): Promise<PushOutcome> {
  running ??= (async () => {
    const outcome: PushOutcome = { pushed: 0, failed: 0 };
    let latest: Cart | undefined;
    for (const item of getGuestCartItems()) {
      try {
        latest = await cartApi.add({
          productId: item.productId,
          variantId: item.variantId,
          quantity: item.quantity,
          localItemId: pushIdOf(item),
        });
        removeGuestItem(item.itemId);
        outcome.pushed += 1;
      } catch (error) {
        outcome.failed += 1;
        // A 401 signs the shopper out (and reloads); the lines wait for the next sign-in.
        if (isApiError(error) && error.status === 401) break;
        notify.error(translate('cart:toasts.notMoved', { name: item.name, reason: errorMessage(error) }), {
          id: `cart-push-${item.itemId}`,
        });
      }
    }
    if (latest) {
      applyServerCart(queryClient, latest);
      notify.success(translate('cart:toasts.updated'), { id: 'cart-updated' });
    }
    return outcome;
  })().finally(() => {
    running = null;
  });
  return running;
}
