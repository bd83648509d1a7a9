import { Box, Container, Flex, HStack, IconButton } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { setSidebarOpen, useSidebarOpen } from '@/features/ui';
import { mdiMenu } from '@mdi/js';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountMenu } from './account-menu';
import { BrandLogo } from '@/components/layout/brand-logo';
import { CartLink } from './cart-link';
import { NavLinks } from './nav-links';

const MobileNav = lazy(() => import('./mobile-nav').then((m) => ({ default: m.MobileNav })));

/**
 * The site header: logo, menu (a drawer below lg, the "mobile" of docs/behaviour.md#theme), cart and account.
 * The search box is on the landing page only.
 */
export function Header() {
  // The drawer's code loads the first time it opens; most desktop visits never need it.
  const { t } = useTranslation();
  const open = useSidebarOpen();
  const [drawerWanted, setDrawerWanted] = useState(open);
  if (open && !drawerWanted) setDrawerWanted(true);
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px" shadow="xs">
      <Container maxW="7xl" px={{ base: '2', md: '6' }}>
        <Flex h={{ base: '14', lg: '16' }} align="center" gap={{ base: '1', lg: '6' }}>
          <IconButton
            hideFrom="lg"
            aria-label={t('header.openMenu')}
            variant="ghost"
            colorPalette="support"
            size="lg"
            rounded="full"
            onClick={() => setSidebarOpen(true)}
          >
            <MdiIcon path={mdiMenu} boxSize="6" />
          </IconButton>
          <BrandLogo />
          <Box as="nav" aria-label={t('header.mainMenu')} hideBelow="lg" flex="1">
            <NavLinks />
          </Box>
          <HStack gap={{ base: '0', lg: '2' }} ms="auto">
            <CartLink />
            <AccountMenu />
          </HStack>
        </Flex>
      </Container>
      {drawerWanted ? (
        <Suspense fallback={null}>
          <MobileNav />
        </Suspense>
      ) : null}
    </Box>
  );
}
