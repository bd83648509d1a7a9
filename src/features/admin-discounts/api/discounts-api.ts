import { apiDelete, apiGet, apiGetRaw, apiPost, apiPut } from '@/lib/api-client';
import type {
  Discount,
  DiscountBodyInput,
  DiscountDeleted,
  DiscountList,
  DiscountParams,
} from '@contract/discounts';

/* Fetchers of the back office's discount calls (contract/discounts.ts). */

const discountPath = (discountId: string) => `v1/discounts/${encodeURIComponent(discountId)}`;

/** `GET /api/v1/discounts`: one page, newest first, filtered by state and name. */
export async function fetchDiscounts(params: DiscountParams, signal?: AbortSignal): Promise<DiscountList> {
  const body = await apiGetRaw<DiscountList['data'], DiscountList['meta']>('v1/discounts', {
    searchParams: { ...params },
    signal,
  });
  return body as DiscountList;
}

export const fetchDiscount = (discountId: string, signal?: AbortSignal) =>
  apiGet<Discount>(discountPath(discountId), { signal });

export const createDiscount = (body: DiscountBodyInput) => apiPost<Discount>('v1/discounts', body);

/** The whole discount; pausing and resuming send it back with `active` flipped. */
export const updateDiscount = (discountId: string, body: DiscountBodyInput) =>
  apiPut<Discount>(discountPath(discountId), body);

export const deleteDiscount = (discountId: string) => apiDelete<DiscountDeleted>(discountPath(discountId));

/** A discount as the body that writes it back unchanged (before a pause or resume). */
export const bodyOf = (d: Discount): DiscountBodyInput => ({
  name: d.name,
  kind: d.kind,
  value: d.value,
  productIds: d.products.map((p) => p.productId),
  categoryIds: d.categories.map((c) => c.categoryId),
  startsAt: d.startsAt,
  endsAt: d.endsAt,
  active: d.active,
  usageLimit: d.usageLimit,
  code: d.code,
  appliesTo: d.appliesTo,
  minSubtotal: d.minSubtotal,
  firstOrderOnly: d.firstOrderOnly,
  perShopperLimit: d.code === null ? null : d.perShopperLimit,
});
