import { PageFrame } from '@/components/layout/page-frame';
import { OrdersList } from '@/features/orders';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

interface OrdersSearch {
  page?: number;
}

export const Route = createFileRoute('/_customer/account/orders/')({
  staticData: { title: 'Orders' },
  validateSearch: (search: Record<string, unknown>): OrdersSearch => {
    const page = Number(search.page);
    return Number.isInteger(page) && page > 1 ? { page } : {};
  },
  component: Page,
});

function Page() {
  const { page = 1 } = Route.useSearch();
  const { t } = useTranslation('orders');
  return (
    <PageFrame title={t('title')} description={t('description')}>
      <OrdersList page={page} />
    </PageFrame>
  );
}
