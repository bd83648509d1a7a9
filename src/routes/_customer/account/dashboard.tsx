import { Button, HStack } from '@chakra-ui/react';
import { PageFrame } from '@/components/layout/page-frame';
import { MdiIcon } from '@/components/mdi-icon';
import { loadProfile, ProfilePanel } from '@/features/account';
import { mdiReceiptTextOutline } from '@mdi/js';
import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/_customer/account/dashboard')({
  staticData: { title: 'My account' },
  loader: ({ context: { queryClient } }) => loadProfile(queryClient),
  component: Page,
});

function Page() {
  return (
    <PageFrame title="My account" description="Your profile, phone number and password." narrow>
      <HStack>
        <Button asChild variant="outline" colorPalette="secondary">
          <Link to="/account/orders">
            <MdiIcon path={mdiReceiptTextOutline} />
            My orders
          </Link>
        </Button>
      </HStack>
      <ProfilePanel />
    </PageFrame>
  );
}
