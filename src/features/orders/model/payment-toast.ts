import { translate } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import type { CheckoutResult, PaymentIssue } from '@contract/checkout';
import { PAYMENT_ISSUE_MESSAGES, UNKNOWN_PUSH_MESSAGE } from '@contract/payments';

/**
 * What the shopper is told when the prompt is on its way (docs/behaviour.md#success-texts): the
 * English text of `orders:payment.sent`, which the toast says in the shopper's language.
 */
export const PAYMENT_SENT =
  "We've sent you payment notification on your phone, please proceed to make payment then comeback";

/** The catalogue keys of the payment sentences (contract/payments.ts says them in English). */
export type PaymentSentenceKey = 'payment.slowPush' | `payment.issues.${PaymentIssue}`;

/**
 * The server's sentence about an order's payment (`paymentMessage`) in the shown language: the
 * catalogue's words when it is one of the shared sentences (a slow prompt, an issue's), else the
 * server's own; null when there is none.
 */
export function paymentSentence(
  order: Pick<CheckoutResult, 'paymentMessage' | 'paymentIssue'>,
  say: (key: PaymentSentenceKey) => string,
): string | null {
  const { paymentMessage, paymentIssue } = order;
  if (paymentMessage === null) return null;
  if (paymentMessage === UNKNOWN_PUSH_MESSAGE) return say('payment.slowPush');
  if (paymentIssue && paymentMessage === PAYMENT_ISSUE_MESSAGES[paymentIssue])
    return say(`payment.issues.${paymentIssue}`);
  return paymentMessage;
}

/**
 * Tells the shopper what a checkout or a payment retry did: the payment-sent toast when the prompt is on
 * its way (no message), else the server's sentence (the prompt could not be sent, or is slow).
 */
export function announcePayment(
  result: Pick<CheckoutResult, 'paymentMessage' | 'paymentStatus' | 'paymentIssue'>,
) {
  const sentence = paymentSentence(result, (key) => translate(`orders:${key}`));
  if (sentence === null) {
    notify.success(translate('orders:payment.sent'), { id: 'payment-sent' });
  } else if (result.paymentStatus === 'failed') {
    notify.error(sentence, { id: 'payment-sent' });
  } else {
    notify.warning(sentence, { id: 'payment-sent' });
  }
}
