import { permitted } from '@/features/admin';
import { DiscountsPage, parseDiscountsSearch, type DiscountsSearch } from '@/features/admin-discounts';
import { useListNavigate } from '@/components/admin-list';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/discounts')({
  validateSearch: parseDiscountsSearch,
  staticData: { title: 'Discounts' },
  beforeLoad: permitted('discounts.read'),
  component: Page,
});

function Page() {
  const onSearchChange = useListNavigate<DiscountsSearch>();
  return <DiscountsPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
