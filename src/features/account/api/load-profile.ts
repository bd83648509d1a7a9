import { authQueries, setupQueries } from '@/features/auth';
import type { QueryClient } from '@tanstack/react-query';

/**
 * What the profile pages wait for: the account. The country picker's list is only needed once the
 * profile is edited, so it is fetched, not waited for.
 */
export function loadProfile(queryClient: QueryClient) {
  void queryClient.prefetchQuery(setupQueries.countries());
  return queryClient.ensureQueryData(authQueries.me());
}
