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
import { useTranslation } from 'react-i18next';
import { translate } from '@/lib/i18n';
import { savedQueries } from '../api/saved-queries';
import { useToggleSaved } from '../hooks/use-saved';
import { SaveButton } from './save-button';

const LOW_STOCK = 10;

/** The toast after Move to cart, in the shown language. */
export const movedToCart = (name: string) => translate('savedItems:movedToCart', { name });

/** Stock and price news of a saved product, beyond what the card shows. */
function StockNote({ product }: { product: ProductView }) {
  const { t } = useTranslation('savedItems');
  const variant = cardVariant(product);
  const stock = stockOf(variant);
  if (!variant) return null;
  if (stock < 1) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('soldOut')}
      </Text>
    );
  }
  if (stock <= LOW_STOCK) {
    return (
      <Text fontSize="sm" color="warning.fg">
        {t('onlyLeft', { count: stock })}
      </Text>
    );
  }
  return null;
}

/** What changed since the product was saved (the reason to save it): back in stock, a new price. */
function SavedNewsNote({ product, snapshot }: { product: ProductView; snapshot: SavedSnapshot | undefined }) {
  const { t } = useTranslation('savedItems');
  if (!snapshot) return null;
  const newsText = (n: SavedNews) =>
    n.kind === 'back-in-stock'
      ? t('news.backInStock')
      : t(n.kind === 'cheaper' ? 'news.cheaper' : 'news.dearer', { amount: formatKsh(n.by) });
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
  const { t } = useTranslation('savedItems');
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
        aria-label={t('moveToCartLabel', { name: product.name })}
      >
        <MdiIcon path={mdiCartArrowRight} boxSize="5" />
        {t('moveToCart')}
      </Button>
      <Button
        variant="ghost"
        colorPalette="support"
        size="sm"
        w="full"
        disabled={moving}
        onClick={() => toggle.mutate({ productId: product.productId, save: false })}
        aria-label={t('removeLabel', { name: product.name })}
      >
        <MdiIcon path={mdiDeleteOutline} />
        {t('remove')}
      </Button>
    </Stack>
  );
}

function NothingSaved() {
  const { t } = useTranslation('savedItems');
  return (
    <EmptyPanel icon={mdiHeartOutline} title={t('empty.title')} description={t('empty.text')}>
      <BrowseProducts />
    </EmptyPanel>
  );
}

/**
 * /saved-items: the saved products as cards (today's price, sale and stock, and what changed since
 * each was saved), to buy or remove.
 */
export function SavedItemsPage() {
  const { t } = useTranslation(['savedItems', 'common']);
  const mode = useCartMode();
  const query = useQuery({ ...savedQueries.list(), enabled: mode === 'server' });
  const { data, error } = query;
  useErrorToast(error, 'saved-items-error');
  const products = useMemo(() => data?.rows.map((row) => viewFromSummary(row, data.linked)) ?? [], [data]);
  const snapshots = useMemo(() => new Map(data?.saved.map((s) => [s.productId, s])), [data]);

  if (mode === 'none') {
    return <Text color="fg.muted">{t('admins')}</Text>;
  }
  if (query.isPending) {
    return (
      <SimpleGrid columns={GRID_COLUMNS} gap={{ base: '3', md: '5' }} role="status" aria-label={t('loading')}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h="80" rounded="l3" />
        ))}
      </SimpleGrid>
    );
  }
  if (!data) {
    return (
      <Stack align="center" gap="3" py="12" textAlign="center" role="alert">
        <Text fontWeight="semibold">{t('failed')}</Text>
        <Button colorPalette="primary" variant="outline" onClick={() => void query.refetch()}>
          {t('common:tryAgain')}
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
      aria-label={t('listLabel')}
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
