import { Button, HStack } from '@chakra-ui/react';
import { PageFrame } from '@/components/layout/page-frame';
import { MdiIcon } from '@/components/mdi-icon';
import { loadProfile, ProfilePanel } from '@/features/account';
import { mdiReceiptTextOutline } from '@mdi/js';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/_customer/account/dashboard')({
  staticData: { title: 'My account' },
  loader: ({ context: { queryClient } }) => loadProfile(queryClient),
  component: Page,
});

function Page() {
  const { t } = useTranslation('account');
  return (
    <PageFrame title={t('dashboard.title')} description={t('dashboard.description')} narrow>
      <HStack>
        <Button asChild variant="outline" colorPalette="secondary">
          <Link to="/account/orders">
            <MdiIcon path={mdiReceiptTextOutline} />
            {t('dashboard.myOrders')}
          </Link>
        </Button>
      </HStack>
      <ProfilePanel />
    </PageFrame>
  );
}
