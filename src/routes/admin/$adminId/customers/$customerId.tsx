import { permitted } from '@/features/admin';
import { CustomerPage } from '@/features/admin-customers';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/customers/$customerId')({
  beforeLoad: permitted('customers.read'),
  staticData: { title: 'Customer' },
  component: Page,
});

function Page() {
  const { adminId, customerId } = Route.useParams();
  return <CustomerPage adminId={adminId} customerId={customerId} />;
}
