import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { kshText, priceChangeCauses } from '@contract/checkout-rules';
import type { Cart } from '@contract/cart';
import type { ShownFigures } from '@contract/checkout';
import type { TFunction } from 'i18next';

/*
 * Checkout's refusals in the shopper's language. The server says them in English; where the page
 * knows the error code (and what the sentence is made of), it says the catalogue's words instead,
 * the same words as the server's in English. Other refusals are the server's sentence.
 */

/** A 409 `price_changed`: the figures the page showed, and the cart as checkout priced it. */
export interface PriceChangeNote {
  shown: ShownFigures;
  now: Cart;
}

/** Each cause of the change in a sentence, then the new total (the server's message, in English). */
export function priceChangeText(t: TFunction<'checkout'>, { shown, now }: PriceChangeNote): string {
  const causes = priceChangeCauses(shown, now).map((cause) =>
    cause.kind === 'cart_changed'
      ? t('priceChange.cart_changed')
      : t(`priceChange.${cause.kind}`, {
          label: 'label' in cause ? cause.label : '',
          price: kshText(cause.price),
          was: kshText(cause.was),
        }),
  );
  const total = t('priceChange.total', { total: kshText(now.total), shown: kshText(shown.total) });
  return [...causes, total].join(' ');
}

/** The sentence of a refused checkout (other than `price_changed` and `promo_refused`). */
export function checkoutRefusalText(t: TFunction<'checkout'>, error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'cart_empty') return t('refusals.cart_empty');
    // How many unpaid orders an account may hold is the server's setting: read from its sentence.
    const max = error.code === 'too_many_unpaid_orders' ? /(\d+)/.exec(error.message)?.[1] : undefined;
    if (max) return t('refusals.too_many_unpaid_orders', { max });
  }
  return errorMessage(error);
}
