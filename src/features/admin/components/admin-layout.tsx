import { Box, CloseButton, Drawer, Flex, HStack, IconButton, Portal, Text } from '@chakra-ui/react';
import { BrandLogo } from '@/components/layout/brand-logo';
import { MdiIcon } from '@/components/mdi-icon';
import { signOut } from '@/features/auth';
import { useUser } from '@/features/session';
import { setSidebarOpen, useSidebarOpen } from '@/features/ui';
import {
  mdiChevronDoubleLeft,
  mdiChevronDoubleRight,
  mdiLogout,
  mdiMenu,
  mdiStorefrontOutline,
} from '@mdi/js';
import { Link, Outlet, useParams } from '@tanstack/react-router';
import { useSidebarCollapsed, toggleSidebarCollapsed } from '../stores/sidebar-store';
import { AdminNav } from './admin-nav';

/**
 * The back office frame (issue 10): a sidebar of sections (collapsible from md up, a drawer on
 * phones whose open flag is the ui store's sidebar flag) and a top bar with the admin's name and
 * Logout. The shop's header and footer are off on these routes (the layout route's staticData).
 */
export function AdminLayout() {
  const { adminId } = useParams({ from: '/admin/$adminId' });
  const user = useUser();
  const collapsed = useSidebarCollapsed();
  const drawerOpen = useSidebarOpen();
  const closeDrawer = () => setSidebarOpen(false);

  return (
    <Flex minH="100dvh" bg="bg.subtle">
      <Box
        as="aside"
        aria-label="Back office sidebar"
        hideBelow="md"
        flexShrink={0}
        w={collapsed ? '16' : '60'}
        transition="width 150ms ease-out"
        bg="bg"
        borderEndWidth="1px"
        position="sticky"
        top="0"
        h="100dvh"
        overflowY="auto"
      >
        <Flex direction="column" h="full" p="2" gap="4">
          <Box px={collapsed ? '1' : '2'} pt="2" overflow="hidden">
            {collapsed ? (
              <IconButton asChild variant="ghost" colorPalette="primary" aria-label="Shop home">
                <Link to="/">
                  <MdiIcon path={mdiStorefrontOutline} boxSize="6" />
                </Link>
              </IconButton>
            ) : (
              <BrandLogo />
            )}
          </Box>
          <AdminNav adminId={adminId} collapsed={collapsed} />
          <IconButton
            mt="auto"
            variant="ghost"
            size="sm"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            onClick={toggleSidebarCollapsed}
          >
            <MdiIcon path={collapsed ? mdiChevronDoubleRight : mdiChevronDoubleLeft} />
          </IconButton>
        </Flex>
      </Box>

      <Drawer.Root open={drawerOpen} onOpenChange={(e) => setSidebarOpen(e.open)} placement="start" size="xs">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header borderBottomWidth="1px">
                <Drawer.Title srOnly>Back office menu</Drawer.Title>
                <div onClick={closeDrawer}>
                  <BrandLogo />
                </div>
              </Drawer.Header>
              <Drawer.Body py="4" px="2">
                <AdminNav adminId={adminId} onNavigate={closeDrawer} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <Flex direction="column" flex="1" minW="0">
        <HStack
          as="header"
          position="sticky"
          top="0"
          zIndex="sticky"
          bg="bg"
          borderBottomWidth="1px"
          h="14"
          px={{ base: '2', md: '6' }}
          gap="2"
        >
          <IconButton
            hideFrom="md"
            variant="ghost"
            aria-label="Open back office menu"
            aria-expanded={drawerOpen}
            onClick={() => setSidebarOpen(true)}
          >
            <MdiIcon path={mdiMenu} boxSize="6" />
          </IconButton>
          <Text fontWeight="semibold" color="secondary.fg">
            Back office
          </Text>
          <HStack ms="auto" gap="3">
            <Text fontSize="sm" color="fg.muted" truncate maxW={{ base: '32', sm: '60' }} title={user?.email}>
              {user?.name || user?.email}
            </Text>
            <IconButton
              variant="outline"
              size="sm"
              colorPalette="red"
              aria-label="Logout"
              title="Logout"
              onClick={() => void signOut()}
              px={{ base: '0', sm: '3' }}
            >
              <MdiIcon path={mdiLogout} />
              <Box as="span" hideBelow="sm">
                Logout
              </Box>
            </IconButton>
          </HStack>
        </HStack>
        <Box as="div" flex="1">
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
