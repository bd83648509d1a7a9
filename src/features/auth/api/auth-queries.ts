import { queryOptions } from '@tanstack/react-query';
import { authApi } from './auth-api';

/** Query factories of the accounts feature; no raw keys elsewhere. */
export const authQueries = {
  all: () => ['auth'] as const,
  /** The signed-in user, as the server has it now (GET /auth/me). */
  me: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'me'] as const,
      queryFn: ({ signal }) => authApi.me(signal),
    }),
};

/** The setup lists for forms (GET /v1/setups/{name}); they change with releases, not with sessions. */
export const setupQueries = {
  countries: () =>
    queryOptions({
      queryKey: ['setups', 'countries'] as const,
      queryFn: ({ signal }) => authApi.countries(signal),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
