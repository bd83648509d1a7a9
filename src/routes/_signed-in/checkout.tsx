import { PageFrame } from '@/components/layout/page-frame';
import { cartQueries } from '@/features/cart';
import { CheckoutPage } from '@/features/checkout';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_signed-in/checkout')({
  staticData: { title: 'Checkout' },
  // The areas list starts loading with the page; the page shows its own loading state.
  loader: ({ context }) => void context.queryClient.prefetchQuery(cartQueries.deliveryAreas()),
  component: Page,
});

function Page() {
  return (
    <PageFrame
      title="Checkout"
      description="Confirm your delivery details and pay with M-Pesa on your phone."
    >
      <CheckoutPage />
    </PageFrame>
  );
}
