import { DiscountsPage, parseDiscountsSearch, type DiscountsSearch } from '@/features/admin-discounts';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

export const Route = createFileRoute('/admin/$adminId/discounts')({
  staticData: { title: 'Discounts' },
  validateSearch: parseDiscountsSearch,
  component: Page,
});

function Page() {
  const { adminId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const onSearchChange = useCallback(
    (change: Partial<DiscountsSearch>, options?: { replace?: boolean }) => {
      // A search sent once typing pauses must not pull the admin back from a link they followed.
      const here = router.buildLocation({ to: '/admin/$adminId/discounts', params: { adminId } }).pathname;
      if (router.latestLocation.pathname !== here) return;
      void navigate({ search: (prev) => ({ ...prev, ...change }), replace: options?.replace });
    },
    [navigate, router, adminId],
  );
  return <DiscountsPage search={search} onSearchChange={onSearchChange} />;
}
