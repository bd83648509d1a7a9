import { permitted } from '@/features/admin';
import { EditProductPage } from '@/features/admin-catalogue';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/products/$productId')({
  beforeLoad: permitted('products.read'),
  staticData: { title: 'Edit product' },
  component: Page,
});

function Page() {
  const { adminId, productId } = Route.useParams();
  // Keyed by product so moving from one product to another starts a fresh form.
  return <EditProductPage key={productId} adminId={adminId} productId={productId} />;
}
