import { Badge, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { AdminList, useListState, type SearchChange } from '@/components/admin-list';
import { EmptyPanel } from '@/components/empty-panel';
import { PageFrame } from '@/components/layout/page-frame';
import { formatKsh } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import type { CustomerSummary } from '@contract/admin-customers';
import { formatNairobi } from '@contract/nairobi-time';
import { mdiAccountHeartOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { customerQueries, CUSTOMERS_PAGE_SIZE, listParams } from '../api/customers';
import type { CustomersSearch } from '../model/customers-search';

export interface CustomersPageProps {
  adminId: string;
  search: CustomersSearch;
  onSearchChange: SearchChange<CustomersSearch>;
}

/** Blocked or erased, when either. */
export function CustomerState({ customer }: { customer: Pick<CustomerSummary, 'blocked' | 'erased'> }) {
  if (customer.erased)
    return (
      <Badge colorPalette="gray" variant="subtle" size="sm">
        Erased
      </Badge>
    );
  if (customer.blocked)
    return (
      <Badge colorPalette="danger" variant="subtle" size="sm">
        Blocked
      </Badge>
    );
  return null;
}

function CustomerLink({ adminId, customer }: { adminId: string; customer: CustomerSummary }) {
  return (
    <Link to="/admin/$adminId/customers/$customerId" params={{ adminId, customerId: customer.userId }}>
      {customer.name || customer.email}
    </Link>
  );
}

const lastOrder = (c: CustomerSummary) => (c.lastOrderAt ? formatNairobi(c.lastOrderAt) : 'No orders yet');

/** `/admin/{adminId}/customers`: the shop's shoppers, searched and paged on the server. */
export function CustomersPage({ adminId, search, onSearchChange }: CustomersPageProps) {
  const list = useQuery(customerQueries.list(listParams(search)));
  useErrorToast(list.error, 'admin-customers-error');
  const state = useListState(search, onSearchChange, CUSTOMERS_PAGE_SIZE, list.data);
  return (
    <PageFrame
      title="Customers"
      description="Find a shopper by name, email or phone: their orders, where they go, and their data."
    >
      <AdminList
        state={state}
        onSearchChange={onSearchChange}
        label="Customers"
        searchLabel="Search customers"
        searchPlaceholder="Name, email or phone"
        note="Total paid counts paid orders. Times are Nairobi time."
        pending={list.isPending}
        waiting={list.isPlaceholderData}
        interactive
        emptyLabel="No customers"
        empty={
          <EmptyPanel
            icon={mdiAccountHeartOutline}
            title={search.q ? 'No customers match' : 'No customers yet'}
            description={
              search.q
                ? 'Try part of a name, an email or a phone number.'
                : 'Shoppers appear here as they sign up.'
            }
          />
        }
        head={
          <>
            <Table.ColumnHeader>Customer</Table.ColumnHeader>
            <Table.ColumnHeader>Phone</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Orders</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Total paid</Table.ColumnHeader>
            <Table.ColumnHeader>Last order</Table.ColumnHeader>
          </>
        }
        row={(c) => (
          <Table.Row key={c.userId}>
            <Table.Cell>
              <HStack gap="2">
                <Text fontWeight="semibold" lineClamp={1}>
                  <CustomerLink adminId={adminId} customer={c} />
                </Text>
                <CustomerState customer={c} />
              </HStack>
              <Text fontSize="xs" color="fg.muted" lineClamp={1}>
                {c.email}
              </Text>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{c.phone ?? '—'}</Table.Cell>
            <Table.Cell textAlign="end">{c.ordersCount}</Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {formatKsh(c.totalPaid)}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{lastOrder(c)}</Table.Cell>
          </Table.Row>
        )}
        card={(c) => (
          <Card.Root as="li" key={c.userId} size="sm" listStyleType="none">
            <Card.Body>
              <Stack gap="1">
                <HStack justify="space-between" gap="3">
                  <HStack gap="2">
                    <Text fontWeight="semibold">
                      <CustomerLink adminId={adminId} customer={c} />
                    </Text>
                    <CustomerState customer={c} />
                  </HStack>
                  <Text fontWeight="semibold">{formatKsh(c.totalPaid)}</Text>
                </HStack>
                <Text fontSize="sm">
                  {c.email}
                  {c.phone ? ` · ${c.phone}` : ''}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {c.ordersCount} {c.ordersCount === 1 ? 'order' : 'orders'} · {lastOrder(c)}
                </Text>
              </Stack>
            </Card.Body>
          </Card.Root>
        )}
      />
    </PageFrame>
  );
}
