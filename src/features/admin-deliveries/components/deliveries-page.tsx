import { Badge, Button, Card, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { EmptyPanel } from '@/components/empty-panel';
import { PageFrame } from '@/components/layout/page-frame';
import { MdiIcon } from '@/components/mdi-icon';
import { isApiError } from '@/lib/api-client';
import { toastError } from '@/lib/errors';
import { formatKsh, telHref } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { Delivery } from '@contract/deliveries';
import { orderLabel } from '@contract/fulfilment';
import { formatNairobi } from '@contract/nairobi-time';
import { mdiCheckCircleOutline, mdiMapMarkerOutline, mdiMopedOutline, mdiPhoneOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { deliveryQueries, useMarkDelivered } from '../api/deliveries';

function DeliveryCard({ delivery: d }: { delivery: Delivery }) {
  const mark = useMarkDelivered();
  const label = orderLabel(d.number);
  const onTheRoad = d.status === 'out_for_delivery';

  function markDelivered() {
    mark.mutate(d.orderId, {
      onSuccess: () => notify.success(`${label} is delivered. Thank you!`),
      onError: (error) =>
        // Given to another rider meanwhile: it is simply no longer on this round.
        isApiError(error) && error.status === 404
          ? notify.error(`${label} is no longer given to you.`)
          : toastError(error),
    });
  }

  return (
    <Card.Root
      as="li"
      aria-label={`${label}, ${d.customer.name}`}
      variant={onTheRoad ? 'elevated' : 'outline'}
    >
      <Card.Body gap="4" p="4">
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0" minW="0">
            <Text fontSize="xl" fontWeight="bold">
              {d.customer.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {label} · {formatKsh(d.total)}
            </Text>
          </Stack>
          <Badge colorPalette={onTheRoad ? 'primary' : 'green'} variant="subtle" size="lg" flexShrink={0}>
            {onTheRoad ? 'On the way' : 'Delivered'}
          </Badge>
        </HStack>

        <Stack gap="1">
          {d.deliveryAreaName ? <Text fontWeight="semibold">{d.deliveryAreaName}</Text> : null}
          <Text whiteSpace="pre-line">{d.address}</Text>
        </Stack>

        {onTheRoad ? (
          <HStack gap="3">
            <Button asChild flex="1" size="xl" variant="outline" colorPalette="primary">
              <a
                href={telHref(d.customer.phone)}
                aria-label={`Call ${d.customer.name} on ${d.customer.phone}`}
              >
                <MdiIcon path={mdiPhoneOutline} boxSize="6" />
                {d.customer.phone}
              </a>
            </Button>
            <Button asChild flex="1" size="xl" variant="outline" colorPalette="secondary">
              <a href={d.mapUrl} target="_blank" rel="noopener noreferrer">
                <MdiIcon path={mdiMapMarkerOutline} boxSize="6" />
                Map
              </a>
            </Button>
          </HStack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Delivered {d.deliveredAt ? formatNairobi(d.deliveredAt) : ''} ·{' '}
            <Link href={telHref(d.customer.phone)}>{d.customer.phone}</Link>
          </Text>
        )}

        <Stack as="ul" gap="1" aria-label={`Items of ${label}`} listStyleType="none" fontSize="sm">
          {d.items.map((item, i) => (
            <li key={i}>
              <Text as="span" fontWeight="semibold">
                {item.quantity} ×
              </Text>{' '}
              {item.name} ({item.variantName})
            </li>
          ))}
        </Stack>

        {onTheRoad ? (
          <Button size="2xl" w="full" colorPalette="green" onClick={markDelivered} loading={mark.isPending}>
            <MdiIcon path={mdiCheckCircleOutline} boxSize="6" />
            Mark delivered
          </Button>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * `/admin/{adminId}/deliveries`: a rider's round on their phone, one card per order with what the
 * door needs (who, where, a call and a map a tap away, what is in the bag, the total) and Mark
 * delivered; what they delivered today below.
 */
export function DeliveriesPage() {
  const query = useQuery(deliveryQueries.list());
  const rows = query.data?.rows ?? [];
  const onTheRoad = rows.filter((d) => d.status === 'out_for_delivery');
  const done = rows.filter((d) => d.status !== 'out_for_delivery');
  return (
    <PageFrame title="My deliveries" description="The orders given to you, the longest waiting first." narrow>
      {query.isPending ? (
        <Stack gap="3" aria-busy="true" aria-label="Loading deliveries">
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} h="56" rounded="l3" />
          ))}
        </Stack>
      ) : !query.data ? (
        <Stack align="center" gap="3" py="12" role="alert">
          <Text fontWeight="semibold">We could not load your deliveries.</Text>
          <Button size="xl" colorPalette="primary" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Stack gap="8">
          {onTheRoad.length === 0 ? (
            <EmptyPanel
              icon={mdiMopedOutline}
              title="Nothing to deliver right now"
              description="Orders given to you appear here as soon as they leave the shop."
            />
          ) : (
            <Stack as="ul" gap="4" aria-label="To deliver" listStyleType="none">
              {onTheRoad.map((d) => (
                <DeliveryCard key={d.orderId} delivery={d} />
              ))}
            </Stack>
          )}
          {done.length ? (
            <Stack gap="3">
              <Text as="h2" fontSize="lg" fontWeight="semibold">
                Delivered today
              </Text>
              <Stack as="ul" gap="3" aria-label="Delivered today" listStyleType="none">
                {done.map((d) => (
                  <DeliveryCard key={d.orderId} delivery={d} />
                ))}
              </Stack>
            </Stack>
          ) : null}
        </Stack>
      )}
    </PageFrame>
  );
}
