import type { ProductSort } from '@contract/catalogue';

/** The listing orders a shopper can pick (contract PRODUCT_SORTS), with their labels' keys in the catalogue namespace. */
export const SORT_OPTIONS = [
  { value: 'newest', label: 'sort.newest' },
  { value: 'price_asc', label: 'sort.price_asc' },
  { value: 'price_desc', label: 'sort.price_desc' },
  { value: 'name', label: 'sort.name' },
] as const satisfies readonly { value: ProductSort; label: `sort.${ProductSort}` }[];

export const DEFAULT_SORT: ProductSort = 'newest';

export const isProductSort = (value: unknown): value is ProductSort =>
  SORT_OPTIONS.some((o) => o.value === value);
