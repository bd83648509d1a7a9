import { Button, Card, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { AdminList, ListFilter, useListState, type SearchChange } from '@/components/admin-list';
import { EmptyPanel } from '@/components/empty-panel';
import { PageFrame } from '@/components/layout/page-frame';
import { MdiIcon } from '@/components/mdi-icon';
import { useDownload } from '@/lib/download';
import { formatKsh } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import type { AdminOrderSummary } from '@contract/admin-orders';
import type { OrderStatus, PaymentStatus } from '@contract/checkout';
import {
  FULFILMENT_STEPS,
  ORDER_STATUS_LABELS,
  orderLabel,
  PAYMENT_STATUS_LABELS,
} from '@contract/fulfilment';
import { mdiBellRingOutline, mdiDownload, mdiReceiptTextOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { adminOrderQueries } from '../api/admin-order-queries';
import { fetchOrdersCsv } from '../api/admin-orders-api';
import { nairobiTime } from '../model/look';
import { isFiltered, listParams, ORDERS_PAGE_SIZE, type OrdersSearch } from '../model/orders-search';
import { FulfilmentBadge, PaymentBadge, RefundBadge } from './order-badges';
import { useNewPaidOrders } from './use-new-paid-orders';

export interface OrdersPageProps {
  adminId: string;
  search: OrdersSearch;
  onSearchChange: SearchChange<OrdersSearch>;
}

const ORDER_STATUSES: OrderStatus[] = [...FULFILMENT_STEPS, 'cancelled'];
const NO_FILTERS = {
  paymentStatus: undefined,
  status: undefined,
  q: undefined,
  from: undefined,
  to: undefined,
  page: undefined,
};

/** `/admin/{adminId}/orders`: every order, newest first, filtered and paged on the server. */
export function OrdersPage({ adminId, search, onSearchChange }: OrdersPageProps) {
  const list = useQuery(adminOrderQueries.list(listParams(search)));
  useErrorToast(list.error, 'admin-orders-error');
  const state = useListState(search, onSearchChange, ORDERS_PAGE_SIZE, list.data);
  const newPaid = useNewPaidOrders();
  const exportCsv = useDownload(
    () => fetchOrdersCsv(listParams(search)),
    'The orders could not be exported. Please try again.',
  );
  const filtered = isFiltered(search);

  function showNewPaid() {
    newPaid.acknowledge();
    onSearchChange({ ...NO_FILTERS, paymentStatus: 'paid' });
  }

  return (
    <PageFrame
      title="Orders"
      description="Follow payments, packing and delivery, and settle what M-Pesa left unclear."
    >
      <Stack gap="4">
        {newPaid.count > 0 ? (
          <HStack
            role="status"
            gap="3"
            px="4"
            py="2"
            rounded="l2"
            bg="green.subtle"
            color="green.fg"
            justify="space-between"
            wrap="wrap"
          >
            <HStack gap="2">
              <MdiIcon path={mdiBellRingOutline} />
              <Text fontWeight="medium">
                {newPaid.count === 1 ? '1 new paid order' : `${newPaid.count} new paid orders`}
              </Text>
            </HStack>
            <Button size="xs" variant="outline" colorPalette="green" onClick={showNewPaid}>
              Show paid orders
            </Button>
          </HStack>
        ) : null}

        <AdminList
          state={state}
          onSearchChange={onSearchChange}
          label="Orders"
          searchLabel="Search orders"
          searchPlaceholder="Order number, email or phone"
          note="Dates and times are Nairobi time."
          pending={list.isPending}
          waiting={list.isPlaceholderData}
          interactive
          emptyLabel="No orders"
          filters={
            <>
              <ListFilter
                label="Payment"
                value={search.paymentStatus}
                all="All payments"
                options={Object.entries(PAYMENT_STATUS_LABELS) as [PaymentStatus, string][]}
                onChange={(paymentStatus) => onSearchChange({ paymentStatus, page: undefined })}
              />
              <ListFilter
                label="Fulfilment"
                value={search.status}
                all="All fulfilment"
                options={ORDER_STATUSES.map((status) => [status, ORDER_STATUS_LABELS[status]] as const)}
                onChange={(status) => onSearchChange({ status, page: undefined })}
              />
              <Field.Root width={{ base: 'full', sm: '40' }}>
                <Field.Label fontSize="xs">From</Field.Label>
                <Input
                  type="date"
                  value={search.from ?? ''}
                  max={search.to}
                  onChange={(e) => onSearchChange({ from: e.target.value || undefined, page: undefined })}
                />
              </Field.Root>
              <Field.Root width={{ base: 'full', sm: '40' }}>
                <Field.Label fontSize="xs">To</Field.Label>
                <Input
                  type="date"
                  value={search.to ?? ''}
                  min={search.from}
                  onChange={(e) => onSearchChange({ to: e.target.value || undefined, page: undefined })}
                />
              </Field.Root>
              <Button
                variant="outline"
                onClick={() => void exportCsv.download()}
                loading={exportCsv.downloading}
                width={{ base: 'full', sm: 'auto' }}
              >
                <MdiIcon path={mdiDownload} />
                Export CSV
              </Button>
              {filtered ? (
                <Button
                  variant="ghost"
                  onClick={() => {
                    state.setText('');
                    onSearchChange(NO_FILTERS);
                  }}
                >
                  Clear filters
                </Button>
              ) : null}
            </>
          }
          empty={
            <EmptyPanel
              icon={mdiReceiptTextOutline}
              title={filtered ? 'No orders match' : 'No orders yet'}
              description={
                filtered
                  ? 'Try another search, filter or date range.'
                  : 'Orders appear here as shoppers check out.'
              }
            />
          }
          head={
            <>
              <Table.ColumnHeader>Order</Table.ColumnHeader>
              <Table.ColumnHeader>Placed</Table.ColumnHeader>
              <Table.ColumnHeader>Shopper</Table.ColumnHeader>
              <Table.ColumnHeader>Phone</Table.ColumnHeader>
              <Table.ColumnHeader>Area</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Items</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
              <Table.ColumnHeader>Payment</Table.ColumnHeader>
              <Table.ColumnHeader>Fulfilment</Table.ColumnHeader>
            </>
          }
          row={(o) => (
            <Table.Row key={o.orderId}>
              <Table.Cell fontWeight="semibold" whiteSpace="nowrap">
                <OrderLink adminId={adminId} order={o} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{nairobiTime(o.createdAt)}</Table.Cell>
              <Table.Cell>
                <Text lineClamp={1}>{o.customer.name}</Text>
                <Text fontSize="xs" color="fg.muted" lineClamp={1}>
                  {o.customer.email}
                </Text>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{o.phone}</Table.Cell>
              <Table.Cell>{o.deliveryAreaName ?? '—'}</Table.Cell>
              <Table.Cell textAlign="end">{o.itemCount}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatKsh(o.total)}
              </Table.Cell>
              <Table.Cell>
                <PaymentBadge status={o.paymentStatus} />
              </Table.Cell>
              <Table.Cell>
                <HStack gap="1" wrap="wrap">
                  <FulfilmentBadge status={o.status} />
                  {o.refundStatus ? <RefundBadge status={o.refundStatus} /> : null}
                </HStack>
              </Table.Cell>
            </Table.Row>
          )}
          card={(o) => (
            <Card.Root as="li" key={o.orderId} size="sm" listStyleType="none">
              <Card.Body>
                <Stack gap="1">
                  <HStack justify="space-between" gap="3">
                    <Text fontWeight="semibold">
                      <OrderLink adminId={adminId} order={o} />
                    </Text>
                    <Text fontWeight="semibold">{formatKsh(o.total)}</Text>
                  </HStack>
                  <Text fontSize="sm">
                    {o.customer.name} · {o.phone}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {nairobiTime(o.createdAt)} · {o.deliveryAreaName ?? 'Pinned location'} · {o.itemCount}{' '}
                    {o.itemCount === 1 ? 'item' : 'items'}
                  </Text>
                  <HStack gap="1" wrap="wrap">
                    <PaymentBadge status={o.paymentStatus} />
                    <FulfilmentBadge status={o.status} />
                    {o.refundStatus ? <RefundBadge status={o.refundStatus} /> : null}
                  </HStack>
                </Stack>
              </Card.Body>
            </Card.Root>
          )}
        />
      </Stack>
    </PageFrame>
  );
}

function OrderLink({ adminId, order }: { adminId: string; order: AdminOrderSummary }) {
  return (
    <Link to="/admin/$adminId/orders/$orderId" params={{ adminId, orderId: order.orderId }}>
      {orderLabel(order.number)}
    </Link>
  );
}
