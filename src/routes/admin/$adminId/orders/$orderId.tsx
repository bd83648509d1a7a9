import { OrderPage } from '@/features/admin-orders';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/orders/$orderId')({
  staticData: { title: 'Order' },
  component: Page,
});

function Page() {
  const { adminId, orderId } = Route.useParams();
  return <OrderPage adminId={adminId} orderId={orderId} />;
}
