import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_guest/admin/auth')({
  staticData: { title: 'Admin sign in' },
  component: Page,
});

function Page() {
  return <PageFrame title="Admin sign in" description="Sign in with your admin account to manage the shop." />;
}
