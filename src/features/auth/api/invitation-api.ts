import type { AcceptInvitationBody, InvitationView } from '@contract/admin-staff';
import type { AuthResult } from '@contract/auth';
import { apiGet, apiPost } from '@/lib/api-client';
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { authQueries } from './auth-queries';

/*
 * A staff invitation's link (`/admin/join/{token}`): apart from ./auth-api.ts, whose object every page
 * loads for sign-out, so that only the invitee's page carries these calls.
 */

const path = (token: string) => `v1/auth/invitations/${encodeURIComponent(token)}`;

export const invitationQueries = {
  /** What the link invites to; a dead link is an answer to show, not to retry. */
  invitation: (token: string) =>
    queryOptions({
      queryKey: [...authQueries.all(), 'invitation', token] as const,
      queryFn: ({ signal }) => apiGet<InvitationView>(path(token), { signal }),
      retry: false,
      staleTime: Infinity,
    }),
};

export const invitationMutations = {
  /** Takes up the invitation: the staff account is made and signed in. */
  accept: (queryClient: QueryClient, token: string) =>
    mutationOptions({
      mutationKey: ['auth', 'accept-invitation'],
      mutationFn: (body: AcceptInvitationBody) => apiPost<AuthResult>(`${path(token)}/accept`, body),
      onSuccess: (result) => queryClient.setQueryData(authQueries.me().queryKey, result.user),
    }),
};
