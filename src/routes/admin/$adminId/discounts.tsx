import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/discounts')({
  staticData: { title: 'Discounts' },
  component: Page,
});

function Page() {
  return <PageFrame title="Discounts" description="Create and manage discounts on products and categories." />;
}
