import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_customer/account/orders/$orderId')({
  staticData: { title: 'Order details' },
  component: OrderPage,
});

function OrderPage() {
  return <PageFrame title="Order details" description="Items, delivery and the live payment status of this order." />;
}
