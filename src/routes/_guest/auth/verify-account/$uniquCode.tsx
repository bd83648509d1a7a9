import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_guest/auth/verify-account/$uniquCode')({
  staticData: { title: 'Verify your account' },
  component: Page,
});

function Page() {
  return <PageFrame title="Verify your account" description="Enter the 6-digit code we sent to your email." />;
}
