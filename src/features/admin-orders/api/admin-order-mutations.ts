import type { AdminOrder, AdminOrderPatch, RefundBody } from '@contract/admin-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrderQueries, invalidateOrders } from './admin-order-queries';
import { checkPayment, patchAdminOrder, recordRefund } from './admin-orders-api';

/**
 * The order writes; each puts the answer in the order's cache and refreshes every list.
 * A failure also refreshes: a 409 means someone else moved the order, and the page must show it.
 * Toasts stay with the callers.
 */
export function useOrderMutations(orderId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (order: AdminOrder) => {
    queryClient.setQueryData(adminOrderQueries.detail(order.orderId).queryKey, order);
    return invalidateOrders(queryClient, order.orderId);
  };
  const onError = () => invalidateOrders(queryClient, orderId);
  return {
    patch: useMutation({
      mutationFn: (patch: AdminOrderPatch) => patchAdminOrder(orderId, patch),
      onSuccess,
      onError,
    }),
    refund: useMutation({
      mutationFn: (body: RefundBody) => recordRefund(orderId, body),
      onSuccess,
      onError,
    }),
    checkPayment: useMutation({ mutationFn: () => checkPayment(orderId), onSuccess, onError }),
  };
}
