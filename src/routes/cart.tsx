import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/cart')({
  staticData: { title: 'Cart' },
  component: Page,
});

function Page() {
  return <PageFrame title="Cart" description="Review the items in your cart, change quantities and go to checkout." />;
}
