import { apiGet } from '@/lib/api-client';
import type { AdminDashboard } from '@contract/dashboard';
import { queryOptions } from '@tanstack/react-query';

/** `GET /api/v1/admin/dashboard`: every figure of the back office's home in one answer. */
const fetchDashboard = (signal?: AbortSignal) =>
  apiGet<AdminDashboard>('v1/admin/dashboard', { signal });

const keys = {
  all: ['admin', 'dashboard'] as const,
  summary: () => [...keys.all, 'summary'] as const,
};

/** Query factories of the dashboard. */
export const dashboardQueries = {
  /** Every dashboard query, for invalidation. */
  all: () => keys.all,
  summary: () =>
    queryOptions({
      queryKey: keys.summary(),
      queryFn: ({ signal }) => fetchDashboard(signal),
      staleTime: 30_000,
      // New paid orders show up while the page stays open.
      refetchInterval: 60_000,
    }),
};
