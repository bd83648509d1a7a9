import { Field, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { notify } from '@/lib/notify';
import { toastError } from '@/lib/errors';
import type { Category } from '@contract/catalogue';
import { useState } from 'react';
import { useDeleteCategory } from '../api/category-mutations';
import { ConfirmDialog } from './confirm-dialog';

const products = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

export interface DeleteCategoryDialogProps {
  category: Category;
  /** Every category, to offer the others as the products' new home. */
  categories: readonly Category[];
  onClose(): void;
}

/**
 * Deleting a category. One with products asks where they go: to another category, or nowhere
 * (they stay in the shop, uncategorised).
 */
export function DeleteCategoryDialog({ category, categories, onClose }: DeleteCategoryDialogProps) {
  const others = categories.filter((c) => c.categoryId !== category.categoryId);
  const [choice, setChoice] = useState<'move' | 'leave'>(others.length ? 'move' : 'leave');
  const [moveTo, setMoveTo] = useState(others[0]?.categoryId ?? '');
  const remove = useDeleteCategory();
  const held = category.productCount;

  async function confirm() {
    const target = held > 0 && choice === 'move' ? moveTo : undefined;
    try {
      const result = await remove.mutateAsync({ categoryId: category.categoryId, moveTo: target });
      const movedTo = categories.find((c) => c.categoryId === result.movedTo);
      notify.success(
        movedTo
          ? `Category "${category.name}" deleted. ${products(result.products)} moved to ${movedTo.name}.`
          : `Category "${category.name}" deleted.`,
      );
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <ConfirmDialog
      title={`Delete "${category.name}"?`}
      confirmLabel="Delete category"
      onConfirm={confirm}
      onClose={onClose}
    >
      {held === 0 ? (
        <Text>No product is in this category. It leaves the landing page at once.</Text>
      ) : (
        <Stack gap="4">
          <Text>
            {products(held)} {held === 1 ? 'is' : 'are'} in this category. What should happen to{' '}
            {held === 1 ? 'it' : 'them'}?
          </Text>
          <RadioGroup.Root value={choice} onValueChange={(e) => setChoice(e.value as 'move' | 'leave')}>
            <Stack gap="3">
              {others.length ? (
                <RadioGroup.Item value="move">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>Move them to another category</RadioGroup.ItemText>
                </RadioGroup.Item>
              ) : null}
              <RadioGroup.Item value="leave">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Leave them uncategorised</RadioGroup.ItemText>
              </RadioGroup.Item>
            </Stack>
          </RadioGroup.Root>
          {choice === 'move' && others.length ? (
            <Field.Root>
              <Field.Label>Move the products to</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={moveTo} onChange={(e) => setMoveTo(e.target.value)} bg="bg">
                  {others.map((c) => (
                    <option key={c.categoryId} value={c.categoryId}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          ) : null}
        </Stack>
      )}
    </ConfirmDialog>
  );
}
