import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/orders/$orderId')({
  staticData: { title: 'Order' },
  component: Page,
});

function Page() {
  return (
    <PageFrame
      title="Order"
      description="Order details arrive in the back office with its next release."
    />
  );
}
