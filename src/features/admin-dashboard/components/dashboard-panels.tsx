import { Badge, Box, Card, Heading, HStack, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import { useCan } from '@/features/admin';
import { formatKsh } from '@/lib/format';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@contract/checkout';
import type { AdminDashboard, DashboardOrder, StockAlert } from '@contract/dashboard';
import { Link } from '@tanstack/react-router';
import type { ComponentProps, ReactNode } from 'react';
import { formatWhen, ORDER_STATUS_LABELS, orderLabel, PAYMENT_STATUS_LABELS } from './format';

/** A titled card of the dashboard; its title names the region. */
export function Panel({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const id = `dashboard-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card.Root as="section" aria-labelledby={id} variant="outline">
      <Card.Header>
        <HStack justify="space-between" gap="2">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          {extra}
        </HStack>
      </Card.Header>
      <Card.Body pt="3">{children}</Card.Body>
    </Card.Root>
  );
}

const Quiet = ({ children }: { children: ReactNode }) => (
  <Text color="fg.muted" fontSize="sm">
    {children}
  </Text>
);

const PAYMENT_PALETTE: Record<DashboardOrder['paymentStatus'], string> = {
  pending: 'gray',
  paid: 'green',
  failed: 'red',
  expired: 'orange',
  needs_review: 'yellow',
};

/** Orders counted by fulfilment and by payment status. */
export function StatusPanel({ data }: { data: AdminDashboard }) {
  const rows = (title: string, entries: [string, number][]) => (
    <Box>
      <Text fontWeight="semibold" fontSize="sm" mb="2">
        {title}
      </Text>
      <List.Root variant="plain" gap="1" aria-label={title}>
        {entries.map(([label, n]) => (
          <List.Item key={label} justifyContent="space-between" display="flex" fontSize="sm">
            <Text as="span">{label}</Text>
            <Text as="span" fontWeight="semibold">
              {n.toLocaleString('en-KE')}
            </Text>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
  return (
    <Panel title="Orders by status">
      <Stack gap="4" direction={{ base: 'column', sm: 'row' }} css={{ '& > *': { flex: 1 } }}>
        {rows(
          'Fulfilment',
          ORDER_STATUSES.map((s) => [ORDER_STATUS_LABELS[s], data.ordersByStatus[s]]),
        )}
        {rows(
          'Payment',
          PAYMENT_STATUSES.map((s) => [PAYMENT_STATUS_LABELS[s], data.ordersByPaymentStatus[s]]),
        )}
      </Stack>
    </Panel>
  );
}

/** A product's name: a link to its page for a role that may open products, the words alone otherwise. */
function ProductName({
  adminId,
  productId,
  stock,
  children,
  ...style
}: {
  adminId: string;
  productId: string;
  /** A variant whose stock history the link opens. */
  stock?: string;
  children: ReactNode;
} & Pick<
  ComponentProps<typeof Text>,
  'fontWeight'
>) {
  if (!useCan('products.read'))
    return (
      <Text as="span" {...style}>
        {children}
      </Text>
    );
  return (
    <ChakraLink asChild colorPalette="primary" {...style}>
      <Link to="/admin/$adminId/products/$productId" params={{ adminId, productId }} search={{ stock }}>
        {children}
      </Link>
    </ChakraLink>
  );
}

export function BestSellersPanel({ adminId, data }: { adminId: string; data: AdminDashboard }) {
  return (
    <Panel title="Best sellers, last 30 days">
      {data.bestSellers.length === 0 ? (
        <Quiet>No paid orders in the last 30 days yet.</Quiet>
      ) : (
        <List.Root as="ol" gap="2" ps="5" aria-label="Best sellers">
          {data.bestSellers.map((b) => (
            <List.Item key={b.productId} fontSize="sm">
              <HStack justify="space-between" gap="3" w="full">
                <ProductName adminId={adminId} productId={b.productId} fontWeight="medium">
                  {b.name}
                </ProductName>
                <Text as="span" color="fg.muted" textAlign="end" flexShrink={0}>
                  {b.units.toLocaleString('en-KE')} sold
                  {b.revenue === null ? null : ` · ${formatKsh(b.revenue)}`}
                </Text>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Panel>
  );
}

function StockList({
  adminId,
  title,
  alerts,
}: {
  adminId: string;
  title: string;
  alerts: AdminDashboard['lowStock'];
}) {
  const line = (v: StockAlert) => (
    <List.Item key={v.variantId} fontSize="sm">
      <HStack justify="space-between" gap="3" w="full">
        <ProductName adminId={adminId} productId={v.productId} stock={v.variantId}>
          {v.productName} — {v.variantName}
        </ProductName>
        <Text as="span" color={v.quantity === 0 ? 'fg.error' : 'fg.warning'} flexShrink={0}>
          {v.quantity === 0 ? 'none left' : `${v.quantity} left`}
        </Text>
      </HStack>
    </List.Item>
  );
  return (
    <Box>
      <Text fontWeight="semibold" fontSize="sm" mb="2">
        {title} ({alerts.count})
      </Text>
      {alerts.count === 0 ? (
        <Quiet>None.</Quiet>
      ) : (
        <>
          <List.Root variant="plain" gap="1.5" aria-label={title}>
            {alerts.variants.map(line)}
          </List.Root>
          {alerts.count > alerts.variants.length ? (
            <Quiet>and {alerts.count - alerts.variants.length} more</Quiet>
          ) : null}
        </>
      )}
    </Box>
  );
}

export function StockPanel({ adminId, data }: { adminId: string; data: AdminDashboard }) {
  return (
    <Panel title="Stock to top up">
      <Stack gap="4">
        <StockList adminId={adminId} title="Out of stock" alerts={data.outOfStock} />
        <StockList adminId={adminId} title="Low on stock (5 or fewer)" alerts={data.lowStock} />
      </Stack>
    </Panel>
  );
}

function OrderLine({
  adminId,
  order,
  showPayment = true,
}: {
  adminId: string;
  order: DashboardOrder;
  showPayment?: boolean;
}) {
  return (
    <List.Item fontSize="sm" py="1">
      <Stack gap="0.5" w="full">
        <HStack justify="space-between" gap="3">
          <ChakraLink asChild colorPalette="primary" fontWeight="medium">
            <Link to="/admin/$adminId/orders/$orderId" params={{ adminId, orderId: order.orderId }}>
              Order {orderLabel(order.number)}
            </Link>
          </ChakraLink>
          <Text as="span" fontWeight="semibold">
            {formatKsh(order.total)}
          </Text>
        </HStack>
        <HStack justify="space-between" gap="2" wrap="wrap" color="fg.muted">
          <Text as="span">
            {order.customerName} · {formatWhen(order.createdAt)}
          </Text>
          <HStack gap="1">
            <Badge variant="subtle">{ORDER_STATUS_LABELS[order.status]}</Badge>
            {showPayment ? (
              <Badge variant="subtle" colorPalette={PAYMENT_PALETTE[order.paymentStatus]}>
                {PAYMENT_STATUS_LABELS[order.paymentStatus]}
              </Badge>
            ) : null}
          </HStack>
        </HStack>
      </Stack>
    </List.Item>
  );
}

export function ReviewPanel({ adminId, data }: { adminId: string; data: AdminDashboard }) {
  const { count, orders } = data.needsReview;
  return (
    <Panel
      title="Payments to review"
      extra={
        <Badge colorPalette={count ? 'yellow' : 'gray'} variant="solid" aria-label={`${count} to review`}>
          {count}
        </Badge>
      }
    >
      {count === 0 ? (
        <Quiet>Every M-Pesa payment is settled.</Quiet>
      ) : (
        <Stack gap="2">
          <Quiet>M-Pesa did not confirm these payments: ask M-Pesa again, or settle them by hand.</Quiet>
          <List.Root variant="plain" gap="1" aria-label="Payments to review">
            {orders.map((o) => (
              <OrderLine key={o.orderId} adminId={adminId} order={o} showPayment={false} />
            ))}
          </List.Root>
        </Stack>
      )}
    </Panel>
  );
}

export function LatestOrdersPanel({ adminId, data }: { adminId: string; data: AdminDashboard }) {
  return (
    <Panel
      title="Latest orders"
      extra={
        <ChakraLink asChild colorPalette="primary" fontSize="sm">
          <Link to="/admin/$adminId/orders" params={{ adminId }}>
            All orders
          </Link>
        </ChakraLink>
      }
    >
      <List.Root variant="plain" gap="1" aria-label="Latest orders">
        {data.latestOrders.map((o) => (
          <OrderLine key={o.orderId} adminId={adminId} order={o} />
        ))}
      </List.Root>
    </Panel>
  );
}
