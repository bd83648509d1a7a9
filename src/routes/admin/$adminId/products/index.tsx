import { parseProductsSearch, ProductsPage, type ProductsSearch } from '@/features/admin-catalogue';
import { useListNavigate } from '@/components/admin-list';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/products/')({
  staticData: { title: 'Manage products' },
  validateSearch: parseProductsSearch,
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  const onSearchChange = useListNavigate<ProductsSearch>();
  return <ProductsPage adminId={adminId} search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
