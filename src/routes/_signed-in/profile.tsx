import { PageFrame } from '@/components/layout/page-frame';
import { ProfilePanel } from '@/features/account';
import { authQueries, setupQueries } from '@/features/auth';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_signed-in/profile')({
  staticData: { title: 'Profile' },
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(setupQueries.countries());
    return queryClient.ensureQueryData(authQueries.me());
  },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Profile" description="Your name, phone number and password." narrow>
      <ProfilePanel />
    </PageFrame>
  );
}
