import type { ProductSort } from '@contract/catalogue';

/** The listing orders a shopper can pick (contract PRODUCT_SORTS), with their labels. */
export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'name', label: 'Name (A–Z)' },
] as const satisfies readonly { value: ProductSort; label: string }[];

export const DEFAULT_SORT: ProductSort = 'newest';

export const isProductSort = (value: unknown): value is ProductSort =>
  SORT_OPTIONS.some((o) => o.value === value);
