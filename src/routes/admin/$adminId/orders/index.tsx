import { OrdersPage, parseOrdersSearch, type OrdersSearch } from '@/features/admin-orders';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

export const Route = createFileRoute('/admin/$adminId/orders/')({
  staticData: { title: 'Orders' },
  validateSearch: parseOrdersSearch,
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const onSearchChange = useCallback(
    (change: Partial<OrdersSearch>, options?: { replace?: boolean }) => {
      // A search sent once typing pauses must not pull the admin back from a link they followed.
      const here = router.buildLocation({ to: '/admin/$adminId/orders', params: { adminId } }).pathname;
      if (router.latestLocation.pathname !== here) return;
      void navigate({ search: (prev) => ({ ...prev, ...change }), replace: options?.replace });
    },
    [navigate, router, adminId],
  );
  return <OrdersPage adminId={adminId} search={search} onSearchChange={onSearchChange} />;
}
