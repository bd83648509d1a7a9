import { permitted } from '@/features/admin';
import { OrderPage } from '@/features/admin-orders';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/orders/$orderId')({
  beforeLoad: permitted('orders.read'),
  staticData: { title: 'Order' },
  component: Page,
});

function Page() {
  const { adminId, orderId } = Route.useParams();
  return <OrderPage adminId={adminId} orderId={orderId} />;
}
