import { apiGet, apiGetRaw, apiPatch, apiPost } from '@/lib/api-client';
import { fetchFile } from '@/lib/download';
import type {
  AdminOrder,
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderPatch,
  RefundBody,
} from '@contract/admin-orders';
import type { Rider } from '@contract/deliveries';

/* Fetchers of the back office's order calls (contract/admin-orders.ts). */

/** The list's filters and page, as the query string carries them. */
export type AdminOrderParams = Partial<AdminOrderListQuery>;

const orderPath = (orderId: string, rest = '') => `v1/admin/orders/${encodeURIComponent(orderId)}${rest}`;

/** `GET /api/v1/admin/orders`: one page, newest first. */
export async function fetchAdminOrders(
  params: AdminOrderParams,
  signal?: AbortSignal,
): Promise<AdminOrderList> {
  const body = await apiGetRaw<AdminOrderList['data'], AdminOrderList['meta']>('v1/admin/orders', {
    searchParams: { ...params },
    signal,
  });
  return body as AdminOrderList;
}

export const fetchAdminOrder = (orderId: string, signal?: AbortSignal) =>
  apiGet<AdminOrder>(orderPath(orderId), { signal });

/** `GET /api/v1/admin/riders`: who an order can go out with. */
export const fetchRiders = (signal?: AbortSignal) =>
  apiGet<{ count: number; rows: Rider[] }>('v1/admin/riders', { signal });

/**
 * A fulfilment move or a cancel (`{ status }`, with `riderId` to send it out), a new rider
 * (`{ riderId }`), or a payment under review settled by hand.
 */
export const patchAdminOrder = (orderId: string, patch: AdminOrderPatch) =>
  apiPatch<AdminOrder>(orderPath(orderId), patch);

export const recordRefund = (orderId: string, body: RefundBody) =>
  apiPost<AdminOrder>(orderPath(orderId, '/refund'), body);

/** Asks M-Pesa about the order's latest prompt (the STK query); 502/503 when it cannot be reached. */
export const checkPayment = (orderId: string) => apiPost<AdminOrder>(orderPath(orderId, '/payment-check'));

/** `GET /api/v1/admin/orders` with `Accept: text/csv`: the whole filtered list as a file. */
export function fetchOrdersCsv({ limit: _limit, offset: _offset, ...filters }: AdminOrderParams) {
  return fetchFile('v1/admin/orders', 'sokoni-orders.csv', {
    searchParams: filters,
    headers: { Accept: 'text/csv' },
  });
}
