import { permitted } from '@/features/admin';
import { ImportProductsPage } from '@/features/admin-import';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/products/import')({
  beforeLoad: permitted('products.write'),
  staticData: { title: 'Import products' },
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  return <ImportProductsPage adminId={adminId} />;
}
