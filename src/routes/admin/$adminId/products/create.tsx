import { permitted } from '@/features/admin';
import { CreateProductPage } from '@/features/admin-catalogue';
import { createFileRoute } from '@tanstack/react-router';

/** Route name createProduct (docs/behaviour.md#back-office). */
export const Route = createFileRoute('/admin/$adminId/products/create')({
  beforeLoad: permitted('products.write'),
  staticData: { title: 'Add product' },
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  return <CreateProductPage adminId={adminId} />;
}
