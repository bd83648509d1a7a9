import { PageFrame } from '@/components/layout/page-frame';
import { loadProfile, ProfilePanel } from '@/features/account';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_signed-in/profile')({
  staticData: { title: 'Profile' },
  loader: ({ context: { queryClient } }) => loadProfile(queryClient),
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Profile" description="Your name, phone number and password." narrow>
      <ProfilePanel />
    </PageFrame>
  );
}
