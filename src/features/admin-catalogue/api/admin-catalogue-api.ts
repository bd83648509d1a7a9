import { apiDelete, apiGet, apiGetRaw, apiPatch, apiPost, apiPut, apiUpload } from '@/lib/api-client';
import { fetchFile } from '@/lib/download';
import type {
  ActivityList,
  AdminProduct,
  AdminProductList,
  AdminProductParams,
  ImagePatch,
  ProductInput,
  ProductPatch,
} from '@contract/admin';
import type { ProductBulkRequest, ProductBulkResult } from '@contract/admin-bulk';
import type { Image } from '@contract/catalogue';

/* Fetchers of the back office's catalogue calls (contract/admin.ts). */

/** `GET /api/v1/admin/products`: one page of the manage-products table. */
export async function fetchAdminProducts(
  params: AdminProductParams,
  signal?: AbortSignal,
): Promise<AdminProductList> {
  const body = await apiGetRaw<AdminProductList['data'], AdminProductList['meta']>('v1/admin/products', {
    searchParams: { ...params },
    signal,
  });
  return body as AdminProductList;
}

/**
 * `GET /api/v1/admin/products/export`: every product the list's filters select (no paging), in the
 * import's columns, as a file to download.
 */
export function fetchProductsCsv({ limit: _limit, offset: _offset, ...filters }: AdminProductParams) {
  return fetchFile('v1/admin/products/export', 'sokoni-products.csv', {
    searchParams: filters,
    headers: { Accept: 'text/csv' },
  });
}

/** `GET /api/v1/admin/products/{id}`: the product as the form edits it. */
export const fetchAdminProduct = (productId: string, signal?: AbortSignal) =>
  apiGet<AdminProduct>(`v1/admin/products/${encodeURIComponent(productId)}`, { signal });

export const createProduct = (input: ProductInput) => apiPost<AdminProduct>('v1/products', input);

/** `PUT` with the version the admin edited; a stale one answers 409 `version_conflict`. */
export const updateProduct = (productId: string, input: ProductInput, version: number) =>
  apiPut<AdminProduct>(`v1/products/${encodeURIComponent(productId)}`, input, {
    headers: { 'If-Match': `"${version}"` },
  });

export const patchProduct = (productId: string, patch: ProductPatch) =>
  apiPatch<AdminProduct>(`v1/products/${encodeURIComponent(productId)}`, patch);

/** Archives (the shop loses it; `PATCH { archived: false }` restores it). */
export const archiveProduct = (productId: string) =>
  apiDelete<AdminProduct>(`v1/products/${encodeURIComponent(productId)}`);

/** `POST /api/v1/admin/products/bulk`: one change to the ticked rows or all matching; `dryRun` previews it. */
export const bulkEditProducts = (body: ProductBulkRequest) =>
  apiPost<ProductBulkResult>('v1/admin/products/bulk', body);

/** One file as its own multipart request, so each has its progress and its own success or error. */
export function uploadImage(file: File, altText: string, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('images', file, file.name);
  form.append('altText', altText);
  return apiUpload<Image[]>('v1/assets/image', form, { onProgress }).then((images) => images[0]!);
}

export const patchImage = (imageId: string, patch: ImagePatch) =>
  apiPatch<Image>(`v1/assets/image/${encodeURIComponent(imageId)}`, patch);

/** `GET /api/v1/admin/activity?entity=product&id=…`, newest first. */
export async function fetchProductActivity(productId: string, signal?: AbortSignal): Promise<ActivityList> {
  const body = await apiGetRaw<ActivityList['data'], ActivityList['meta']>('v1/admin/activity', {
    searchParams: { entity: 'product', id: productId, limit: 50 },
    signal,
  });
  return body as ActivityList;
}
