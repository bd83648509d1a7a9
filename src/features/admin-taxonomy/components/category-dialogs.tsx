import { notify } from '@/lib/notify';
import type { Category } from '@contract/catalogue';
import { useCreateCategory, useUpdateCategory } from '../api/category-mutations';
import { AppDialog } from '@/components/app-dialog';
import { CategoryForm } from './category-form';

/**
 * 'Add new Category' (route name createCategory, docs/behaviour.md#back-office): the form in a dialog over
 * the list.
 */
export function CreateCategoryDialog({ onClose }: { onClose(): void }) {
  const create = useCreateCategory();
  return (
    <AppDialog open fullOnPhones title="Add new Category" onClose={onClose}>
      <CategoryForm
        submitLabel="Add category"
        onCancel={onClose}
        onSubmit={async (input) => {
          const category = await create.mutateAsync(input);
          notify.success(`Category "${category.name}" added.`);
          onClose();
        }}
      />
    </AppDialog>
  );
}

export function EditCategoryDialog({ category, onClose }: { category: Category; onClose(): void }) {
  const update = useUpdateCategory();
  return (
    <AppDialog open fullOnPhones title={`Edit "${category.name}"`} onClose={onClose}>
      <CategoryForm
        initial={{
          name: category.name,
          icon: category.icon,
          color: category.color,
          iconPath: category.iconPath,
        }}
        submitLabel="Save changes"
        onCancel={onClose}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync({ categoryId: category.categoryId, input });
          notify.success(`Category "${saved.name}" saved.`);
          onClose();
        }}
      />
    </AppDialog>
  );
}
