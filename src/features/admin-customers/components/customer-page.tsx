import { Button, Card, Grid, Heading, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyPanel } from '@/components/empty-panel';
import { PageFrame } from '@/components/layout/page-frame';
import { MdiIcon } from '@/components/mdi-icon';
import { FulfilmentBadge, PaymentBadge } from '@/features/admin-orders';
import { isApiError } from '@/lib/api-client';
import { formatKsh } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import type { CustomerDetail } from '@contract/admin-customers';
import { orderLabel } from '@contract/fulfilment';
import { formatNairobi } from '@contract/nairobi-time';
import { mdiAccountHeartOutline, mdiArrowLeft } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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
  const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  useErrorToast(missing ? null : query.error, 'admin-customer-error');
  const back = (
    <Button asChild variant="ghost" size="sm" alignSelf="start">
      <Link to="/admin/$adminId/customers" params={{ adminId }}>
        <MdiIcon path={mdiArrowLeft} />
        All customers
      </Link>
    </Button>
  );

  if (!query.data) {
    return (
      <PageFrame title="Customer">
        {back}
        {missing ? (
          <EmptyPanel
            icon={mdiAccountHeartOutline}
            tone="muted"
            title="Customer not found"
            description="It may have been mistyped, or be a staff account."
          />
        ) : (
          <Stack gap="3" aria-busy="true" aria-label="Loading the customer">
            <Skeleton height="24" rounded="l2" />
            <Skeleton height="48" rounded="l2" />
          </Stack>
        )}
      </PageFrame>
    );
  }
  const customer = query.data;
  return (
    <PageFrame
      title={customer.name || customer.email}
      description={`Shopping since ${formatNairobi(customer.createdAt)}.`}
    >
      <Stack gap="5">
        {back}
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
            <Section title="Profile">
              <Text fontSize="sm">{customer.email}</Text>
              <Text fontSize="sm">Phone: {customer.phone ?? 'none given'}</Text>
              <Text fontSize="sm">
                {customer.ordersCount} {customer.ordersCount === 1 ? 'order' : 'orders'},{' '}
                {formatKsh(customer.totalPaid)} paid
              </Text>
              <Text fontSize="sm">Saved items: {customer.savedItemsCount}</Text>
            </Section>
            <Section title="Addresses">
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
            </Section>
          </Stack>
        </Grid>
      </Stack>
    </PageFrame>
  );
}

function Orders({ adminId, customer }: { adminId: string; customer: CustomerDetail }) {
  return (
    <Section title="Orders">
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
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `customer-section-${title.toLowerCase()}`;
  return (
    <Card.Root as="section" aria-labelledby={id} size="sm" minW="0">
      <Card.Body gap="2">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
