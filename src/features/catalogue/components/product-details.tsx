import {
  Box,
  Breadcrumb,
  Container,
  Grid,
  Heading,
  HStack,
  Skeleton,
  SkeletonText,
  Stack,
  Tag,
  Text,
} from '@chakra-ui/react';
import type { Category, Variant } from '@contract/catalogue';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { usePageTitle } from '@/components/layout/page-title';
import { useTranslation } from 'react-i18next';
import { categoryLink } from '../model/paths';
import { attributeLabels, cardVariant, isInStock, stockOf, type ProductView } from '../model/product-view';
import { categoryPalette } from './category-style';
import { PriceTag, SaveBadge, StockLabel } from './price-tag';
import { ProductGallery } from './product-gallery';
import { RecipeTips } from './recipe-tips';
import { VariantPicker } from './variant-picker';

export interface ProductDetailsProps {
  product: ProductView;
  /** The category the shopper came through (for the way back); the product's first otherwise. */
  via?: Category;
  /** The cart control for the chosen variant; the route composes it in. */
  renderAction?: (product: ProductView, variant: Variant) => ReactNode;
  /** The save (heart) button beside the name; the route composes it in. */
  renderSave?: (product: ProductView) => ReactNode;
}

const LOW_STOCK = 10;

function Crumbs({ category, name }: { category: Category | undefined; name: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <Breadcrumb.Root size="sm">
      <Breadcrumb.List flexWrap="wrap">
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild>
            <Link to="/">{t('home')}</Link>
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        {category ? (
          <>
            <Breadcrumb.Separator />
            <Breadcrumb.Item>
              <Breadcrumb.Link asChild>
                <Link {...categoryLink(category)}>{category.name}</Link>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
          </>
        ) : null}
        <Breadcrumb.Separator />
        <Breadcrumb.Item>
          <Breadcrumb.CurrentLink lineClamp="1">{name}</Breadcrumb.CurrentLink>
        </Breadcrumb.Item>
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

/**
 * The product details page (docs/behaviour.md#product-page): gallery, name, price and sale price, stock,
 * category chips, the variant picker, the cart control, description and recipe tips. The page title is the
 * name.
 */
export function ProductDetails({ product, via, renderAction, renderSave }: ProductDetailsProps) {
  const { t } = useTranslation('catalogue');
  usePageTitle(product.name);
  const [variantId, setVariantId] = useState(() => cardVariant(product)?.variantId ?? '');
  const variant = product.variants.find((v) => v.variantId === variantId) ?? cardVariant(product);
  const stock = stockOf(variant);
  const category = via ?? product.categories[0];

  return (
    <Container maxW="7xl" py={{ base: '4', md: '8' }} px={{ base: '4', md: '6' }}>
      <Stack gap={{ base: '4', md: '6' }}>
        <Crumbs category={category} name={product.name} />
        <Grid
          templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }}
          gap={{ base: '6', md: '10' }}
          alignItems="start"
        >
          <Box position="relative">
            <ProductGallery images={product.images} name={product.name} />
            {variant ? (
              <Box position="absolute" top="3" insetStart="3">
                <SaveBadge variant={variant} size="lg" />
              </Box>
            ) : null}
          </Box>
          <Stack gap="5">
            <Stack gap="2">
              <HStack justify="space-between" align="flex-start" gap="3">
                <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
                  {product.name}
                </Heading>
                {renderSave?.(product)}
              </HStack>
              <HStack as="ul" listStyleType="none" gap="2" flexWrap="wrap" aria-label={t('categories')}>
                {product.categories.map((c) => (
                  <Box as="li" key={c.categoryId}>
                    <Tag.Root
                      asChild
                      size="lg"
                      variant="subtle"
                      colorPalette={categoryPalette(c.color)}
                      _hover={{ bg: 'colorPalette.muted' }}
                    >
                      <Link {...categoryLink(c)}>
                        <Tag.Label>{c.name}</Tag.Label>
                      </Link>
                    </Tag.Root>
                  </Box>
                ))}
              </HStack>
            </Stack>
            {variant ? (
              <Stack gap="1">
                <PriceTag variant={variant} size="lg" />
                <HStack gap="3">
                  <StockLabel inStock={isInStock(variant)} size="md" />
                  {stock > 0 && stock <= LOW_STOCK ? (
                    <Text fontSize="sm" color="warning.fg">
                      {t('onlyLeft', { count: stock })}
                    </Text>
                  ) : null}
                </HStack>
              </Stack>
            ) : (
              <Text color="fg.muted">{t('notForSale')}</Text>
            )}
            {product.variants.length > 1 && variant ? (
              <VariantPicker product={product} value={variant.variantId} onChange={setVariantId} />
            ) : variant && attributeLabels(product, variant, t('option')).length > 0 ? (
              <HStack as="ul" listStyleType="none" gap="2" flexWrap="wrap" aria-label={t('options')}>
                {attributeLabels(product, variant, t('option')).map((label) => (
                  <Tag.Root as="li" key={label} size="md" variant="outline" colorPalette="support">
                    <Tag.Label>{label}</Tag.Label>
                  </Tag.Root>
                ))}
              </HStack>
            ) : null}
            {variant && renderAction ? <Box maxW={{ md: 'sm' }}>{renderAction(product, variant)}</Box> : null}
            {product.description ? (
              <Stack as="section" aria-labelledby="product-description" gap="2">
                <Heading as="h2" size="md" id="product-description">
                  {t('description')}
                </Heading>
                <Text color="fg.muted" lineHeight="tall">
                  {product.description}
                </Text>
              </Stack>
            ) : null}
          </Stack>
        </Grid>
        <Box maxW="3xl">
          <RecipeTips html={product.recipeTips} />
        </Box>
      </Stack>
    </Container>
  );
}

/** The page's placeholder while the product loads, in the same layout. */
export function ProductDetailsSkeleton() {
  const { t } = useTranslation('catalogue');
  return (
    <Container
      maxW="7xl"
      py={{ base: '4', md: '8' }}
      px={{ base: '4', md: '6' }}
      role="status"
      aria-label={t('loadingProduct')}
    >
      <Stack gap={{ base: '4', md: '6' }}>
        <Skeleton h="5" w="48" />
        <Grid
          templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }}
          gap={{ base: '6', md: '10' }}
        >
          <Skeleton aspectRatio="4 / 3" rounded="l3" />
          <Stack gap="5">
            <Skeleton h="10" w="70%" />
            <Skeleton h="8" w="40%" />
            <SkeletonText noOfLines={4} />
            <Skeleton h="12" maxW="sm" />
          </Stack>
        </Grid>
      </Stack>
    </Container>
  );
}
