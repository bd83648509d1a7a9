import { dashboardQueries } from '@/features/admin-dashboard';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchAdminOrder, fetchAdminOrders, fetchRiders, type AdminOrderParams } from './admin-orders-api';

const keys = {
  all: ['admin', 'orders'] as const,
  lists: () => [...keys.all, 'list'] as const,
  details: () => [...keys.all, 'detail'] as const,
  riders: () => ['admin', 'riders'] as const,
};

/** How often the back office looks for new orders while the tab is visible. */
const ORDERS_POLL_MS = 10_000;

/** Query factories of the back office's orders. */
export const adminOrderQueries = {
  all: () => keys.all,
  /**
   * A page of the list, refreshed every ten seconds while the tab is visible so new orders appear
   * without a reload; the rows on screen stay while the next answer loads.
   */
  list: (params: AdminOrderParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchAdminOrders(params, signal),
      placeholderData: keepPreviousData,
      staleTime: 5_000,
      refetchInterval: ORDERS_POLL_MS,
    }),
  /** The newest paid orders, polled to tell staff when new ones arrive. */
  latestPaid: () =>
    queryOptions({
      queryKey: [...keys.lists(), 'latest-paid'] as const,
      queryFn: ({ signal }) => fetchAdminOrders({ paymentStatus: 'paid', limit: 50, offset: 0 }, signal),
      staleTime: 5_000,
      refetchInterval: ORDERS_POLL_MS,
    }),
  detail: (orderId: string) =>
    queryOptions({
      queryKey: [...keys.details(), orderId] as const,
      queryFn: ({ signal }) => fetchAdminOrder(orderId, signal),
      // Actions act on what the server has now; a cached copy would only invite a 409.
      staleTime: 0,
    }),
  /** The riders to pick from when an order goes out; read again each time the picker opens. */
  riders: () =>
    queryOptions({
      queryKey: keys.riders(),
      queryFn: ({ signal }) => fetchRiders(signal),
      staleTime: 0,
    }),
};

/** After any order write, or a 409 that shows the page was stale: every list and the order itself. */
export function invalidateOrders(queryClient: QueryClient, orderId?: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.lists() }),
    orderId
      ? queryClient.invalidateQueries({ queryKey: adminOrderQueries.detail(orderId).queryKey })
      : queryClient.invalidateQueries({ queryKey: keys.details() }),
    // The dashboard's figures move with the orders.
    queryClient.invalidateQueries({ queryKey: dashboardQueries.all() }),
  ]);
}
