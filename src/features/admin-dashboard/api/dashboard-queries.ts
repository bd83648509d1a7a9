import { apiGet } from '@/lib/api-client';
import type { AdminDashboard } from '@contract/dashboard';
import { queryOptions } from '@tanstack/react-query';

/** `GET /api/v1/admin/dashboard`: every figure of the back office's home in one answer. */
export const fetchDashboard = (signal?: AbortSignal) =>
  apiGet<AdminDashboard>('v1/admin/dashboard', { signal });

/** Query factories of the dashboard. */
export const dashboardQueries = {
  all: () => ['admin', 'dashboard'] as const,
  summary: () =>
    queryOptions({
      queryKey: ['admin', 'dashboard', 'summary'] as const,
      queryFn: ({ signal }) => fetchDashboard(signal),
      staleTime: 30_000,
      // New paid orders show up while the page stays open.
      refetchInterval: 60_000,
    }),
};
