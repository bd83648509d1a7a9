import type { ProductDetail, ProductList } from '@contract/catalogue';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { viewFromDetail, viewFromSummary, type ProductView } from '../model/product-view';
import { productQueries } from './product-queries';

type CachedProducts = ProductList | InfiniteData<ProductList> | ProductDetail;

/**
 * Every product the loaded product queries hold (a product's page, the pages of a list or of an
 * infinite list), once each and from its detail when the shop has one: what search looks through
 * offline. The same walk as `findLoadedProduct` (product-queries.ts) but kept in a module of its own,
 * since that one is in every page's first load and only the search page needs this.
 */
export function loadedProducts(queryClient: QueryClient): ProductView[] {
  const details = new Map<string, ProductView>();
  const summaries = new Map<string, ProductView>();
  for (const [, data] of queryClient.getQueriesData<CachedProducts>({ queryKey: productQueries.all() })) {
    if (!data) continue;
    if ('productId' in data) {
      details.set(data.productId, viewFromDetail(data));
      continue;
    }
    const pages = 'pages' in data ? data.pages : [data];
    for (const page of pages) {
      for (const summary of page.data) {
        if (!summaries.has(summary.productId))
          summaries.set(summary.productId, viewFromSummary(summary, page.linked));
      }
    }
  }
  return [...new Map([...summaries, ...details]).values()];
}
