import { notify } from '@/lib/notify';
import type { Category } from '@contract/catalogue';
import { useCreateCategory, useUpdateCategory } from '../api/category-mutations';
import { AdminDialog } from './admin-dialog';
import { CategoryForm } from './category-form';

/** 'Add new Category' (spec §2, route name createCategory): the form in a dialog over the list. */
export function CreateCategoryDialog({ onClose }: { onClose(): void }) {
  const create = useCreateCategory();
  return (
    <AdminDialog open title="Add new Category" onClose={onClose}>
      <CategoryForm
        submitLabel="Add category"
        onCancel={onClose}
        onSubmit={async (input) => {
          const category = await create.mutateAsync(input);
          notify.success(`Category "${category.name}" added.`);
          onClose();
        }}
      />
    </AdminDialog>
  );
}

export function EditCategoryDialog({ category, onClose }: { category: Category; onClose(): void }) {
  const update = useUpdateCategory();
  return (
    <AdminDialog open title={`Edit "${category.name}"`} onClose={onClose}>
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
    </AdminDialog>
  );
}
