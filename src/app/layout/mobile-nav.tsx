import { CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react';
import { BrandLogo } from '@/components/layout/brand-logo';
import { LanguageSwitch } from '@/features/language';
import { setSidebarOpen, useSidebarOpen } from '@/features/ui';
import { shopInfo } from '@/lib/shop-info';
import { useTranslation } from 'react-i18next';
import { NavLinks } from './nav-links';

/** The sidebar drawer that carries the menu below the lg breakpoint. */
export function MobileNav() {
  const { t } = useTranslation();
  const open = useSidebarOpen();
  const close = () => setSidebarOpen(false);
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setSidebarOpen(e.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content aria-label={t('header.menu')}>
            <Drawer.Header borderBottomWidth="1px">
              <Drawer.Title asChild>
                <div onClick={close}>
                  <BrandLogo />
                </div>
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="4">
              <Stack as="nav" aria-label={t('header.mainMenu')} gap="6">
                <NavLinks direction="column" onNavigate={close} />
              </Stack>
            </Drawer.Body>
            <Drawer.Footer flexDirection="column" alignItems="flex-start" gap="4">
              <LanguageSwitch />
              <Text fontSize="xs" color="fg.muted">
                {shopInfo.name} {shopInfo.release}
              </Text>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('header.closeMenu')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
