import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_customer/account/dashboard')({
  staticData: { title: 'My account' },
  component: Page,
});

function Page() {
  return <PageFrame title="My account" description="Your profile and a summary of your recent orders." />;
}
