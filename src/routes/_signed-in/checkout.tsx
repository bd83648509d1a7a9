import { PageFrame } from '@/components/layout/page-frame';
import { cartQueries } from '@/features/cart';
import { CheckoutPage } from '@/features/checkout';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/_signed-in/checkout')({
  staticData: { title: 'Checkout' },
  // The areas list starts loading with the page; the page shows its own loading state.
  loader: ({ context }) => void context.queryClient.prefetchQuery(cartQueries.deliveryAreas()),
  component: Page,
});

function Page() {
  const { t } = useTranslation('checkout');
  return (
    <PageFrame title={t('title')} description={t('description')}>
      <CheckoutPage />
    </PageFrame>
  );
}
