import { Grid, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { RecordPage, RecordSection } from '@/features/admin';
import { FulfilmentBadge, PaymentBadge } from '@/features/admin-orders';
import { formatKsh } from '@/lib/format';
import type { CustomerDetail } from '@contract/admin-customers';
import { orderLabel } from '@contract/fulfilment';
import { formatNairobi } from '@contract/nairobi-time';
import { mdiAccountHeartOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { customerQueries } from '../api/customers';
import { CustomerActions } from './customer-actions';
import { CustomerState } from './customers-page';

export interface CustomerPageProps {
  adminId: string;
  customerId: string;
}

/** `/admin/{adminId}/customers/{customerId}`: who they are, where their orders went, their orders. */
export function CustomerPage({ adminId, customerId }: CustomerPageProps) {
  const query = useQuery(customerQueries.detail(customerId));
  return (
    <RecordPage
      adminId={adminId}
      list="customers"
      noun="Customer"
      query={query}
      missing={{
        icon: mdiAccountHeartOutline,
        tone: 'muted',
        description: 'It may have been mistyped, or be a staff account.',
      }}
      title={(customer) => customer.name || customer.email}
      description={(customer) => `Shopping since ${formatNairobi(customer.createdAt)}.`}
    >
      {(customer) => (
        <>
          <CustomerState customer={customer} />
          {customer.blocked ? (
            <Text color="fg.muted">
              Blocked {customer.blockedAt ? formatNairobi(customer.blockedAt) : ''}: {customer.blockedReason}
            </Text>
          ) : null}
          {customer.erased && customer.erasedAt ? (
            <Text color="fg.muted">Their data was erased {formatNairobi(customer.erasedAt)}.</Text>
          ) : null}
          <CustomerActions customer={customer} />
          <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="5" alignItems="start">
            <Orders adminId={adminId} customer={customer} />
            <Stack gap="5" minW="0">
              <RecordSection title="Profile">
                <Text fontSize="sm">{customer.email}</Text>
                <Text fontSize="sm">Phone: {customer.phone ?? 'none given'}</Text>
                <Text fontSize="sm">
                  {customer.ordersCount} {customer.ordersCount === 1 ? 'order' : 'orders'},{' '}
                  {formatKsh(customer.totalPaid)} paid
                </Text>
                <Text fontSize="sm">Saved items: {customer.savedItemsCount}</Text>
              </RecordSection>
              <RecordSection title="Addresses">
                {customer.addresses.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    No orders delivered yet.
                  </Text>
                ) : (
                  <Stack as="ul" gap="2" listStyleType="none">
                    {customer.addresses.map((a) => (
                      <li key={`${a.address}|${a.areaName ?? ''}`}>
                        <Text fontWeight="medium">{a.areaName ?? 'Pinned location'}</Text>
                        <Text fontSize="sm" whiteSpace="pre-line">
                          {a.address}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {a.orders} {a.orders === 1 ? 'order' : 'orders'}, last {formatNairobi(a.lastUsedAt)}
                        </Text>
                      </li>
                    ))}
                  </Stack>
                )}
              </RecordSection>
            </Stack>
          </Grid>
        </>
      )}
    </RecordPage>
  );
}

function Orders({ adminId, customer }: { adminId: string; customer: CustomerDetail }) {
  return (
    <RecordSection title="Orders">
      {customer.orders.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No orders yet.
        </Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label="Orders">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Order</Table.ColumnHeader>
                <Table.ColumnHeader>Placed</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {customer.orders.map((o) => (
                <Table.Row key={o.orderId}>
                  <Table.Cell fontWeight="semibold">
                    <Link to="/admin/$adminId/orders/$orderId" params={{ adminId, orderId: o.orderId }}>
                      {orderLabel(o.number)}
                    </Link>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatNairobi(o.createdAt)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatKsh(o.total)}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" wrap="wrap">
                      <PaymentBadge status={o.paymentStatus} />
                      <FulfilmentBadge status={o.status} />
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {customer.ordersCount > customer.orders.length ? (
        <Text fontSize="xs" color="fg.muted">
          The newest {customer.orders.length} of {customer.ordersCount}.
        </Text>
      ) : null}
    </RecordSection>
  );
}
