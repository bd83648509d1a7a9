import { Box, Button, Center, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useStaticClasses } from '@/lib/static-classes';
import { useErrorToast } from '@/lib/use-error-toast';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { productQueries, type ProductListFilter } from '../api/product-queries';
import { useInViewCallback } from '../hooks/use-in-view-callback';
import { viewFromSummary } from '../model/product-view';
import { ProductCard, ProductCardSkeleton, type CardSlots } from './product-card';

export const GRID_COLUMNS = { base: 2, sm: 3, md: 4 } as const;

export interface ProductGridProps extends CardSlots {
  filter: ProductListFilter & { limit: number };
  /** How many leading cards load their picture eagerly with high priority (the first row above the fold). */
  priorityCount?: number;
  /** Shown when the listing has no products at all. */
  empty: ReactNode;
  /** Carried into product links: the category being browsed. */
  viaCategoryId?: string;
  /** Names the grid for assistive technology (the id of its heading). */
  labelledBy: string;
}

function SkeletonCards({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={`skeleton-${i}`} />
      ))}
    </>
  );
}

/**
 * Products in a responsive grid that loads the next page as the shopper nears its end
 * (IntersectionObserver), with a button for the same, skeletons of the cards' size while a page
 * loads, an error state with a retry, and the caller's empty state.
 */
export function ProductGrid({
  filter,
  renderAction,
  renderSave,
  priorityCount = 0,
  empty,
  viaCategoryId,
  labelledBy,
}: ProductGridProps) {
  const { t } = useTranslation(['catalogue', 'common']);
  const query = useInfiniteQuery({ ...productQueries.infinite(filter), placeholderData: keepPreviousData });
  const {
    data,
    error,
    isPending,
    isError,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    isPlaceholderData,
  } = query;
  useErrorToast(error, 'product-list-error');
  const item = useStaticClasses()('product-grid.item', () => ({ minW: '0' }));

  // A page of cards is the heaviest render of a listing: React renders it as a background render it
  // can interrupt (showing what was there until then) rather than in one long task.
  const shown = useDeferredValue(data);
  const products = useMemo(
    () => shown?.pages.flatMap((page) => page.data.map((p) => viewFromSummary(p, page.linked))) ?? [],
    [shown],
  );
  const total = shown?.pages.at(-1)?.meta.total ?? 0;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isPlaceholderData;
  // After a failed page the observer stops (no retry loop of error toasts); the button retries.
  const autoLoad = canLoadMore && !isError;
  const sentinel = useInViewCallback<HTMLDivElement>(
    () => {
      if (autoLoad) void fetchNextPage();
    },
    { enabled: autoLoad },
  );

  // Skeletons until the first page is rendered (the deferred render may trail the data a little).
  if (isPending || (shown === undefined && data !== undefined)) {
    return (
      <Box role="status" aria-labelledby={labelledBy}>
        <VisuallyHidden>{t('loadingProducts')}</VisuallyHidden>
        <SimpleGrid columns={GRID_COLUMNS} gap={{ base: '3', md: '5' }}>
          <SkeletonCards count={filter.limit} />
        </SimpleGrid>
      </Box>
    );
  }
  if (isError && products.length === 0) {
    return (
      <Center py="12" role="alert">
        <Stack align="center" gap="3" textAlign="center">
          <Text fontWeight="semibold">{t('productsFailed')}</Text>
          <Button colorPalette="primary" variant="outline" onClick={() => void query.refetch()}>
            {t('common:tryAgain')}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (products.length === 0) return <>{empty}</>;

  const pendingCount = isFetchingNextPage ? Math.min(filter.limit, Math.max(total - products.length, 0)) : 0;
  return (
    <Stack gap="6">
      <SimpleGrid
        as="ul"
        listStyleType="none"
        aria-labelledby={labelledBy}
        aria-busy={isPlaceholderData || isFetchingNextPage}
        columns={GRID_COLUMNS}
        gap={{ base: '3', md: '5' }}
        opacity={isPlaceholderData ? 0.6 : 1}
        transition="opacity 150ms"
      >
        {products.map((product, index) => (
          <li key={product.productId} className={item}>
            <ProductCard
              product={product}
              priority={index < priorityCount}
              action={renderAction?.(product)}
              save={renderSave?.(product)}
              viaCategoryId={viaCategoryId}
            />
          </li>
        ))}
        {Array.from({ length: pendingCount }, (_, i) => (
          <li key={`more-${i}`} className={item}>
            <ProductCardSkeleton />
          </li>
        ))}
      </SimpleGrid>
      <Box ref={sentinel} h="1px" aria-hidden="true" />
      <Stack align="center" gap="2">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {t('showingProducts', { shown: products.length, total })}
        </Text>
        {hasNextPage ? (
          <Button
            variant="outline"
            colorPalette="primary"
            onClick={() => void fetchNextPage()}
            loading={isFetchingNextPage}
            loadingText={t('common:loading')}
            disabled={!canLoadMore && !isFetchingNextPage}
          >
            {t('loadMore')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
