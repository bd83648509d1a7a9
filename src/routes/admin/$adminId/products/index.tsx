import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/products/')({
  staticData: { title: 'Manage products' },
  component: Page,
});

function Page() {
  return <PageFrame title="Manage products" description="Add, edit and organise the products of the shop." />;
}
