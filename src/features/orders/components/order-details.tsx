import {
  Alert,
  Box,
  Button,
  Card,
  Flex,
  Grid,
  Heading,
  HStack,
  Image,
  Separator,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { EmptyPanel } from '@/components/empty-panel';
import { usePageTitle } from '@/components/layout/page-title';
import { MdiIcon } from '@/components/mdi-icon';
import { isApiError } from '@/lib/api-client';
import { formatKsh } from '@/lib/format';
import { onReconnect, useOnline } from '@/lib/online';
import { useErrorToast } from '@/lib/use-error-toast';
import type { Order } from '@contract/checkout';
import { mdiArrowLeft, mdiReceiptTextRemoveOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { orderQueries } from '../api/order-queries';
import { formatDateTime } from '../model/status';
import { PaymentHistory } from './payment-history';
import { PaymentPanel } from './payment-panel';
import { FulfilmentBadge, PaymentBadge } from './status-badge';

/** Unknown ids, malformed ids and other shoppers' orders all look the same: not yours, not found. */
function OrderNotFound() {
  const { t } = useTranslation('orders');
  return (
    <EmptyPanel
      icon={mdiReceiptTextRemoveOutline}
      tone="muted"
      title={t('details.notFoundTitle')}
      description={t('details.notFoundDescription')}
    >
      <Button asChild colorPalette="primary">
        <Link to="/account/orders">{t('details.seeOrders')}</Link>
      </Button>
    </EmptyPanel>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id} bg="bg.panel">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId: string;
}) {
  return (
    <Flex justify="space-between" gap="3">
      <Text color={strong ? 'fg' : 'fg.muted'} fontWeight={strong ? 'bold' : 'normal'}>
        {label}
      </Text>
      <Text
        fontWeight={strong ? 'bold' : 'medium'}
        fontSize={strong ? 'lg' : 'md'}
        data-testid={`order-${testId}`}
      >
        {value}
      </Text>
    </Flex>
  );
}

function Items({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  return (
    <Section id="order-items" title={t('details.items')}>
      <Stack as="ul" listStyleType="none" gap="0" separator={<Separator />} aria-labelledby="order-items">
        {order.items.map((item, index) => (
          <HStack as="li" key={`${item.variantId ?? item.productPid}-${index}`} gap="3" py="3" align="center">
            <Image
              src={item.image ?? undefined}
              alt=""
              w="14"
              h="14"
              fit="cover"
              rounded="l2"
              bg="bg.muted"
              flexShrink={0}
            />
            <Stack gap="0" flex="1" minW="0">
              <Text fontWeight="semibold" lineClamp="2">
                {item.name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {item.variantName ? `${item.variantName} · ` : ''}
                {item.quantity} × {formatKsh(item.price)}
              </Text>
            </Stack>
            <Text fontWeight="bold" whiteSpace="nowrap">
              {formatKsh(item.totalPrice)}
            </Text>
          </HStack>
        ))}
      </Stack>
      <Separator />
      <Stack gap="1">
        <Row label={t('details.subtotal')} value={formatKsh(order.subtotal)} testId="subtotal" />
        {order.orderSaving > 0 ? (
          <Row
            label={order.promoCode ? t('details.promoCode', { code: order.promoCode }) : t('details.promo')}
            value={formatKsh(-order.orderSaving)}
            testId="promo-saving"
          />
        ) : null}
        <Row label={t('details.delivery')} value={formatKsh(order.shippingRate)} testId="delivery" />
        <Row label={t('details.total')} value={formatKsh(order.total)} strong testId="total" />
      </Stack>
      {order.promoCode ? (
        <Text fontSize="sm" color="fg.muted" data-testid="order-promo">
          {t('details.placedWithCode', { code: order.promoCode, amount: formatKsh(order.promoSaving) })}
        </Text>
      ) : null}
    </Section>
  );
}

function Delivery({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { delivery } = order;
  return (
    <Section id="order-delivery" title={t('details.deliverySection')}>
      <Stack gap="1">
        <Text fontWeight="semibold">
          {delivery.areaName ??
            t('details.yourLocation', {
              latitude: delivery.lat.toFixed(4),
              longitude: delivery.lng.toFixed(4),
            })}
        </Text>
        <Text color="fg.muted" whiteSpace="pre-line">
          {delivery.address}
        </Text>
      </Stack>
      <Stack gap="0">
        <Text fontSize="sm" color="fg.muted">
          {t('details.mpesaPhone')}
        </Text>
        <Text fontWeight="medium">{order.phone}</Text>
      </Stack>
    </Section>
  );
}

/**
 * One order: its payment (live while pending), items and totals, delivery and payment attempts.
 * Offline it says that what it shows may be out of date; when the connection comes back it asks at
 * once (a retry waiting out its back-off is cut short), and a pending payment's polling goes on.
 */
export function OrderDetails({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation('orders');
  const query = useQuery(orderQueries.detail(orderId));
  const online = useOnline();
  const { refetch } = query;
  useEffect(() => onReconnect(() => void refetch()), [refetch]);
  usePageTitle(query.data ? t('orderNumber', { number: query.data.number }) : undefined);
  const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  const failure = missing || query.data ? null : query.error;
  useErrorToast(failure, 'order-error');

  if (missing) return <OrderNotFound />;
  const order = query.data;
  if (!order) {
    if (query.isPending) {
      return (
        <Stack gap="4" role="status" aria-label={t('details.loading')}>
          <Skeleton h="8" w="60%" />
          <Skeleton h="32" rounded="l3" />
          <Skeleton h="48" rounded="l3" />
        </Stack>
      );
    }
    return (
      <Stack align="center" gap="3" py="12" textAlign="center" role="alert">
        <Text fontWeight="semibold">{t('details.loadFailed')}</Text>
        <Button colorPalette="primary" variant="outline" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="5">
      {online ? null : (
        <Alert.Root status="warning" role="status">
          <Alert.Indicator />
          <Alert.Description>{t('details.offline')}</Alert.Description>
        </Alert.Root>
      )}
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Stack gap="0">
          <Heading as="h2" size="xl">
            {t('orderNumber', { number: order.number })}
          </Heading>
          <Text color="fg.muted">
            {t('details.placed', { date: formatDateTime(order.createdAt, i18n.language) })}
          </Text>
        </Stack>
        <HStack gap="2">
          <PaymentBadge status={order.paymentStatus} />
          <FulfilmentBadge status={order.status} />
        </HStack>
      </Flex>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5" alignItems="start">
        <Stack gap="5">
          <PaymentPanel order={order} />
          <Items order={order} />
        </Stack>
        <Stack gap="5">
          <Delivery order={order} />
          <PaymentHistory attempts={order.payments} />
        </Stack>
      </Grid>
      <Box>
        <Button asChild variant="ghost" colorPalette="support" size="sm">
          <Link to="/account/orders">
            <MdiIcon path={mdiArrowLeft} />
            {t('details.allOrders')}
          </Link>
        </Button>
      </Box>
    </Stack>
  );
}
