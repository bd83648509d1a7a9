import { Button, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { useIsAuthenticated, useUser } from '@/features/session/stores/session-store';
import { mdiAccountCircleOutline, mdiLogin } from '@mdi/js';
import { Link, useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// The menu machinery (popover, focus handling) is only needed once someone is signed in.
const SignedInMenu = lazy(() => import('./signed-in-menu').then((m) => ({ default: m.SignedInMenu })));

/** Sign-in link for guests; for signed-in people a menu with their area and sign-out. */
export function AccountMenu() {
  const user = useUser();
  const authenticated = useIsAuthenticated();
  const here = useLocation({ select: (l) => l.href });

  if (!authenticated || !user) {
    const redirect = here === '/' || here.startsWith('/auth') ? undefined : here;
    // One link for every width: the label text hides below lg, the accessible name stays.
    return (
      <Button asChild colorPalette="primary" rounded="full" px={{ base: '2.5', lg: '5' }} aria-label="Sign in">
        <Link to="/auth" search={{ redirect }}>
          <MdiIcon path={mdiLogin} />
          <Text as="span" hideBelow="lg">
            Sign in
          </Text>
        </Link>
      </Button>
    );
  }

  const firstName = user.name.split(' ')[0] || 'Account';
  const trigger = (
    <Button variant="outline" colorPalette="support" rounded="full" px={{ base: '2.5', lg: '4' }} aria-label="Account">
      <MdiIcon path={mdiAccountCircleOutline} boxSize="5" />
      <Text as="span" hideBelow="lg" maxW="32" truncate>
        {firstName}
      </Text>
    </Button>
  );
  return (
    <Suspense fallback={trigger}>
      <SignedInMenu user={user} trigger={trigger} />
    </Suspense>
  );
}
