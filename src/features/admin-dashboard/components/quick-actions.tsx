import { Card, Heading, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { usePermitted } from '@/features/admin';
import type { Permission } from '@contract/roles';
import { mdiPackageVariantClosed, mdiPlusBoxOutline, mdiSaleOutline, mdiShapePlusOutline } from '@mdi/js';
import { Link } from '@tanstack/react-router';

// The back office's everyday actions under their own labels (docs/behaviour.md#back-office).
const actions = [
  {
    to: '/admin/$adminId/products',
    label: 'Manage products',
    text: 'Edit prices, stock and pictures.',
    icon: mdiPackageVariantClosed,
    permission: 'products.read',
  },
  {
    to: '/admin/$adminId/products/create',
    label: 'Create a new product',
    text: 'Add a product with its variants.',
    icon: mdiPlusBoxOutline,
    permission: 'products.write',
  },
  {
    // Route name createCategory: the category form over the categories list.
    to: '/admin/$adminId/categories/create',
    label: 'Add new Category',
    text: 'Group products for the landing page.',
    icon: mdiShapePlusOutline,
    permission: 'taxonomy.write',
  },
  {
    to: '/admin/$adminId/discounts',
    label: 'Discounts',
    text: 'Put products or categories on sale.',
    icon: mdiSaleOutline,
    permission: 'discounts.read',
  },
] as const satisfies readonly {
  to: string;
  label: string;
  text: string;
  icon: string;
  permission: Permission;
}[];

/** The actions the signed-in role may take; none for a packer, whose work starts from the orders. */
export function QuickActions({ adminId }: { adminId: string }) {
  const mine = usePermitted(actions);
  if (mine.length === 0) return null;
  return (
    <SimpleGrid as="nav" aria-label="Back office actions" columns={{ base: 2, lg: 4 }} gap="3">
      {mine.map((a) => (
        <Card.Root key={a.label} variant="elevated" size="sm" position="relative" _hover={{ shadow: 'lg' }}>
          <Card.Body gap="2">
            <MdiIcon path={a.icon} boxSize="6" color="secondary.solid" />
            <Heading as="h2" size="sm">
              <LinkOverlay asChild>
                <Link to={a.to} params={{ adminId }}>
                  {a.label}
                </Link>
              </LinkOverlay>
            </Heading>
            <Text color="fg.muted" fontSize="xs" hideBelow="sm">
              {a.text}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
