import { Box, Button, Container, HStack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiPackageVariantClosed, mdiPlusBoxOutline, mdiSaleOutline, mdiViewDashboardOutline } from '@mdi/js';
import { Link, Outlet, useParams } from '@tanstack/react-router';

const sections = [
  { to: '/admin/$adminId/dashboard', label: 'Dashboard', icon: mdiViewDashboardOutline, exact: true },
  { to: '/admin/$adminId/products', label: 'Products', icon: mdiPackageVariantClosed, exact: true },
  { to: '/admin/$adminId/products/create', label: 'Add product', icon: mdiPlusBoxOutline, exact: true },
  { to: '/admin/$adminId/discounts', label: 'Discounts', icon: mdiSaleOutline, exact: true },
] as const;

/** The back office frame: its section menu above the admin page. */
export function AdminLayout() {
  const { adminId } = useParams({ from: '/admin/$adminId' });
  return (
    <Box>
      <Box bg="bg" borderBottomWidth="1px">
        <Container maxW="7xl" px={{ base: '2', md: '6' }}>
          <HStack as="nav" aria-label="Admin menu" gap="1" overflowX="auto" py="2">
            <Text fontWeight="semibold" color="secondary.fg" me="4" hideBelow="md">
              Back office
            </Text>
            {sections.map((s) => (
              <Button
                key={s.to}
                asChild
                size="sm"
                variant="ghost"
                colorPalette="secondary"
                css={{ '&[data-status=active]': { bg: 'secondary.subtle', color: 'secondary.fg' } }}
              >
                <Link to={s.to} params={{ adminId }} activeOptions={{ exact: s.exact }}>
                  <MdiIcon path={s.icon} />
                  {s.label}
                </Link>
              </Button>
            ))}
          </HStack>
        </Container>
      </Box>
      <Outlet />
    </Box>
  );
}
