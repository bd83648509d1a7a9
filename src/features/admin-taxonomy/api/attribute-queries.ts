import { queryOptions } from '@tanstack/react-query';
import { fetchAttributes } from './taxonomy-api';

const keys = {
  all: ['attributes'] as const,
  list: (eager: boolean) => [...keys.all, 'list', { eager }] as const,
};

/** Query factories of the attributes. */
export const attributeQueries = {
  /** Every attribute query, for invalidation. */
  all: () => keys.all,
  /** `GET /api/v1/attribute?eager=…`; the back office reads the eager list (values and their counts). */
  list: (eager = true) =>
    queryOptions({
      queryKey: keys.list(eager),
      queryFn: ({ signal }) => fetchAttributes(eager, signal),
    }),
};
