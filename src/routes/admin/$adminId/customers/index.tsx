import { permitted } from '@/features/admin';
import { CustomersPage, parseCustomersSearch, type CustomersSearch } from '@/features/admin-customers';
import { useListNavigate } from '@/components/admin-list';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/customers/')({
  validateSearch: parseCustomersSearch,
  staticData: { title: 'Customers' },
  beforeLoad: permitted('customers.read'),
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  const onSearchChange = useListNavigate<CustomersSearch>();
  return <CustomersPage adminId={adminId} search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
