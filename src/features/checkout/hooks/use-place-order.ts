import { cartQueries, clearPromoCode } from '@/features/cart';
import { announcePayment, orderQueries } from '@/features/orders';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { onReconnect, useOnline } from '@/lib/online';
import { PriceChange, type CheckoutBody } from '@contract/checkout';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeOrder } from '../api/checkout-api';
import { checkoutRefusalText, priceChangeText, type PriceChangeNote } from '../model/refusals';
import { SubmissionKeys } from '../model/submission-key';

/**
 * Why a submission got no answer yet: the connection failed (no answer from the server at all: a
 * network error, a timeout), or the shop (or what stands before it) said it is busy. Either way the
 * order may or may not exist yet.
 */
export type Interruption = 'connection' | 'busy';

function interruptionOf(error: unknown): Interruption | null {
  if (!isApiError(error)) return 'connection';
  return error.status === 502 || error.status === 503 || error.status === 504 ? 'busy' : null;
}

/** The pause before trying an interrupted submission again while the browser believes it is online. */
const retryDelayMs = (tries: number) => Math.min(5000 * 2 ** (tries - 1), 30_000);

interface Interrupted {
  body: CheckoutBody;
  reason: Interruption;
  /** How many times it was sent without an answer. */
  tries: number;
}

/**
 * Placing the order. One submission at a time (a double click sends one request), one
 * Idempotency-Key per submission, reused when the same submission is sent again after a failure
 * that may not have reached the server. On success: the payment toast (or the server's message),
 * the cart empties, and the order page follows the payment. On a 409 `price_changed` (the cart no
 * longer costs what the page showed): its sentence (model/refusals.ts) as a toast, the figures it
 * is made of in `priceChanged`, and the page shows the new figures the answer carries, so Pay
 * again pays them knowingly. On a 409
 * `promo_refused` (the code stopped applying meanwhile): the sentence in `promoRefused`, for under
 * the promo code field rather than a toast, and the cart is asked again. An order placed with a code
 * lets the code go.
 *
 * A submission that got no answer (the connection dropped, a timeout, a 502/503/504) is
 * `interrupted`: it is sent again, the same body with the same key, when the connection comes back
 * (`onReconnect`) and, while the browser believes it is online, after a growing pause
 * ({@link retryDelayMs}); Pay sends it again at once. So however often it is sent, the server makes
 * one order and one M-Pesa prompt. It lasts as long as the page is open; the key also outlives a
 * reload (model/submission-key.ts). A 500 is said as before, its key kept for Pay again.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('checkout');
  const keys = useRef<SubmissionKeys | null>(null);
  const sending = useRef(false);
  const [priceChanged, setPriceChanged] = useState<PriceChangeNote | null>(null);
  const [promoRefused, setPromoRefused] = useState<string | null>(null);
  const [interrupted, setInterrupted] = useState<Interrupted | null>(null);
  const online = useOnline();
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: CheckoutBody; key: string }) => placeOrder(body, key),
    onSuccess: async () => {
      // The order took the cart's lines; orders gained one.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQueries.all() }),
        queryClient.invalidateQueries({ queryKey: orderQueries.lists() }),
      ]);
    },
  });
  const { mutateAsync } = mutation;

  const submit = useCallback(
    async (typed: CheckoutBody) => {
      if (sending.current) return;
      // An interrupted submission is finished as it was sent, whatever the page shows meanwhile.
      const body = interrupted?.body ?? typed;
      sending.current = true;
      setPriceChanged(null);
      setPromoRefused(null);
      keys.current ??= new SubmissionKeys();
      const key = keys.current.keyFor(body);
      try {
        const result = await mutateAsync({ body, key });
        keys.current.settle();
        setInterrupted(null);
        if (body.promoCode) clearPromoCode();
        announcePayment(result);
        await navigate({ to: '/account/orders/$orderId', params: { orderId: result.orderId } });
      } catch (error) {
        keys.current.settle(error);
        const reason = interruptionOf(error);
        if (reason) {
          // No toast: the page says, calmly, that the order will be finished (see the summary).
          setInterrupted({ body, reason, tries: (interrupted?.tries ?? 0) + 1 });
          return;
        }
        setInterrupted(null);
        if (isApiError(error) && error.code === 'promo_refused') {
          setPromoRefused(errorMessage(error));
          void queryClient.invalidateQueries({ queryKey: cartQueries.all() });
          return;
        }
        const change = isApiError(error) && error.code === 'price_changed' ? error.body.priceChange : null;
        const parsed = PriceChange.safeParse(change);
        const note = parsed.success ? { shown: body.shown, now: parsed.data.cart } : null;
        notify.error(note ? priceChangeText(t, note) : checkoutRefusalText(t, error), {
          id: 'checkout-error',
        });
        if (note) {
          // The new figures, at once, where the page reads them (the cart for this place and code).
          const place = body.deliveryAreaId
            ? { deliveryAreaId: body.deliveryAreaId }
            : { lat: body.lat!, lng: body.lng! };
          queryClient.setQueryData(
            cartQueries.server(body.promoCode ? { ...place, promoCode: body.promoCode } : place).queryKey,
            note.now,
          );
          setPriceChanged(note);
        } else if (
          // The cart changed under the shopper (sold out, emptied elsewhere): show it as it is now.
          isApiError(error) &&
          (error.code === 'out_of_stock' || error.code === 'cart_empty' || error.code === 'offer_ended')
        ) {
          void queryClient.invalidateQueries({ queryKey: cartQueries.all() });
        }
      } finally {
        sending.current = false;
      }
    },
    [interrupted, mutateAsync, navigate, queryClient, t],
  );

  // Send the interrupted submission again when the connection comes back, or after a pause while
  // the browser believes it is online (a connection that answers nothing raises no event).
  useEffect(() => {
    if (!interrupted) return;
    const again = () => void submit(interrupted.body);
    const stopListening = onReconnect(again);
    const timer = online ? setTimeout(again, retryDelayMs(interrupted.tries)) : undefined;
    return () => {
      stopListening();
      clearTimeout(timer);
    };
  }, [interrupted, online, submit]);

  const clearPromoRefused = useCallback(() => setPromoRefused(null), []);
  return {
    submit,
    pending: mutation.isPending,
    interrupted: interrupted?.reason ?? null,
    priceChanged,
    promoRefused,
    clearPromoRefused,
  };
}
