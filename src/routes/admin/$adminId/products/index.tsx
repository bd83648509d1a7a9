import { permitted } from '@/features/admin';
import { parseProductsSearch, ProductsPage, type ProductsSearch } from '@/features/admin-catalogue';
import { useListNavigate } from '@/components/admin-list';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/products/')({
  validateSearch: parseProductsSearch,
  staticData: { title: 'Manage products' },
  beforeLoad: permitted('products.read'),
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  const onSearchChange = useListNavigate<ProductsSearch>();
  return <ProductsPage adminId={adminId} search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
