import { apiDelete, apiGet, apiPatch, apiPost } from '@/lib/api-client';
import type { InviteStaffBody, StaffInvitation, StaffMember, StaffUpdate } from '@contract/admin-staff';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

const keys = {
  all: ['admin', 'staff'] as const,
  list: () => [...keys.all, 'list'] as const,
  invitations: () => [...keys.all, 'invitations'] as const,
};

/** Query factories of the owner's staff screen (`GET /api/v1/admin/staff`). */
export const staffQueries = {
  all: () => keys.all,
  list: () =>
    queryOptions({
      queryKey: keys.list(),
      queryFn: ({ signal }) => apiGet<{ count: number; rows: StaffMember[] }>('v1/admin/staff', { signal }),
    }),
  invitations: () =>
    queryOptions({
      queryKey: keys.invitations(),
      queryFn: ({ signal }) =>
        apiGet<{ count: number; rows: StaffInvitation[] }>('v1/admin/staff/invitations', { signal }),
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

const invitationPath = (id: string) => `v1/admin/staff/invitations/${encodeURIComponent(id)}`;

/** Invitations: send one (`POST`), send it again with a new link, or withdraw it (`DELETE`). */
export function useInvitationActions() {
  const queryClient = useQueryClient();
  // Sent, refused or taken up meanwhile: the lists show the team as it is now.
  const onSettled = () => queryClient.invalidateQueries({ queryKey: keys.all });
  return {
    invite: useMutation({
      mutationFn: (body: InviteStaffBody) => apiPost<StaffInvitation>('v1/admin/staff/invitations', body),
      onSettled,
    }),
    resend: useMutation({
      mutationFn: (id: string) => apiPost<StaffInvitation>(`${invitationPath(id)}/resend`),
      onSettled,
    }),
    revoke: useMutation({ mutationFn: (id: string) => apiDelete(invitationPath(id)), onSettled }),
  };
}
