import { Grid, HStack, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { RecordPage, RecordSection } from '@/features/admin';
import { formatKsh, telHref } from '@/lib/format';
import type { AdminOrder } from '@contract/admin-orders';
import { orderLabel } from '@contract/fulfilment';
import { mdiReceiptTextOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { adminOrderQueries } from '../api/admin-order-queries';
import { ATTEMPT_LABELS, nairobiTime } from '../model/look';
import { OrderActions } from './order-actions';
import { FulfilmentBadge, PaymentBadge, RefundBadge } from './order-badges';
import { OrderSms } from './order-sms';
import { OrderTimeline } from './order-timeline';

export interface OrderPageProps {
  adminId: string;
  orderId: string;
}

/** `/admin/{adminId}/orders/{orderId}`: everything staff need to pack, send and settle one order. */
export function OrderPage({ adminId, orderId }: OrderPageProps) {
  const query = useQuery(adminOrderQueries.detail(orderId));
  return (
    <RecordPage
      adminId={adminId}
      list="orders"
      noun="Order"
      query={query}
      missing={{ icon: mdiReceiptTextOutline, description: 'It may have been mistyped.' }}
      title={(order) => `Order ${orderLabel(order.number)}`}
      description={(order) =>
        `Placed ${nairobiTime(order.createdAt)} (Nairobi time)${order.paidAt ? `, paid ${nairobiTime(order.paidAt)}` : ''}.`
      }
    >
      {(order) => (
        <>
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
              <RecordSection title="Shopper">
                <Text fontWeight="medium">{order.customer.name}</Text>
                <Text fontSize="sm">{order.customer.email}</Text>
                <Text fontSize="sm">M-Pesa phone: {order.phone}</Text>
                {order.customer.phone && order.customer.phone !== order.phone ? (
                  <Text fontSize="sm" color="fg.muted">
                    Account phone: {order.customer.phone}
                  </Text>
                ) : null}
              </RecordSection>
              <RecordSection title="Delivery">
                <Text fontWeight="medium">{order.delivery.areaName ?? 'Pinned location'}</Text>
                <Text fontSize="sm" whiteSpace="pre-line">
                  {order.delivery.address}
                </Text>
              </RecordSection>
              {order.rider ? (
                <RecordSection title="Rider">
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
                </RecordSection>
              ) : null}
              {order.refund ? (
                <RecordSection title="Refund">
                  {order.refund.status === 'due' ? (
                    <Text>{formatKsh(order.total)} is due to the shopper.</Text>
                  ) : (
                    <Text>
                      {formatKsh(order.refund.amount ?? 0)} refunded with M-Pesa reversal{' '}
                      {order.refund.reference}
                      {order.refund.refundedAt ? ` on ${nairobiTime(order.refund.refundedAt)}` : ''}.
                    </Text>
                  )}
                </RecordSection>
              ) : null}
              <RecordSection title="Timeline">
                <OrderTimeline entries={order.timeline} />
              </RecordSection>
              <RecordSection title="SMS">
                <OrderSms messages={order.sms} />
              </RecordSection>
            </Stack>
          </Grid>
        </>
      )}
    </RecordPage>
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
    <RecordSection title="Items">
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
            {order.orderSaving > 0 ? (
              <Total label={`Order discount (${order.promoCode ?? 'code'})`} value={-order.orderSaving} />
            ) : null}
            <Total label="Delivery fee" value={order.shippingRate} />
            <Total label="Total" value={order.total} strong />
            {/* What the code took off in all: line prices, the order and the delivery fee together. */}
            {order.promoCode ? (
              <Total label={`Promo code ${order.promoCode} saved`} value={order.promoSaving} muted />
            ) : null}
          </Table.Footer>
        </Table.Root>
      </ScrollingTable>
    </RecordSection>
  );
}

function Total({
  label,
  value,
  strong,
  muted,
}: {
  label: string;
  value: number;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <Table.Row color={muted ? 'fg.muted' : undefined}>
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
    <RecordSection title="Payment attempts">
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
    </RecordSection>
  );
}
