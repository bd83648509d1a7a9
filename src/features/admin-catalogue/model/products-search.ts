import type { AdminProductParams, AdminProductSort, ProductStatus } from '@contract/admin';

/** The manage-products table's state, kept in the URL so back and forward work. */
export interface ProductsSearch {
  q?: string;
  categoryId?: string;
  status?: ProductStatus;
  sort?: AdminProductSort;
  /** 1-based. */
  page?: number;
}

export const PRODUCTS_PAGE_SIZE = 25;
const STATUSES: readonly string[] = ['visible', 'hidden', 'archived'];
/** A uuid as the API writes it (a plain pattern: zod stays out of the main bundle). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The route's validateSearch: keeps what is valid, drops the rest (no zod here: it runs in the main bundle). */
export function parseProductsSearch(raw: Record<string, unknown>): ProductsSearch {
  const out: ProductsSearch = {};
  if (typeof raw.q === 'string' && raw.q.trim()) out.q = raw.q.slice(0, 100);
  if (typeof raw.categoryId === 'string' && UUID.test(raw.categoryId)) out.categoryId = raw.categoryId;
  if (typeof raw.status === 'string' && STATUSES.includes(raw.status))
    out.status = raw.status as ProductStatus;
  if (typeof raw.sort === 'string' && Object.hasOwn(SORT_LABELS, raw.sort))
    out.sort = raw.sort as AdminProductSort;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  return out;
}

/** The list call for a table state. */
export const listParams = (search: ProductsSearch): AdminProductParams => ({
  limit: PRODUCTS_PAGE_SIZE,
  offset: ((search.page ?? 1) - 1) * PRODUCTS_PAGE_SIZE,
  ...(search.q?.trim() ? { q: search.q.trim() } : {}),
  ...(search.categoryId ? { categoryId: search.categoryId } : {}),
  ...(search.status ? { status: search.status } : {}),
  sort: search.sort ?? 'updated',
});

export const SORT_LABELS: Record<AdminProductSort, string> = {
  updated: 'Recently updated',
  newest: 'Newest',
  name: 'Name (A–Z)',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  stock: 'Stock: lowest first',
};
