import { permitted } from '@/features/admin';
import { DashboardPage } from '@/features/admin-dashboard';
import { useUser } from '@/features/session';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/dashboard')({
  // Every office role; a rider is sent to their deliveries.
  beforeLoad: permitted('dashboard.read'),
  staticData: { title: 'Admin dashboard' },
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  const user = useUser();
  return <DashboardPage adminId={adminId} firstName={user?.name.split(' ')[0]} />;
}
