import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiStorefrontOutline } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '@/components/layout/page-title';
import { useTranslation } from 'react-i18next';

/** A friendly dead end for a product or category link that names nothing the shop has. */
export function CatalogueNotFound({ what }: { what: 'product' | 'category' }) {
  const { t } = useTranslation('catalogue');
  const title = what === 'product' ? t('notFound.product') : t('notFound.category');
  usePageTitle(title);
  return (
    <Center minH="50vh" px="4" py="12">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <MdiIcon path={mdiStorefrontOutline} boxSize="16" color="primary.solid" />
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">
          {what === 'product' ? t('notFound.productText') : t('notFound.categoryText')}
        </Text>
        <Button asChild colorPalette="primary" size="lg">
          <Link to="/" hash="our-products">
            {t('notFound.seeAll')}
          </Link>
        </Button>
      </Stack>
    </Center>
  );
}
