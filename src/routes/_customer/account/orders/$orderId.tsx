import { PageFrame } from '@/components/layout/page-frame';
import { OrderDetails } from '@/features/orders';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/_customer/account/orders/$orderId')({
  staticData: { title: 'Order details' },
  component: OrderPage,
});

function OrderPage() {
  const { orderId } = Route.useParams();
  const { t } = useTranslation('orders');
  return (
    <PageFrame title={t('detailsTitle')}>
      <OrderDetails orderId={orderId} />
    </PageFrame>
  );
}
