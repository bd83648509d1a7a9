import {
  Button,
  Card,
  Grid,
  Heading,
  HStack,
  Link as ChakraLink,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { EmptyPanel } from '@/components/empty-panel';
import { PageFrame } from '@/components/layout/page-frame';
import { MdiIcon } from '@/components/mdi-icon';
import { isApiError } from '@/lib/api-client';
import { formatKsh, telHref } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import type { AdminOrder } from '@contract/admin-orders';
import { orderLabel } from '@contract/fulfilment';
import { mdiArrowLeft, mdiReceiptTextOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { adminOrderQueries } from '../api/admin-order-queries';
import { ATTEMPT_LABELS, nairobiTime } from '../model/look';
import { OrderActions } from './order-actions';
import { FulfilmentBadge, PaymentBadge, RefundBadge } from './order-badges';
import { OrderTimeline } from './order-timeline';

export interface OrderPageProps {
  adminId: string;
  orderId: string;
}

/** `/admin/{adminId}/orders/{orderId}`: everything staff need to pack, send and settle one order. */
export function OrderPage({ adminId, orderId }: OrderPageProps) {
  const query = useQuery(adminOrderQueries.detail(orderId));
  const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  useErrorToast(missing ? null : query.error, 'admin-order-error');
  const back = (
    <Button asChild variant="ghost" size="sm" alignSelf="start">
      <Link to="/admin/$adminId/orders" params={{ adminId }}>
        <MdiIcon path={mdiArrowLeft} />
        All orders
      </Link>
    </Button>
  );

  if (!query.data) {
    return (
      <PageFrame title="Order">
        {back}
        {missing ? (
          <EmptyPanel
            icon={mdiReceiptTextOutline}
            title="Order not found"
            description="It may have been mistyped."
          />
        ) : (
          <Stack gap="3" aria-busy="true" aria-label="Loading the order">
            <Skeleton height="24" rounded="l2" />
            <Skeleton height="48" rounded="l2" />
          </Stack>
        )}
      </PageFrame>
    );
  }
  const order = query.data;
  return (
    <PageFrame
      title={`Order ${orderLabel(order.number)}`}
      description={`Placed ${nairobiTime(order.createdAt)} (Nairobi time)${order.paidAt ? `, paid ${nairobiTime(order.paidAt)}` : ''}.`}
    >
      <Stack gap="5">
        {back}
        <HStack gap="2" wrap="wrap" aria-label="Statuses" role="group">
          <PaymentBadge status={order.paymentStatus} size="md" />
          <FulfilmentBadge status={order.status} size="md" />
          {order.refund ? <RefundBadge status={order.refund.status} size="md" /> : null}
        </HStack>
        {order.paymentMessage && order.paymentStatus === 'needs_review' ? (
          <Text color="fg.muted">{order.paymentMessage}</Text>
        ) : null}
        <OrderActions order={order} />

        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="5" alignItems="start">
          <Stack gap="5" minW="0">
            <Lines order={order} />
            <Payments order={order} />
          </Stack>
          <Stack gap="5" minW="0">
            <Section title="Shopper">
              <Text fontWeight="medium">{order.customer.name}</Text>
              <Text fontSize="sm">{order.customer.email}</Text>
              <Text fontSize="sm">M-Pesa phone: {order.phone}</Text>
              {order.customer.phone && order.customer.phone !== order.phone ? (
                <Text fontSize="sm" color="fg.muted">
                  Account phone: {order.customer.phone}
                </Text>
              ) : null}
            </Section>
            <Section title="Delivery">
              <Text fontWeight="medium">{order.delivery.areaName ?? 'Pinned location'}</Text>
              <Text fontSize="sm" whiteSpace="pre-line">
                {order.delivery.address}
              </Text>
            </Section>
            {order.rider ? (
              <Section title="Rider">
                <Text fontWeight="medium">{order.rider.name}</Text>
                {order.rider.phone ? (
                  <ChakraLink href={telHref(order.rider.phone)} fontSize="sm" colorPalette="primary">
                    {order.rider.phone}
                  </ChakraLink>
                ) : (
                  <Text fontSize="sm" color="fg.muted">
                    No phone on record
                  </Text>
                )}
                {order.riderAssignedAt ? (
                  <Text fontSize="xs" color="fg.muted">
                    Given {nairobiTime(order.riderAssignedAt)}
                  </Text>
                ) : null}
              </Section>
            ) : null}
            {order.refund ? (
              <Section title="Refund">
                {order.refund.status === 'due' ? (
                  <Text>{formatKsh(order.total)} is due to the shopper.</Text>
                ) : (
                  <Text>
                    {formatKsh(order.refund.amount ?? 0)} refunded with M-Pesa reversal{' '}
                    {order.refund.reference}
                    {order.refund.refundedAt ? ` on ${nairobiTime(order.refund.refundedAt)}` : ''}.
                  </Text>
                )}
              </Section>
            ) : null}
            <Section title="Timeline">
              <OrderTimeline entries={order.timeline} />
            </Section>
          </Stack>
        </Grid>
      </Stack>
    </PageFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-section-${title.toLowerCase()}`;
  return (
    <Card.Root as="section" aria-labelledby={id} size="sm">
      <Card.Body gap="2">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * A table that may scroll sideways on a narrow screen. Its cells hold no link or button, so the
 * scrolling box itself takes the focus (a keyboard user scrolls it with the arrow keys) and is named
 * like its table.
 */
function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.ScrollArea tabIndex={0} role="region" aria-label={label} focusVisibleRing="inside">
      {children}
    </Table.ScrollArea>
  );
}

function Lines({ order }: { order: AdminOrder }) {
  return (
    <Section title="Items">
      <ScrollingTable label="Items table">
        <Table.Root size="sm" aria-label="Items">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Product</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Qty</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {order.items.map((item, i) => (
              <Table.Row key={`${item.variantId ?? item.productPid}-${i}`}>
                <Table.Cell>
                  <Text>{item.name}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {item.variantName} · {item.productPid}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatKsh(item.price)}
                </Table.Cell>
                <Table.Cell textAlign="end">{item.quantity}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatKsh(item.totalPrice)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
          <Table.Footer>
            <Total label="Subtotal" value={order.subtotal} />
            <Total label="Delivery fee" value={order.shippingRate} />
            <Total label="Total" value={order.total} strong />
          </Table.Footer>
        </Table.Root>
      </ScrollingTable>
    </Section>
  );
}

function Total({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={3} textAlign="end" fontWeight={strong ? 'semibold' : undefined}>
        {label}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight={strong ? 'semibold' : undefined}>
        {formatKsh(value)}
      </Table.Cell>
    </Table.Row>
  );
}

function Payments({ order }: { order: AdminOrder }) {
  return (
    <Section title="Payment attempts">
      {order.payments.length === 0 ? (
        <Text color="fg.muted">No M-Pesa prompt was sent for this order.</Text>
      ) : (
        <ScrollingTable label="Payment attempts table">
          <Table.Root size="sm" aria-label="Payment attempts">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Sent</Table.ColumnHeader>
                <Table.ColumnHeader>Phone</Table.ColumnHeader>
                <Table.ColumnHeader>CheckoutRequestID</Table.ColumnHeader>
                <Table.ColumnHeader>Result</Table.ColumnHeader>
                <Table.ColumnHeader>Receipt</Table.ColumnHeader>
                <Table.ColumnHeader>Answered</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {order.payments.map((p) => (
                <Table.Row key={p.attemptId}>
                  <Table.Cell whiteSpace="nowrap">{nairobiTime(p.createdAt)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{p.phone}</Table.Cell>
                  <Table.Cell fontFamily="mono" fontSize="xs">
                    {p.checkoutRequestId ?? '—'}
                  </Table.Cell>
                  <Table.Cell>
                    <Text fontWeight="medium">{ATTEMPT_LABELS[p.status]}</Text>
                    {p.resultCode !== null || p.resultDesc ? (
                      <Text fontSize="xs" color="fg.muted">
                        {p.resultCode !== null ? `${p.resultCode} · ` : ''}
                        {p.resultDesc}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" fontSize="xs">
                    {p.receipt ?? '—'}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {p.completedAt ? nairobiTime(p.completedAt) : '—'}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollingTable>
      )}
    </Section>
  );
}
