import { apiGet, apiGetRaw } from '@/lib/api-client';
import type { Category, ProductDetail, ProductList, ProductListParams } from '@contract/catalogue';

/*
 * Fetchers of the catalogue endpoints (server/modules/catalogue/routes.ts). Types only come from the
 * contract: importing its values would pull zod into the landing page.
 */

/** `GET /api/v2/products`: one page with its `meta` and `linked` records, kept whole. */
export async function fetchProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductList> {
  const body = await apiGetRaw<ProductList['data'], ProductList['meta'], ProductList['linked']>(
    'v2/products',
    {
      searchParams: { ...params },
      signal,
    },
  );
  return body as ProductList;
}

/** `GET /api/v1/products/{id}`: one product with its related records inline. */
export function fetchProduct(productId: string, signal?: AbortSignal): Promise<ProductDetail> {
  return apiGet<ProductDetail>(`v1/products/${encodeURIComponent(productId)}`, { signal });
}

/** `GET /api/v1/categories`: every category in display order (`{ count, rows }`). */
export function fetchCategories(signal?: AbortSignal): Promise<{ count: number; rows: Category[] }> {
  return apiGet<{ count: number; rows: Category[] }>('v1/categories', { signal });
}
