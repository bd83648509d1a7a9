import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_customer/account/orders/')({
  staticData: { title: 'Orders' },
  component: Page,
});

function Page() {
  return <PageFrame title="Orders" description="Every order you have placed, with its payment and delivery status." />;
}
