import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { isApiError } from '@/lib/api-client';
import { useErrorToast } from '@/lib/use-error-toast';
import { useHydrated } from '@/lib/use-hydrated';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { productQueries } from '../api/product-queries';
import { viewFromDetail } from '../model/product-view';
import { CatalogueNotFound } from './catalogue-not-found';
import { ProductDetails, ProductDetailsSkeleton, type ProductDetailsProps } from './product-details';

export interface ProductPageProps extends Pick<ProductDetailsProps, 'renderAction' | 'renderSave'> {
  /** The decoded product id; null when the link did not carry one. */
  productId: string | null;
  /** The decoded category id or slug the shopper came through. */
  via: string | null;
}

function LoadedProductPage({ productId, via, ...slots }: ProductPageProps & { productId: string }) {
  const { t } = useTranslation(['catalogue', 'common']);
  // The loader already tried; a failure is shown, not fetched again on mount.
  const query = useQuery({ ...productQueries.detail(productId), retryOnMount: false });
  const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  useErrorToast(missing ? null : query.error, 'product-error');
  const loaded = useMemo(() => (query.data ? viewFromDetail(query.data) : undefined), [query.data]);
  // The details are a page's worth of components: opened from a link with the product already loaded
  // (the route's loader fetched it), the page mounts with its skeleton, so the tap is painted at once,
  // and the details follow in a render React can interrupt. A page the server drew is taken over as drawn.
  const takenOver = !useHydrated();
  const product = useDeferredValue(loaded, takenOver ? undefined : null);

  if (product) {
    const viaCategory = via
      ? product.categories.find((c) => c.categoryId === via || c.slug === via)
      : undefined;
    return <ProductDetails key={product.productId} product={product} via={viaCategory} {...slots} />;
  }
  if (query.isPending || loaded) return <ProductDetailsSkeleton />;
  if (missing) return <CatalogueNotFound what="product" />;
  return (
    <Center py="20" px="4" role="alert">
      <Stack align="center" gap="3" textAlign="center">
        <Text fontWeight="semibold">{t('productFailed')}</Text>
        <Button colorPalette="primary" variant="outline" onClick={() => void query.refetch()}>
          {t('common:tryAgain')}
        </Button>
      </Stack>
    </Center>
  );
}

/** /view/product/{id}: the details, a skeleton while loading, or a friendly not-found state. */
export function ProductPage(props: ProductPageProps) {
  if (!props.productId) return <CatalogueNotFound what="product" />;
  return <LoadedProductPage {...props} productId={props.productId} />;
}
