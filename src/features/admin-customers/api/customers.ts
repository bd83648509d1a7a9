import { apiGet, apiGetRaw, apiPost } from '@/lib/api-client';
import { fetchFile } from '@/lib/download';
import {
  customerExportFilename,
  type BlockCustomerBody,
  type CustomerDetail,
  type CustomerList,
  type CustomerListQuery,
  type EraseCustomerBody,
} from '@contract/admin-customers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/* Fetchers, query factories and mutations of the back office's customers (contract/admin-customers.ts). */

/** The list's search and page, as the query string carries them. */
export type CustomerParams = Partial<CustomerListQuery>;

export const CUSTOMERS_PAGE_SIZE = 25;

/** The list call for a list state (the search box's text and the page, from the URL). */
export const listParams = (search: { q?: string; page?: number }): CustomerParams => ({
  limit: CUSTOMERS_PAGE_SIZE,
  offset: ((search.page ?? 1) - 1) * CUSTOMERS_PAGE_SIZE,
  ...(search.q ? { q: search.q } : {}),
});

const customerPath = (customerId: string, rest = '') =>
  `v1/admin/customers/${encodeURIComponent(customerId)}${rest}`;

const keys = {
  all: ['admin', 'customers'] as const,
  lists: () => [...keys.all, 'list'] as const,
  details: () => [...keys.all, 'detail'] as const,
};

export const customerQueries = {
  all: () => keys.all,
  /** One page of shoppers; the rows on screen stay while the next answer loads. */
  list: (params: CustomerParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: async ({ signal }) =>
        (await apiGetRaw<CustomerList['data'], CustomerList['meta']>('v1/admin/customers', {
          searchParams: { ...params },
          signal,
        })) as CustomerList,
      placeholderData: keepPreviousData,
    }),
  detail: (customerId: string) =>
    queryOptions({
      queryKey: [...keys.details(), customerId] as const,
      queryFn: ({ signal }) => apiGet<CustomerDetail>(customerPath(customerId), { signal }),
      // The actions act on what the server has now.
      staleTime: 0,
    }),
};

/** `GET …/{customerId}/export`: the customer's data as the file the server names. */
export const fetchCustomerExport = (customerId: string) =>
  fetchFile(customerPath(customerId, '/export'), customerExportFilename(customerId));

type CustomerAction =
  | { kind: 'block'; body: BlockCustomerBody }
  | { kind: 'unblock' }
  | { kind: 'erase'; body: EraseCustomerBody };

/**
 * Block, unblock or erase one customer. Right or refused (a colleague was quicker), the customer's
 * page and every list show them as they are now; their orders' pages too, after an erasure.
 */
export function useCustomerAction(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CustomerAction) =>
      apiPost<CustomerDetail>(
        customerPath(customerId, `/${action.kind}`),
        'body' in action ? action.body : undefined,
      ),
    onSettled: (_data, _error, action) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.all }),
        action.kind === 'erase' ? queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] }) : null,
      ]),
  });
}
