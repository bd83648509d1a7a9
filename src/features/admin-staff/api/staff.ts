import { apiGet, apiPatch } from '@/lib/api-client';
import type { StaffMember, StaffUpdate } from '@contract/admin-staff';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

const keys = {
  all: ['admin', 'staff'] as const,
  list: () => [...keys.all, 'list'] as const,
};

/** Query factories of the owner's staff screen (`GET /api/v1/admin/staff`). */
export const staffQueries = {
  all: () => keys.all,
  list: () =>
    queryOptions({
      queryKey: keys.list(),
      queryFn: ({ signal }) => apiGet<{ count: number; rows: StaffMember[] }>('v1/admin/staff', { signal }),
    }),
};

/** `PATCH /api/v1/admin/staff/{userId}`: a new role, or the account switched off or on. */
export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: StaffUpdate }) =>
      apiPatch<StaffMember>(`v1/admin/staff/${encodeURIComponent(userId)}`, change),
    // Right or refused (a colleague was quicker), the list shows the team as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
