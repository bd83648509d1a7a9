import { Button, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { EmptyPanel } from '@/components/empty-panel';
import { PageFrame } from '@/components/layout/page-frame';
import { useCan } from '@/features/admin';
import { formatKsh } from '@/lib/format';
import type { AdminDashboard } from '@contract/dashboard';
import { mdiStorefrontOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { dashboardQueries } from '../api/dashboard-queries';
import {
  BestSellersPanel,
  LatestOrdersPanel,
  Panel,
  ReviewPanel,
  StatusPanel,
  StockPanel,
} from './dashboard-panels';
import { formatDay } from './format';
import { QuickActions } from './quick-actions';
import { StatCards } from './stat-cards';

// recharts is heavy: only the dashboard loads it, after its figures.
const RevenueChart = lazy(() => import('./revenue-chart'));

function Loading() {
  return (
    <Stack gap="4" role="status" aria-label="Loading the dashboard">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h="36" rounded="l3" />
        ))}
      </SimpleGrid>
      <Skeleton h="72" rounded="l3" />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h="48" rounded="l3" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Figures({ adminId, data }: { adminId: string; data: AdminDashboard }) {
  const orders = Object.values(data.ordersByStatus).reduce((a, b) => a + b, 0);
  const days = data.revenueByDay;
  // The answer leaves out what the role may not see; the lists of orders go with it.
  const seeOrders = useCan('orders.read');
  return (
    <Stack gap="4">
      {orders === 0 ? (
        <EmptyPanel
          icon={mdiStorefrontOutline}
          title="No orders yet"
          description="When shoppers order, sales, best sellers and the latest orders appear here. Meanwhile, stock the shelves."
        />
      ) : (
        <>
          <StatCards periods={data.periods} />
          {days && data.periods.last30Days.revenue !== null ? (
            <Panel
              title="Revenue, last 30 days"
              extra={
                <Text color="fg.muted" fontSize="sm">
                  {formatDay(days[0]!.date)} – {formatDay(days.at(-1)!.date)}, Nairobi time
                </Text>
              }
            >
              <figure
                aria-label={`Revenue per day over the last 30 days: ${formatKsh(data.periods.last30Days.revenue)} in all`}
              >
                <Suspense fallback={<Skeleton h="64" rounded="l2" />}>
                  <RevenueChart days={days} />
                </Suspense>
              </figure>
            </Panel>
          ) : null}
        </>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        {orders > 0 && seeOrders ? <ReviewPanel adminId={adminId} data={data} /> : null}
        {orders > 0 && seeOrders ? <LatestOrdersPanel adminId={adminId} data={data} /> : null}
        {orders > 0 ? <StatusPanel data={data} /> : null}
        {orders > 0 ? <BestSellersPanel adminId={adminId} data={data} /> : null}
        <StockPanel adminId={adminId} data={data} />
      </SimpleGrid>
    </Stack>
  );
}

/** The back office's home: how the shop is doing today, and what needs doing. */
export function DashboardPage({ adminId, firstName }: { adminId: string; firstName?: string }) {
  const query = useQuery(dashboardQueries.summary());
  return (
    <PageFrame
      title="Admin dashboard"
      description={`Karibu${firstName ? `, ${firstName}` : ''}! What would you like to do in the back office today?`}
    >
      <QuickActions adminId={adminId} />
      {query.isPending ? (
        <Loading />
      ) : !query.data ? (
        <Stack align="center" gap="3" py="12" textAlign="center" role="alert">
          <Text fontWeight="semibold">We could not load the dashboard.</Text>
          <Button
            colorPalette="primary"
            variant="outline"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </Stack>
      ) : (
        <Figures adminId={adminId} data={query.data} />
      )}
    </PageFrame>
  );
}
