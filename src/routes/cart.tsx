import { PageFrame } from '@/components/layout/page-frame';
import { CartPage } from '@/features/cart';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/cart')({
  staticData: { title: 'Cart' },
  component: Page,
});

function Page() {
  const { t } = useTranslation('cart');
  return (
    <PageFrame title={t('title')}>
      <CartPage />
    </PageFrame>
  );
}
