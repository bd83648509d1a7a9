import { Button, HStack, Text } from '@chakra-ui/react';
import { AppDialog } from '@/components/app-dialog';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { DISCOUNT_DELETED, DISCOUNT_PAUSED, DISCOUNT_RESUMED, type Discount } from '@contract/discounts';
import { useState } from 'react';
import { useDiscountMutations } from '../api/discount-mutations';

/** A row's Edit, Pause/Resume and Delete; an ended discount comes back only through an edit. */
export function DiscountActions({ discount, onEdit }: { discount: Discount; onEdit(d: Discount): void }) {
  const { setActive, remove } = useDiscountMutations();
  const [confirming, setConfirming] = useState(false);

  function toggle() {
    const active = !discount.active;
    setActive.mutate(
      { discount, active },
      {
        onSuccess: () => notify.success(active ? DISCOUNT_RESUMED : DISCOUNT_PAUSED),
        onError: (error) => toastError(error, 'The discount could not be changed. Please try again.'),
      },
    );
  }

  function confirmDelete() {
    remove.mutate(discount.discountId, {
      onSuccess: () => {
        setConfirming(false);
        notify.success(DISCOUNT_DELETED);
      },
      onError: (error) => {
        setConfirming(false);
        toastError(error, 'The discount could not be deleted. Please try again.');
      },
    });
  }

  return (
    <HStack gap="1" wrap="wrap">
      <Button size="xs" variant="outline" onClick={() => onEdit(discount)}>
        Edit
      </Button>
      {discount.state === 'ended' ? null : (
        <Button size="xs" variant="outline" onClick={toggle} loading={setActive.isPending}>
          {discount.active ? 'Pause' : 'Resume'}
        </Button>
      )}
      <Button size="xs" variant="outline" colorPalette="danger" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <AppDialog
        role="alertdialog"
        title={`Delete “${discount.name}”?`}
        open={confirming}
        onClose={() => setConfirming(false)}
        footer={
          <HStack gap="3">
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Keep it
            </Button>
            <Button colorPalette="danger" onClick={confirmDelete} loading={remove.isPending}>
              Delete discount
            </Button>
          </HStack>
        }
      >
        <Text>The shop stops using it at once. Orders already placed keep the prices they were charged.</Text>
      </AppDialog>
    </HStack>
  );
}
