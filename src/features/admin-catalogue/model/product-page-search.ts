import { UUID } from './products-search';

/** `/admin/{adminId}/products/{productId}?stock=<variantId>`: the variant whose stock history is open. */
export interface ProductPageSearch {
  stock?: string;
}

/** The search of the edit page; a `stock` that is not a variant id is dropped (no zod: it runs in the main bundle). */
export function parseProductPageSearch(raw: Record<string, unknown>): ProductPageSearch {
  // Every key named, even when dropped: the router lays the validated search over the raw one.
  return { stock: typeof raw.stock === 'string' && UUID.test(raw.stock) ? raw.stock : undefined };
}
