import { errorMessage } from '@/lib/errors';
import type { Cart } from '@contract/cart';
import { useEffect } from 'react';
import { dropPromoCode } from '../stores/promo-code-store';

/**
 * What the answer of a cart priced with the typed `code` does to it: a code that does not exist, or
 * `promoError` (a 429: too many codes tried), lets it go, so it is not sent again on every refetch;
 * the sentence stays under the field. Any other refusal keeps it: the cart may yet qualify (spend a
 * little more) and is checked again on every change.
 */
export function useSettlePromoCode(code: string | null, cart: Cart | undefined, promoError: unknown) {
  const promo = cart?.promo;
  useEffect(() => {
    if (code === null) return;
    if (promoError) dropPromoCode(code, errorMessage(promoError));
    else if (promo && !promo.applied && promo.code === code && promo.reason === 'unknown')
      dropPromoCode(code, promo.message, promo.reason);
  }, [code, promo, promoError]);
}
