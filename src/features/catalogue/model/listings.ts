import type { ProductSort } from '@contract/catalogue';
import type { ProductListFilter } from '../api/product-queries';

/** The landing page's 'Our products': newest first, a dozen at a time (2, 3 and 4 columns all fill). */
export const LANDING_FILTER = { sort: 'newest', limit: 12 } as const satisfies ProductListFilter;

/** A category page's listing. */
export const categoryFilter = (categoryId: string, sort: ProductSort) =>
  ({ categoryId, sort, limit: 24 }) as const satisfies ProductListFilter;
