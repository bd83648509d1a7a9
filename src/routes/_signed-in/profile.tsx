import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_signed-in/profile')({
  staticData: { title: 'Profile' },
  component: Page,
});

function Page() {
  return <PageFrame title="Profile" description="Your name, phone number and delivery address." />;
}
