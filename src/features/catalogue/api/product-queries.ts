import type { ProductDetail, ProductList, ProductListParams } from '@contract/catalogue';
import {
  infiniteQueryOptions,
  onlineManager,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { viewFromDetail, viewFromSummary, type ProductView } from '../model/product-view';
import { fetchProduct, fetchProducts } from './catalogue-api';

/** Page params of the infinite lists: everything but the offset, which the pages carry. */
export type ProductListFilter = Omit<ProductListParams, 'offset'>;

const keys = {
  all: ['products'] as const,
  lists: () => [...keys.all, 'list'] as const,
  infinite: () => [...keys.all, 'infinite'] as const,
  details: () => [...keys.all, 'detail'] as const,
};

/** The offset of the page after `last`, or undefined when `last` was the final one. */
function nextOffset(last: ProductList): number | undefined {
  const next = last.meta.offset + last.data.length;
  return last.data.length > 0 && next < last.meta.total ? next : undefined;
}

/** Query factories of the products: loaders and components use the same ones. */
export const productQueries = {
  /** Every product query, for invalidation. */
  all: () => keys.all,
  /** One page of `GET /api/v2/products`. */
  list: (params: ProductListParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchProducts(params, signal),
    }),
  /** The pages of a listing, loaded one after another as the shopper scrolls. */
  infinite: (filter: ProductListFilter) =>
    infiniteQueryOptions({
      queryKey: [...keys.infinite(), filter] as const,
      queryFn: ({ pageParam, signal }) => fetchProducts({ ...filter, offset: pageParam }, signal),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
    }),
  /** `GET /api/v1/products/{id}`. */
  detail: (productId: string) =>
    queryOptions({
      queryKey: [...keys.details(), productId] as const,
      queryFn: ({ signal }) => fetchProduct(productId, signal),
    }),
};

type CachedProducts = ProductList | InfiniteData<ProductList> | ProductDetail;

const isInfinite = (data: CachedProducts): data is InfiniteData<ProductList> => 'pages' in data;
const isList = (data: CachedProducts): data is ProductList => 'meta' in data && Array.isArray(data.data);

/**
 * The product as some loaded query already holds it (a detail first, else any list page), so adding
 * to the cart only calls `GET /api/v1/products/{id}` when the product is not on screen
 * (docs/behaviour.md#calls).
 */
function findLoadedProduct(queryClient: QueryClient, productId: string): ProductView | undefined {
  const detail = queryClient.getQueryData(productQueries.detail(productId).queryKey);
  if (detail) return viewFromDetail(detail);
  for (const [, data] of queryClient.getQueriesData<CachedProducts>({ queryKey: keys.all })) {
    if (!data) continue;
    const pages = isInfinite(data) ? data.pages : isList(data) ? [data] : [];
    for (const page of pages) {
      const summary = page.data.find((p) => p.productId === productId);
      if (summary) return viewFromSummary(summary, page.linked);
    }
  }
  return undefined;
}

/**
 * The product from the cache, else from the server (cached for the next caller); throws when it cannot be
 * fetched. Offline it asks once (a service worker may hold the answer) and does not wait for the
 * connection to retry: the caller says at once that it cannot.
 */
export async function loadProduct(queryClient: QueryClient, productId: string): Promise<ProductView> {
  const loaded = findLoadedProduct(queryClient, productId);
  if (loaded) return loaded;
  const detail = productQueries.detail(productId);
  return viewFromDetail(
    await queryClient.fetchQuery(onlineManager.isOnline() ? detail : { ...detail, retry: false }),
  );
}
