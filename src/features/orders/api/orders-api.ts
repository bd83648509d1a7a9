import { apiGet, apiGetRaw, apiPost } from '@/lib/api-client';
import type { CheckoutResult, Order, OrderList, PayOrderBody } from '@contract/checkout';

/** The shopper's orders (contract/checkout.ts). */
export const ordersApi = {
  /** `GET /v1/orders`: one page, newest first, with `meta` (total, limit, offset). */
  list: async (params: { limit: number; offset: number }, signal?: AbortSignal): Promise<OrderList> =>
    (await apiGetRaw<OrderList['data'], OrderList['meta']>('v1/orders', {
      searchParams: params,
      signal,
    })) as OrderList,
  /** `GET /v1/orders/{orderId}`: lines, totals, delivery and the payment history. */
  detail: (orderId: string, signal?: AbortSignal) =>
    apiGet<Order>(`v1/orders/${encodeURIComponent(orderId)}`, { signal }),
  /** `POST /v1/orders/{orderId}/pay`: a new M-Pesa prompt, to another phone when one is given. */
  pay: (orderId: string, body: PayOrderBody) =>
    apiPost<CheckoutResult>(`v1/orders/${encodeURIComponent(orderId)}/pay`, body),
};
