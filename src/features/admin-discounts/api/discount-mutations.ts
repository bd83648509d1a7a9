import type { Discount, DiscountBody } from '@contract/discounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { discountQueries, invalidateDiscounts } from './discount-queries';
import { bodyOf, createDiscount, deleteDiscount, updateDiscount } from './discounts-api';

/**
 * The discount writes; each refreshes the discounts and the shop's prices. A failure
 * refreshes too: a 404 or 409 means the list on screen is stale. Toasts stay with the callers.
 */
export function useDiscountMutations() {
  const queryClient = useQueryClient();
  const onSuccess = (discount: Discount) => {
    queryClient.setQueryData(discountQueries.detail(discount.discountId).queryKey, discount);
    return invalidateDiscounts(queryClient);
  };
  const onError = () => invalidateDiscounts(queryClient);
  return {
    create: useMutation({ mutationFn: (body: DiscountBody) => createDiscount(body), onSuccess, onError }),
    update: useMutation({
      mutationFn: ({ discountId, body }: { discountId: string; body: DiscountBody }) =>
        updateDiscount(discountId, body),
      onSuccess,
      onError,
    }),
    /** Pause (`false`) or resume (`true`): the discount as listed, with `active` set. */
    setActive: useMutation({
      mutationFn: ({ discount, active }: { discount: Discount; active: boolean }) =>
        updateDiscount(discount.discountId, { ...bodyOf(discount), active }),
      onSuccess,
      onError,
    }),
    remove: useMutation({
      mutationFn: (discountId: string) => deleteDiscount(discountId),
      onSuccess: () => invalidateDiscounts(queryClient),
      onError,
    }),
  };
}
