import { apiGet, apiPost } from '@/lib/api-client';
import type { Delivery } from '@contract/deliveries';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

const keys = {
  all: ['admin', 'deliveries'] as const,
  list: () => [...keys.all, 'list'] as const,
};

/** How often the round is read again while the screen is open: a new order may be given any minute. */
const ROUND_POLL_MS = 30_000;

/** Query factories of a rider's round (`GET /api/v1/admin/deliveries`). */
export const deliveryQueries = {
  all: () => keys.all,
  list: () =>
    queryOptions({
      queryKey: keys.list(),
      queryFn: ({ signal }) => apiGet<{ count: number; rows: Delivery[] }>('v1/admin/deliveries', { signal }),
      refetchInterval: ROUND_POLL_MS,
    }),
};

/** `POST /api/v1/admin/deliveries/{orderId}/delivered`. */
export function useMarkDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiPost<Delivery>(`v1/admin/deliveries/${encodeURIComponent(orderId)}/delivered`),
    // Delivered, or refused (someone else moved it, or it was given to another rider): the round as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
