import { PageFrame } from '@/components/layout/page-frame';
import { loadProfile, ProfilePanel } from '@/features/account';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/_signed-in/profile')({
  staticData: { title: 'Profile' },
  loader: ({ context: { queryClient } }) => loadProfile(queryClient),
  component: Page,
});

function Page() {
  const { t } = useTranslation('account');
  return (
    <PageFrame title={t('profilePage.title')} description={t('profilePage.description')} narrow>
      <ProfilePanel />
    </PageFrame>
  );
}
