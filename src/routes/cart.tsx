import { PageFrame } from '@/components/layout/page-frame';
import { CartPage } from '@/features/cart';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/cart')({
  staticData: { title: 'Cart' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Cart">
      <CartPage />
    </PageFrame>
  );
}
