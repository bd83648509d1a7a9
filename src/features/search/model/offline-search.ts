import { isInStock, type ProductView } from '@/features/catalogue';
import type { SearchResult } from '@contract/search';

/** At most as many results as a search on the server shows (api/search-api.ts). */
const OFFLINE_RESULT_LIMIT = 20;

/** A product as a search result: its first category and its first picture's small rendition. */
function asResult(product: ProductView): SearchResult {
  const [category] = product.categories;
  const [image] = product.images;
  return {
    id: product.productId,
    pid: product.pid,
    name: product.name,
    description: product.description,
    category: category?.name ?? null,
    categoryId: category?.categoryId ?? null,
    Images: image ? [{ url: image.urls.thumb }] : [],
    available: product.variants.some((v) => isInStock(v)),
  };
}

/**
 * Search without the server: the products the shop has already loaded (`loadedProducts` of the
 * catalogue) whose name holds every word of `term`, in any letter case; names that start with the
 * term first, then by name.
 */
export function searchLoadedProducts(products: readonly ProductView[], term: string): SearchResult[] {
  const wanted = term.toLocaleLowerCase();
  const words = wanted.split(' ').filter(Boolean);
  if (words.length === 0) return [];
  return products
    .map((product) => ({ product, name: product.name.toLocaleLowerCase() }))
    .filter(({ name }) => words.every((word) => name.includes(word)))
    .sort(
      (a, b) =>
        Number(b.name.startsWith(wanted)) - Number(a.name.startsWith(wanted)) ||
        a.product.name.localeCompare(b.product.name),
    )
    .slice(0, OFFLINE_RESULT_LIMIT)
    .map(({ product }) => asResult(product));
}
