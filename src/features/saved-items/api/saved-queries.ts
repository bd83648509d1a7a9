import { queryOptions } from '@tanstack/react-query';
import { savedApi } from './saved-api';

/** Query factories of the saved items. */
export const savedQueries = {
  all: () => ['saved-items'] as const,
  list: () =>
    queryOptions({
      queryKey: [...savedQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => savedApi.list(signal),
    }),
};
