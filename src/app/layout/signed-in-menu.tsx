import { Menu, Portal, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { signOut } from '@/features/auth';
import { useLanguage } from '@/features/language';
import { homeFor, type SessionUser } from '@/features/session';
import { mdiAccountCircleOutline, mdiLogout, mdiReceiptTextOutline, mdiViewDashboardOutline } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '@contract/languages';

/** The account menu of a signed-in person: their area (or the back office) and sign-out, which ends the server session too. */
export function SignedInMenu({
  user,
  trigger,
  defaultOpen,
}: {
  user: SessionUser;
  trigger: ReactElement;
  /** Opens at once (the trigger was clicked while this component was loading). */
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const { language, choose } = useLanguage();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                <Text truncate>{user.email || user.name}</Text>
              </Menu.ItemGroupLabel>
              {user.type === 'admin' ? (
                <>
                  <Menu.Item value="admin" asChild>
                    <Link {...homeFor({ user, isAuthenticated: true })}>
                      <MdiIcon path={mdiViewDashboardOutline} />
                      {user.role === 'rider' ? t('account.myDeliveries') : t('account.adminDashboard')}
                    </Link>
                  </Menu.Item>
                  <Menu.Item value="profile" asChild>
                    <Link to="/profile">
                      <MdiIcon path={mdiAccountCircleOutline} />
                      {t('account.profile')}
                    </Link>
                  </Menu.Item>
                </>
              ) : (
                <>
                  <Menu.Item value="account" asChild>
                    <Link to="/account/dashboard">
                      <MdiIcon path={mdiAccountCircleOutline} />
                      {t('account.myAccount')}
                    </Link>
                  </Menu.Item>
                  <Menu.Item value="orders" asChild>
                    <Link to="/account/orders">
                      <MdiIcon path={mdiReceiptTextOutline} />
                      {t('account.orders')}
                    </Link>
                  </Menu.Item>
                </>
              )}
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.RadioItemGroup
              value={language}
              onValueChange={(e) => void (isLanguage(e.value) && choose(e.value))}
            >
              <Menu.ItemGroupLabel>{t('language.label')}</Menu.ItemGroupLabel>
              {LANGUAGES.map((l) => (
                <Menu.RadioItem key={l} value={l} closeOnSelect={false}>
                  <Menu.ItemIndicator />
                  <span lang={l === 'sw' ? 'sw-KE' : 'en-KE'}>{t(`language.${l}`)}</span>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={() => void signOut()} color="fg.error">
              <MdiIcon path={mdiLogout} />
              {t('account.signOut')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
