import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_guest/auth/credentials/$uniquCode')({
  staticData: { title: 'Set your password' },
  component: Page,
});

function Page() {
  return <PageFrame title="Set your password" description="Choose a new password for your account." />;
}
