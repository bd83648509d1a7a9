import { Alert, Button, Card, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { MpesaPhoneField } from '@/components/mpesa-phone-field';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { mpesaPhoneProblem } from '@/lib/phone';
import { normaliseKenyanPhone } from '@contract/phone';
import type { Order } from '@contract/checkout';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { orderQueries } from '../api/order-queries';
import { ordersApi } from '../api/orders-api';
import { announcePayment } from '../model/payment-toast';
import { formatDateTime } from '../model/status';
import { PaymentBadge } from './status-badge';

export const PAYMENT_RECEIVED = 'Payment received. Thank you for shopping with Sokoni!';

/** A new prompt for a failed or expired payment, to the order's phone or another one. */
function RetryPayment({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState(order.phone);
  const [touched, setTouched] = useState(false);
  const problem = mpesaPhoneProblem(phone);
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
        notify.error(errorMessage(error), { id: 'payment-retry-error' });
        void queryClient.invalidateQueries({ queryKey: orderQueries.detail(order.orderId).queryKey });
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Retry payment">
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
          loadingText="Sending prompt…"
          alignSelf="flex-start"
        >
          Retry payment
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
  const { paymentStatus } = order;
  // Tell the shopper when the payment they are waiting for arrives.
  const previous = useRef(paymentStatus);
  useEffect(() => {
    if (previous.current === 'pending' && paymentStatus === 'paid')
      notify.success(PAYMENT_RECEIVED, { id: 'payment-received' });
    previous.current = paymentStatus;
  }, [paymentStatus]);

  const latest = order.payments[0];
  return (
    <Card.Root as="section" aria-labelledby="payment-heading" bg="bg.panel">
      <Card.Body gap="4">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id="payment-heading">
            Payment
          </Heading>
          <PaymentBadge status={paymentStatus} size="lg" />
        </Flex>
        <div role="status" aria-live="polite">
          {paymentStatus === 'pending' ? (
            <HStack gap="3" align="flex-start">
              <Spinner size="sm" color="warning.solid" mt="1" />
              <Stack gap="1">
                <Text fontWeight="semibold">Waiting for your M-Pesa payment</Text>
                <Text color="fg.muted">
                  {order.paymentMessage ??
                    `Check ${latest?.phone ?? order.phone} for the M-Pesa prompt and enter your PIN. This page updates by itself.`}
                </Text>
              </Stack>
            </HStack>
          ) : paymentStatus === 'paid' ? (
            <Text>
              Paid{order.paidAt ? ` on ${formatDateTime(order.paidAt)}` : ''}
              {latest?.receipt ? ` · M-Pesa receipt ${latest.receipt}` : ''}.
            </Text>
          ) : (
            <Alert.Root status={paymentStatus === 'needs_review' ? 'info' : 'error'}>
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {paymentStatus === 'needs_review'
                    ? 'The shop is checking this payment'
                    : paymentStatus === 'expired'
                      ? 'The payment prompt expired'
                      : 'The payment did not go through'}
                </Alert.Title>
                {order.paymentMessage ? <Alert.Description>{order.paymentMessage}</Alert.Description> : null}
              </Alert.Content>
            </Alert.Root>
          )}
        </div>
        {order.canRetryPayment ? <RetryPayment key={order.payments.length} order={order} /> : null}
      </Card.Body>
    </Card.Root>
  );
}
