import { permitted } from '@/features/admin';
import { OrdersPage, parseOrdersSearch, type OrdersSearch } from '@/features/admin-orders';
import { useListNavigate } from '@/components/admin-list';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/orders/')({
  validateSearch: parseOrdersSearch,
  staticData: { title: 'Orders' },
  beforeLoad: permitted('orders.read'),
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  const onSearchChange = useListNavigate<OrdersSearch>();
  return <OrdersPage adminId={adminId} search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
