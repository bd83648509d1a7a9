import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/dashboard')({
  staticData: { title: 'Admin dashboard' },
  component: Page,
});

function Page() {
  return <PageFrame title="Admin dashboard" description="An overview of orders, products and discounts." />;
}
