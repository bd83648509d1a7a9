import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANDING_FILTER } from '../model/listings';
import { CategoryList } from './category-list';
import type { CardSlots } from './product-card';
import { ProductGrid } from './product-grid';
import { PromoCarousel } from './promo-carousel';

const scrollToProducts = () => document.getElementById('our-products')?.scrollIntoView({ block: 'start' });

/** The landing page below the hero: promotions, categories and 'Our products'. */
export function LandingCatalogue(slots: CardSlots) {
  const { t } = useTranslation('catalogue');
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} pb="12">
      <Stack gap={{ base: '8', md: '12' }}>
        {/* Plain markup and one timer (~2 KB gzip): a lazy chunk would only add a request and a flash. */}
        <PromoCarousel onCta={scrollToProducts} />
        <Stack as="section" aria-labelledby="categories-heading" gap="4">
          <Heading as="h2" id="categories-heading" size={{ base: 'xl', md: '2xl' }}>
            {t('shopByCategory')}
          </Heading>
          <CategoryList labelledBy="categories-heading" />
        </Stack>
        <Stack as="section" id="our-products" aria-labelledby="products-heading" gap="4" scrollMarginTop="20">
          <Heading as="h2" id="products-heading" size={{ base: 'xl', md: '2xl' }}>
            {t('ourProducts')}
          </Heading>
          <Box>
            <ProductGrid
              filter={LANDING_FILTER}
              {...slots}
              labelledBy="products-heading"
              priorityCount={1}
              empty={<Text color="fg.muted">{t('noProductsYet')}</Text>}
            />
          </Box>
        </Stack>
      </Stack>
    </Container>
  );
}
