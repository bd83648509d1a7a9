import { parseProductsSearch, ProductsPage, type ProductsSearch } from '@/features/admin-catalogue';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

export const Route = createFileRoute('/admin/$adminId/products/')({
  staticData: { title: 'Manage products' },
  validateSearch: parseProductsSearch,
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const onSearchChange = useCallback(
    (change: Partial<ProductsSearch>, options?: { replace?: boolean }) => {
      // The search box sends its text once typing pauses. By then the admin may have followed a
      // link elsewhere whose page is still loading (this one stays on screen meanwhile): that
      // navigation wins, rather than this one pulling them back (to a path without its adminId).
      const here = router.buildLocation({ to: '/admin/$adminId/products', params: { adminId } }).pathname;
      if (router.latestLocation.pathname !== here) return;
      void navigate({ search: (prev) => ({ ...prev, ...change }), replace: options?.replace });
    },
    [navigate, router, adminId],
  );
  return <ProductsPage adminId={adminId} search={search} onSearchChange={onSearchChange} />;
}
