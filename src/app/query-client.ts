import { isApiError } from '@/lib/api-client';
import { QueryClient } from '@tanstack/react-query';

/** A 4xx will not change on retry (bad input, missing record, no permission); anything else may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The app's query client: Query owns caching and retries (the HTTP client never retries). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Offline, a query still asks: the service worker answers with what the shop last showed
        // (docs/architecture.md, Offline), and a query with nothing cached fails instead of waiting.
        networkMode: 'offlineFirst',
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
