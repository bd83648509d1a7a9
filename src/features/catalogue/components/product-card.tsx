import { Box, Card, Flex, HStack, Skeleton, SkeletonText, Tag, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { categoryPalette } from './category-style';
import { PriceTag, SaveBadge, StockLabel } from './price-tag';
import { ProductImage } from './product-image';
import { productLink } from '../model/paths';
import { attributeLabels, cardVariant, isInStock, type ProductView } from '../model/product-view';

/** How wide a card image shows at each breakpoint of the grid (2 / 3 / 4 columns). */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 300px, (min-width: 960px) 25vw, (min-width: 600px) 33vw, 50vw';

export interface ProductCardProps {
  product: ProductView;
  /** Load the picture at once with high priority (the first row). */
  priority?: boolean;
  /** The cart control under the card (Add to Cart, or − quantity +); the route composes it in. */
  action?: ReactNode;
  /** The save (heart) button on the picture; the route composes it in. */
  save?: ReactNode;
  /** The category the shopper is browsing, carried into the product link. */
  viaCategoryId?: string;
}

/** What a route composes into every card of a listing: the cart control and the save button. */
export interface CardSlots {
  renderAction?: (product: ProductView) => ReactNode;
  renderSave?: (product: ProductView) => ReactNode;
}

/**
 * A product in a grid (spec §2): picture, name, price (with the 'SAVE n%' badge and the struck
 * original while on sale), category chips, the first variant's 'name: value' chips and the stock.
 */
export function ProductCard({ product, priority = false, action, save, viaCategoryId }: ProductCardProps) {
  const headingId = useId();
  const variant = cardVariant(product);
  const link = productLink({ ...product, categoryId: viaCategoryId });
  const attributes = variant ? attributeLabels(product, variant) : [];
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      size="sm"
      h="full"
      overflow="hidden"
      bg="bg.panel"
      data-testid="product-card"
    >
      <Box position="relative">
        {/* The name below is the link people and screen readers use; the picture is a larger target. */}
        <Link {...link} tabIndex={-1} aria-hidden="true">
          <ProductImage
            image={product.images[0]}
            size="card"
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
            alt=""
          />
        </Link>
        {variant ? (
          <Box position="absolute" top="2" insetStart="2" pointerEvents="none">
            <SaveBadge variant={variant} />
          </Box>
        ) : null}
        {save ? (
          <Box position="absolute" top="2" insetEnd="2">
            {save}
          </Box>
        ) : null}
      </Box>
      <Card.Body gap="2" p="3">
        <Text as="h3" id={headingId} fontWeight="semibold" lineHeight="1.25" lineClamp="2" minH="2.5em">
          <Link {...link}>
            <Box as="span" _hover={{ color: 'primary.fg', textDecoration: 'underline' }}>
              {product.name}
            </Box>
          </Link>
        </Text>
        {variant ? <PriceTag variant={variant} /> : <Text color="fg.muted">Price not set</Text>}
        <HStack as="ul" gap="1.5" flexWrap="wrap" listStyleType="none" aria-label="Categories and options">
          {product.categories.map((c) => (
            <Tag.Root
              as="li"
              key={c.categoryId}
              size="sm"
              variant="subtle"
              colorPalette={categoryPalette(c.color)}
            >
              <Tag.Label>{c.name}</Tag.Label>
            </Tag.Root>
          ))}
          {attributes.map((label) => (
            <Tag.Root as="li" key={label} size="sm" variant="outline" colorPalette="support">
              <Tag.Label>{label}</Tag.Label>
            </Tag.Root>
          ))}
        </HStack>
        <Flex mt="auto" pt="1">
          <StockLabel inStock={isInStock(variant)} />
        </Flex>
      </Card.Body>
      {action ? (
        <Card.Footer p="3" pt="0">
          {action}
        </Card.Footer>
      ) : null}
    </Card.Root>
  );
}

/** A card's placeholder, the same size as the card, while a page of products loads. */
export function ProductCardSkeleton() {
  return (
    <Card.Root
      size="sm"
      h="full"
      overflow="hidden"
      bg="bg.panel"
      aria-hidden="true"
      data-testid="product-card-skeleton"
    >
      <Skeleton aspectRatio="4 / 3" rounded="none" />
      <Card.Body gap="2" p="3">
        <SkeletonText noOfLines={2} gap="1.5" minH="2.5em" />
        <Skeleton h="6" w="50%" />
        <HStack gap="1.5">
          <Skeleton h="5" w="16" rounded="full" />
          <Skeleton h="5" w="20" rounded="full" />
        </HStack>
        <Skeleton h="5" w="16" mt="auto" />
      </Card.Body>
      <Card.Footer p="3" pt="0">
        <Skeleton h="10" w="full" />
      </Card.Footer>
    </Card.Root>
  );
}
