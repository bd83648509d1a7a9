import { Alert, Button, Card, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { MpesaPhoneField, mpesaPhoneProblemText } from '@/components/mpesa-phone-field';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { normaliseKenyanPhone } from '@contract/phone';
import type { Order } from '@contract/checkout';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { orderQueries } from '../api/order-queries';
import { ordersApi } from '../api/orders-api';
import { announcePayment, paymentSentence } from '../model/payment-toast';
import { formatDateTime } from '../model/status';
import { PaymentBadge } from './status-badge';

/** The English text of `orders:payment.received`, said in the shopper's language. */
export const PAYMENT_RECEIVED = 'Payment received. Thank you for shopping with Sokoni!';

/** A new prompt for a failed or expired payment, to the order's phone or another one. */
function RetryPayment({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { t: tCheckout } = useTranslation('checkout');
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState(order.phone);
  const [touched, setTouched] = useState(false);
  const problem = mpesaPhoneProblemText(tCheckout, phone);
  const retry = useMutation({
    mutationFn: (newPhone: string | undefined) =>
      ordersApi.pay(order.orderId, newPhone === undefined ? {} : { phone: newPhone }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQueries.all() }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || retry.isPending) return;
    const changed = normaliseKenyanPhone(phone) !== normaliseKenyanPhone(order.phone);
    retry.mutate(changed ? phone : undefined, {
      onSuccess: announcePayment,
      onError: (error) => {
        const pending = isApiError(error) && error.code === 'payment_pending';
        notify.error(pending ? t('payment.refusals.payment_pending') : errorMessage(error), {
          id: 'payment-retry-error',
        });
        void queryClient.invalidateQueries({ queryKey: orderQueries.detail(order.orderId).queryKey });
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('payment.retryLabel')}>
      <Stack gap="3">
        <MpesaPhoneField
          value={phone}
          onChange={setPhone}
          onBlur={() => setTouched(true)}
          error={touched ? problem : null}
          disabled={retry.isPending}
        />
        <Button
          type="submit"
          colorPalette="primary"
          loading={retry.isPending}
          loadingText={t('payment.sendingPrompt')}
          alignSelf="flex-start"
        >
          {t('payment.retry')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The payment of an order as it stands, followed live while a prompt is open (the query polls), with
 * the reason a payment failed in plain words and the way to try again.
 */
export function PaymentPanel({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const { paymentStatus } = order;
  // Tell the shopper when the payment they are waiting for arrives.
  const previous = useRef(paymentStatus);
  useEffect(() => {
    if (previous.current === 'pending' && paymentStatus === 'paid')
      notify.success(t('payment.received'), { id: 'payment-received' });
    previous.current = paymentStatus;
  }, [paymentStatus, t]);

  const latest = order.payments[0];
  const sentence = paymentSentence(order, (key) => t(key));
  const paid = order.paidAt
    ? t('payment.paidOn', { date: formatDateTime(order.paidAt, i18n.language) })
    : t('payment.paid');
  return (
    <Card.Root as="section" aria-labelledby="payment-heading" bg="bg.panel">
      <Card.Body gap="4">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id="payment-heading">
            {t('payment.title')}
          </Heading>
          <PaymentBadge status={paymentStatus} size="lg" />
        </Flex>
        <div role="status" aria-live="polite">
          {paymentStatus === 'pending' ? (
            <HStack gap="3" align="flex-start">
              <Spinner size="sm" color="warning.solid" mt="1" />
              <Stack gap="1">
                <Text fontWeight="semibold">{t('payment.waiting')}</Text>
                <Text color="fg.muted">
                  {sentence ?? t('payment.checkPhone', { phone: latest?.phone ?? order.phone })}
                </Text>
              </Stack>
            </HStack>
          ) : paymentStatus === 'paid' ? (
            <Text>
              {paid}
              {latest?.receipt ? ` · ${t('payment.receipt', { receipt: latest.receipt })}` : ''}.
            </Text>
          ) : (
            <Alert.Root status={paymentStatus === 'needs_review' ? 'info' : 'error'}>
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {paymentStatus === 'needs_review'
                    ? t('payment.reviewTitle')
                    : paymentStatus === 'expired'
                      ? t('payment.expiredTitle')
                      : t('payment.failedTitle')}
                </Alert.Title>
                {sentence ? <Alert.Description>{sentence}</Alert.Description> : null}
              </Alert.Content>
            </Alert.Root>
          )}
        </div>
        {order.canRetryPayment ? <RetryPayment key={order.payments.length} order={order} /> : null}
      </Card.Body>
    </Card.Root>
  );
}
