import { permitted } from '@/features/admin';
import { CreateCategoryDialog } from '@/features/admin-taxonomy';
import { createFileRoute } from '@tanstack/react-router';

/**
 * 'Add new Category' (route name createCategory: docs/behaviour.md#back-office): its dialog over the
 * categories list.
 */
export const Route = createFileRoute('/admin/$adminId/categories/create')({
  beforeLoad: permitted('taxonomy.write'),
  staticData: { title: 'Add new Category' },
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <CreateCategoryDialog
      onClose={() => void navigate({ to: '/admin/$adminId/categories', params: { adminId } })}
    />
  );
}
