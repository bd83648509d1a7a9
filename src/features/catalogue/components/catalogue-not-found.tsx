import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiStorefrontOutline } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '@/components/layout/page-title';

/** A friendly dead end for a product or category link that names nothing the shop has. */
export function CatalogueNotFound({ what }: { what: 'product' | 'category' }) {
  const title = what === 'product' ? 'Product not found' : 'Category not found';
  usePageTitle(title);
  return (
    <Center minH="50vh" px="4" py="12">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <MdiIcon path={mdiStorefrontOutline} boxSize="16" color="primary.solid" />
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">
          {what === 'product'
            ? 'We could not find this product. It may have been removed, or the link may be incomplete.'
            : 'We could not find this category. It may have been renamed, or the link may be incomplete.'}
        </Text>
        <Button asChild colorPalette="primary" size="lg">
          <Link to="/" hash="our-products">
            See all products
          </Link>
        </Button>
      </Stack>
    </Center>
  );
}
