import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_signed-in/checkout')({
  staticData: { title: 'Checkout' },
  component: Page,
});

function Page() {
  return <PageFrame title="Checkout" description="Confirm your delivery details and pay with M-Pesa on your phone." />;
}
