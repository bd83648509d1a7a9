import { DiscountsPage, parseDiscountsSearch, type DiscountsSearch } from '@/features/admin-discounts';
import { useListNavigate } from '@/components/admin-list';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/discounts')({
  staticData: { title: 'Discounts' },
  validateSearch: parseDiscountsSearch,
  component: Page,
});

function Page() {
  const onSearchChange = useListNavigate<DiscountsSearch>();
  return <DiscountsPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
