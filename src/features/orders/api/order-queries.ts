import type { Order } from '@contract/checkout';
import { queryOptions } from '@tanstack/react-query';
import { ordersApi } from './orders-api';

/** How often an order whose payment is pending is asked about again. */
export const PAYMENT_POLL_MS = 2000;

export const ORDERS_PAGE_SIZE = 10;

const keys = {
  all: ['orders'] as const,
  lists: () => [...keys.all, 'list'] as const,
  details: () => [...keys.all, 'detail'] as const,
};

/** Whether the order's payment may still change by itself (a prompt is open). */
const isPaymentOpen = (order: Pick<Order, 'paymentStatus'> | undefined) => order?.paymentStatus === 'pending';

/** Query factories of the orders. */
export const orderQueries = {
  all: () => keys.all,
  lists: () => keys.lists(),
  list: (page: number, limit = ORDERS_PAGE_SIZE) =>
    queryOptions({
      queryKey: [...keys.lists(), { page, limit }] as const,
      queryFn: ({ signal }) => ordersApi.list({ limit, offset: (page - 1) * limit }, signal),
      staleTime: 0,
    }),
  /** One order; while its payment is pending it is polled until the payment ends. */
  detail: (orderId: string) =>
    queryOptions({
      queryKey: [...keys.details(), orderId] as const,
      queryFn: ({ signal }) => ordersApi.detail(orderId, signal),
      staleTime: 0,
      refetchInterval: (query) => (isPaymentOpen(query.state.data) ? PAYMENT_POLL_MS : false),
      // The shopper is on their phone typing the PIN: keep asking while this tab is in the background.
      refetchIntervalInBackground: true,
    }),
};
