import { permitted } from '@/features/admin';
import { EditProductPage, parseProductPageSearch } from '@/features/admin-catalogue';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/products/$productId')({
  validateSearch: parseProductPageSearch,
  beforeLoad: permitted('products.read'),
  staticData: { title: 'Edit product' },
  component: Page,
});

function Page() {
  const { adminId, productId } = Route.useParams();
  const { stock } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Keyed by product so moving from one product to another starts a fresh form.
  return (
    <EditProductPage
      key={productId}
      adminId={adminId}
      productId={productId}
      stockVariantId={stock}
      onStockHistory={(variantId) => void navigate({ search: { stock: variantId }, replace: !variantId })}
    />
  );
}
