import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/products/create')({
  staticData: { title: 'Add product' },
  component: Page,
});

function Page() {
  return <PageFrame title="Add product" description="Create a new product with its variants, images and categories." />;
}
