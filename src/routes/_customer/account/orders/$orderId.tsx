import { PageFrame } from '@/components/layout/page-frame';
import { OrderDetails } from '@/features/orders';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_customer/account/orders/$orderId')({
  staticData: { title: 'Order details' },
  component: OrderPage,
});

function OrderPage() {
  const { orderId } = Route.useParams();
  return (
    <PageFrame title="Order details">
      <OrderDetails orderId={orderId} />
    </PageFrame>
  );
}
