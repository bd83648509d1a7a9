import { OrdersPage, parseOrdersSearch, type OrdersSearch } from '@/features/admin-orders';
import { useListNavigate } from '@/components/admin-list';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/orders/')({
  staticData: { title: 'Orders' },
  validateSearch: parseOrdersSearch,
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  const onSearchChange = useListNavigate<OrdersSearch>();
  return <OrdersPage adminId={adminId} search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
