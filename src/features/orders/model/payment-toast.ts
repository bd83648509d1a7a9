import { notify } from '@/lib/notify';
import type { CheckoutResult } from '@contract/checkout';

/** What the shopper is told when the prompt is on its way (docs/behaviour.md#success-texts). */
export const PAYMENT_SENT =
  "We've sent you payment notification on your phone, please proceed to make payment then comeback";

/**
 * Tells the shopper what a checkout or a payment retry did: the payment-sent toast when the prompt is on
 * its way (no message), else the server's sentence (the prompt could not be sent, or is slow).
 */
export function announcePayment(result: Pick<CheckoutResult, 'paymentMessage' | 'paymentStatus'>) {
  if (result.paymentMessage === null) {
    notify.success(PAYMENT_SENT, { id: 'payment-sent' });
  } else if (result.paymentStatus === 'failed') {
    notify.error(result.paymentMessage, { id: 'payment-sent' });
  } else {
    notify.warning(result.paymentMessage, { id: 'payment-sent' });
  }
}
