import { permitted } from '@/features/admin';
import { categoryQueries } from '@/features/catalogue';
import { CategoriesPage } from '@/features/admin-taxonomy';
import { createFileRoute, Outlet } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/categories')({
  beforeLoad: permitted('taxonomy.write'),
  staticData: { title: 'Categories' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(categoryQueries.list()),
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  return (
    <CategoriesPage adminId={adminId}>
      <Outlet />
    </CategoriesPage>
  );
}
