import { Card, Heading, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiPackageVariantClosed, mdiPlusBoxOutline, mdiSaleOutline, mdiShapePlusOutline } from '@mdi/js';
import { Link } from '@tanstack/react-router';

// The back office's everyday actions under their own labels (docs/behaviour.md#back-office).
const actions = [
  {
    to: '/admin/$adminId/products',
    label: 'Manage products',
    text: 'Edit prices, stock and pictures.',
    icon: mdiPackageVariantClosed,
  },
  {
    to: '/admin/$adminId/products/create',
    label: 'Create a new product',
    text: 'Add a product with its variants.',
    icon: mdiPlusBoxOutline,
  },
  {
    // Route name createCategory: the category form over the categories list.
    to: '/admin/$adminId/categories/create',
    label: 'Add new Category',
    text: 'Group products for the landing page.',
    icon: mdiShapePlusOutline,
  },
  {
    to: '/admin/$adminId/discounts',
    label: 'Discounts',
    text: 'Put products or categories on sale.',
    icon: mdiSaleOutline,
  },
] as const;

export function QuickActions({ adminId }: { adminId: string }) {
  return (
    <SimpleGrid as="nav" aria-label="Back office actions" columns={{ base: 2, lg: 4 }} gap="3">
      {actions.map((a) => (
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
