import { Button, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { useIsAuthenticated, useUser } from '@/features/session';
import { mdiAccountCircleOutline, mdiLogin } from '@mdi/js';
import { Link, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The menu machinery (popover, focus handling) is only needed once someone is signed in.
const loadSignedInMenu = () => import('./signed-in-menu').then((m) => ({ default: m.SignedInMenu }));
const SignedInMenu = lazy(loadSignedInMenu);

/** Sign-in link for guests; for signed-in people a menu with their area and sign-out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useUser();
  const authenticated = useIsAuthenticated();
  const here = useLocation({ select: (l) => l.href });
  // A click that comes before the menu's code has loaded opens the menu once it has.
  const [openRequested, setOpenRequested] = useState(false);
  const signedIn = authenticated && user !== null;

  useEffect(() => {
    if (signedIn) void loadSignedInMenu();
  }, [signedIn]);

  if (!authenticated || !user) {
    // Coming back to a sign-in page (or the landing page) after signing in makes no sense.
    const redirect =
      here === '/' || here.startsWith('/auth') || here.startsWith('/admin/auth') ? undefined : here;
    // One link for every width: the label text hides below lg, the accessible name stays.
    return (
      <Button
        asChild
        colorPalette="primary"
        rounded="full"
        px={{ base: '2.5', lg: '5' }}
        aria-label={t('account.signIn')}
      >
        <Link to="/auth" search={{ redirect }}>
          <MdiIcon path={mdiLogin} />
          <Text as="span" hideBelow="lg">
            {t('account.signIn')}
          </Text>
        </Link>
      </Button>
    );
  }

  const firstName = user.name.split(' ')[0] || t('account.account');
  // The name starts with what the button shows (WCAG 2.5.3: a speech user says what they see).
  const label = user.name.split(' ')[0]
    ? t('account.namedAccount', { name: firstName })
    : t('account.yourAccount');
  const trigger = (
    <Button
      variant="outline"
      colorPalette="support"
      rounded="full"
      px={{ base: '2.5', lg: '4' }}
      aria-label={label}
    >
      <MdiIcon path={mdiAccountCircleOutline} boxSize="5" />
      <Text as="span" hideBelow="lg" maxW="32" truncate>
        {firstName}
      </Text>
    </Button>
  );
  return (
    <Suspense fallback={<span onClickCapture={() => setOpenRequested(true)}>{trigger}</span>}>
      <SignedInMenu user={user} trigger={trigger} defaultOpen={openRequested} />
    </Suspense>
  );
}
