import {
  Box,
  Button,
  Card,
  Flex,
  HStack,
  LinkOverlay,
  LinkBox,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { BrowseProducts, EmptyPanel } from '@/components/empty-panel';
import { MdiIcon } from '@/components/mdi-icon';
import { formatKsh } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import type { OrderSummary } from '@contract/checkout';
import { mdiChevronLeft, mdiChevronRight, mdiReceiptTextOutline } from '@mdi/js';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { orderQueries, ORDERS_PAGE_SIZE } from '../api/order-queries';
import { formatDateTime } from '../model/status';
import { FulfilmentBadge, PaymentBadge } from './status-badge';

function OrderRow({ order }: { order: OrderSummary }) {
  const { t, i18n } = useTranslation('orders');
  return (
    <LinkBox as="li" aria-label={t('list.orderLabel', { number: order.number })}>
      <Card.Root
        bg="bg.panel"
        size="sm"
        _hover={{ borderColor: 'primary.solid' }}
        transition="border-color 150ms"
      >
        <Card.Body>
          <Flex gap="3" justify="space-between" align={{ base: 'flex-start', sm: 'center' }} wrap="wrap">
            <Stack gap="1" minW="0">
              <Text fontWeight="semibold">
                <LinkOverlay asChild>
                  <Link to="/account/orders/$orderId" params={{ orderId: order.orderId }}>
                    {t('orderNumber', { number: order.number })}
                  </Link>
                </LinkOverlay>
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(order.createdAt, i18n.language)} ·{' '}
                {t('list.items', { count: order.itemCount })}
              </Text>
            </Stack>
            <HStack gap="3" wrap="wrap">
              <PaymentBadge status={order.paymentStatus} />
              <FulfilmentBadge status={order.status} />
              <Text fontWeight="bold" minW="8rem" textAlign="end" data-testid="order-total">
                {formatKsh(order.total)}
              </Text>
            </HStack>
          </Flex>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}

function NoOrders() {
  const { t } = useTranslation('orders');
  return (
    <EmptyPanel
      icon={mdiReceiptTextOutline}
      title={t('list.emptyTitle')}
      description={t('list.emptyDescription')}
    >
      <BrowseProducts />
    </EmptyPanel>
  );
}

/** The shopper's orders, newest first, a page at a time (the page is in the URL). */
export function OrdersList({ page }: { page: number }) {
  const { t } = useTranslation('orders');
  const query = useQuery({ ...orderQueries.list(page), placeholderData: keepPreviousData });
  const { data, error, isPending, isPlaceholderData } = query;
  useErrorToast(error, 'orders-error');

  if (isPending) {
    return (
      <Stack gap="3" role="status" aria-label={t('list.loading')}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h="20" rounded="l3" />
        ))}
      </Stack>
    );
  }
  if (!data) {
    return (
      <Stack align="center" gap="3" py="12" textAlign="center" role="alert">
        <Text fontWeight="semibold">{t('list.loadFailed')}</Text>
        <Button colorPalette="primary" variant="outline" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </Button>
      </Stack>
    );
  }
  const { total } = data.meta;
  if (total === 0) return <NoOrders />;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  return (
    <Stack gap="5">
      <Stack
        as="ul"
        listStyleType="none"
        gap="3"
        aria-label={t('list.label')}
        aria-busy={isPlaceholderData}
        opacity={isPlaceholderData ? 0.6 : 1}
      >
        {data.data.map((order) => (
          <OrderRow key={order.orderId} order={order} />
        ))}
      </Stack>
      {pages > 1 ? (
        <Flex as="nav" aria-label={t('list.pages')} justify="space-between" align="center" gap="3">
          <Box>
            {page > 1 ? (
              <Button asChild variant="outline" colorPalette="support" size="sm">
                <Link to="/account/orders" search={{ page: page - 1 }}>
                  <MdiIcon path={mdiChevronLeft} />
                  {t('list.newer')}
                </Link>
              </Button>
            ) : null}
          </Box>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {t('list.pageOf', { page, pages, total })}
          </Text>
          <Box>
            {page < pages ? (
              <Button asChild variant="outline" colorPalette="support" size="sm">
                <Link to="/account/orders" search={{ page: page + 1 }}>
                  {t('list.older')}
                  <MdiIcon path={mdiChevronRight} />
                </Link>
              </Button>
            ) : null}
          </Box>
        </Flex>
      ) : null}
    </Stack>
  );
}
