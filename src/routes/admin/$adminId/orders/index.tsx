import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/orders/')({
  staticData: { title: 'Orders' },
  component: Page,
});

function Page() {
  return (
    <PageFrame
      title="Orders"
      description="Orders arrive in the back office with its next release: you will follow payments, packing and delivery here."
    />
  );
}
