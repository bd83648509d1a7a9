import { Box, Button, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { BrowseProducts, EmptyPanel } from '@/components/empty-panel';
import { MdiIcon } from '@/components/mdi-icon';
import { useCartActions, useCartMode } from '@/features/cart';
import {
  cardVariant,
  GRID_COLUMNS,
  ProductCard,
  stockOf,
  viewFromSummary,
  type ProductView,
} from '@/features/catalogue';
import { formatKsh } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { SavedSnapshot } from '@contract/saved-items';
import { savedNews, type SavedNews } from '@contract/saved-news';
import { useErrorToast } from '@/lib/use-error-toast';
import { mdiCartArrowRight, mdiDeleteOutline, mdiHeartOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { savedQueries } from '../api/saved-queries';
import { useToggleSaved } from '../hooks/use-saved';
import { SaveButton } from './save-button';

const LOW_STOCK = 10;

export const movedToCart = (name: string) => `${name} moved to your cart`;

/** Stock and price news of a saved product, beyond what the card shows. */
function StockNote({ product }: { product: ProductView }) {
  const variant = cardVariant(product);
  const stock = stockOf(variant);
  if (!variant) return null;
  if (stock < 1) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Sold out for now: it stays here until it is back.
      </Text>
    );
  }
  if (stock <= LOW_STOCK) {
    return (
      <Text fontSize="sm" color="warning.fg">
        Only {stock} left
      </Text>
    );
  }
  return null;
}

const newsText = (news: SavedNews) =>
  news.kind === 'back-in-stock'
    ? 'Back in stock since you saved it'
    : news.kind === 'cheaper'
      ? `${formatKsh(news.by)} cheaper than when you saved it`
      : `${formatKsh(news.by)} more than when you saved it`;

/** What changed since the product was saved (the reason to save it): back in stock, a new price. */
function SavedNewsNote({ product, snapshot }: { product: ProductView; snapshot: SavedSnapshot | undefined }) {
  if (!snapshot) return null;
  const news = savedNews(snapshot, product.variants);
  if (news.length === 0) return null;
  return (
    <Stack gap="0.5">
      {news.map((n) => (
        <Text
          key={n.kind}
          fontSize="sm"
          fontWeight={n.kind === 'dearer' ? 'normal' : 'semibold'}
          color={n.kind === 'dearer' ? 'fg.muted' : 'green.fg'}
        >
          {newsText(n)}
        </Text>
      ))}
    </Stack>
  );
}

/** 'Move to cart' (one click: into the cart, out of the saved items) and 'Remove'. */
function SavedActions({ product, snapshot }: { product: ProductView; snapshot: SavedSnapshot | undefined }) {
  const { add } = useCartActions();
  const toggle = useToggleSaved();
  const [moving, setMoving] = useState(false);
  const variant = cardVariant(product);
  const canBuy = stockOf(variant) > 0;
  const move = async () => {
    if (!variant) return;
    setMoving(true);
    try {
      const change = await add(product.productId, variant.variantId);
      if (change === 'added' || change === 'increased') {
        await toggle.mutateAsync({ productId: product.productId, save: false, quiet: true });
        notify.success(movedToCart(product.name), { id: 'saved-moved' });
      }
    } catch {
      // The toggle's own onError has said why; the product stays saved.
    } finally {
      setMoving(false);
    }
  };
  return (
    <Stack gap="2" w="full">
      <SavedNewsNote product={product} snapshot={snapshot} />
      <StockNote product={product} />
      <Button
        colorPalette="primary"
        w="full"
        disabled={!canBuy || toggle.isPending}
        loading={moving}
        onClick={() => void move()}
        aria-label={`Move ${product.name} to cart`}
      >
        <MdiIcon path={mdiCartArrowRight} boxSize="5" />
        Move to cart
      </Button>
      <Button
        variant="ghost"
        colorPalette="support"
        size="sm"
        w="full"
        disabled={moving}
        onClick={() => toggle.mutate({ productId: product.productId, save: false })}
        aria-label={`Remove ${product.name}`}
      >
        <MdiIcon path={mdiDeleteOutline} />
        Remove
      </Button>
    </Stack>
  );
}

function NothingSaved() {
  return (
    <EmptyPanel
      icon={mdiHeartOutline}
      title="No saved items yet"
      description="Tap the heart on a product to keep it here for later, with its price and stock."
    >
      <BrowseProducts />
    </EmptyPanel>
  );
}

/**
 * /saved-items: the saved products as cards (today's price, sale and stock, and what changed since
 * each was saved), to buy or remove.
 */
export function SavedItemsPage() {
  const mode = useCartMode();
  const query = useQuery({ ...savedQueries.list(), enabled: mode === 'server' });
  const { data, error } = query;
  useErrorToast(error, 'saved-items-error');
  const products = useMemo(() => data?.rows.map((row) => viewFromSummary(row, data.linked)) ?? [], [data]);
  const snapshots = useMemo(() => new Map(data?.saved.map((s) => [s.productId, s])), [data]);

  if (mode === 'none') {
    return (
      <Text color="fg.muted">
        Admins have no saved items: sign in with a shopper account to save products.
      </Text>
    );
  }
  if (query.isPending) {
    return (
      <SimpleGrid
        columns={GRID_COLUMNS}
        gap={{ base: '3', md: '5' }}
        role="status"
        aria-label="Loading your saved items"
      >
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h="80" rounded="l3" />
        ))}
      </SimpleGrid>
    );
  }
  if (!data) {
    return (
      <Stack align="center" gap="3" py="12" textAlign="center" role="alert">
        <Text fontWeight="semibold">We could not load your saved items.</Text>
        <Button colorPalette="primary" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (products.length === 0) return <NothingSaved />;
  return (
    <SimpleGrid
      as="ul"
      listStyleType="none"
      columns={GRID_COLUMNS}
      gap={{ base: '3', md: '5' }}
      aria-label="Your saved items"
    >
      {products.map((product) => (
        <Box as="li" key={product.productId} minW="0">
          <ProductCard
            product={product}
            action={<SavedActions product={product} snapshot={snapshots.get(product.productId)} />}
            save={<SaveButton productId={product.productId} name={product.name} size="sm" />}
          />
        </Box>
      ))}
    </SimpleGrid>
  );
}
