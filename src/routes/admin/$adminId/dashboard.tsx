import { Card, Heading, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { PageFrame } from '@/components/layout/page-frame';
import { MdiIcon } from '@/components/mdi-icon';
import { useUser } from '@/features/session';
import { mdiPackageVariantClosed, mdiPlusBoxOutline, mdiSaleOutline, mdiShapePlusOutline } from '@mdi/js';
import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/dashboard')({
  staticData: { title: 'Admin dashboard' },
  component: Page,
});

// Spec §2: the dashboard's content is not given; it greets the admin and offers the back office's
// actions under the spec's own labels, without figures the shop does not have yet.
const actions = [
  {
    to: '/admin/$adminId/products',
    label: 'Manage products',
    text: 'Edit prices, stock and pictures of the products in the shop.',
    icon: mdiPackageVariantClosed,
  },
  {
    to: '/admin/$adminId/products/create',
    label: 'Create a new product',
    text: 'Add a product with its variants, categories and images.',
    icon: mdiPlusBoxOutline,
  },
  {
    // Route name createCategory: the category form over the categories list.
    to: '/admin/$adminId/categories/create',
    label: 'Add new Category',
    text: 'Group products into a new category for the landing page.',
    icon: mdiShapePlusOutline,
  },
  {
    to: '/admin/$adminId/discounts',
    label: 'Discounts',
    text: 'Put products or whole categories on sale.',
    icon: mdiSaleOutline,
  },
] as const;

function Page() {
  const { adminId } = Route.useParams();
  const user = useUser();
  const firstName = user?.name.split(' ')[0];
  return (
    <PageFrame
      title="Admin dashboard"
      description={`Karibu${firstName ? `, ${firstName}` : ''}! What would you like to do in the back office today?`}
    >
      <SimpleGrid as="nav" aria-label="Back office actions" columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        {actions.map((a) => (
          <Card.Root key={a.label} variant="elevated" position="relative" _hover={{ shadow: 'lg' }}>
            <Card.Body gap="3">
              <MdiIcon path={a.icon} boxSize="8" color="secondary.solid" />
              <Heading as="h2" size="md">
                <LinkOverlay asChild>
                  <Link to={a.to} params={{ adminId }}>
                    {a.label}
                  </Link>
                </LinkOverlay>
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {a.text}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}
