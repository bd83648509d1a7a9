import { z } from 'zod';
import { Uuid } from './common';

export const SEARCH_QUERY_MAX = 100;
const SEARCH_LIMIT_DEFAULT = 20;
const SEARCH_LIMIT_MAX = 50;

/**
 * Query of `GET /api/v1/search/orama`. `q` is trimmed before it is checked, so a query of spaces is
 * refused like an empty one; values arrive as strings and `limit` is coerced.
 */
export const SearchQuery = z.object({
  q: z
    .string({ error: 'Type what you are looking for' })
    .trim()
    .min(1, 'Type what you are looking for')
    .max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters`),
  // Spelled out for the OpenAPI generator (see ProductListQuery), which would otherwise document it
  // as nullable.
  limit: z.coerce
    .number<number | string>({ error: `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}` })
    .int(`limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .max(SEARCH_LIMIT_MAX, `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .default(SEARCH_LIMIT_DEFAULT)
    .meta({ type: 'integer', minimum: 1, maximum: SEARCH_LIMIT_MAX, default: SEARCH_LIMIT_DEFAULT }),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

const SearchImage = z.object({ url: z.string().min(1) }).meta({ id: 'SearchImage' });

/** One product found by search (docs/behaviour.md#entities), best match first in a list. */
export const SearchResult = z
  .object({
    /** The product id. */
    id: Uuid,
    pid: z.string(),
    name: z.string(),
    description: z.string(),
    /** The name of the product's first category (in category display order); null when it has none. */
    category: z.string().nullable(),
    categoryId: Uuid.nullable(),
    /** Small renditions, in display order. */
    Images: z.array(SearchImage),
    /** Some variant is in stock; products out of stock are still found, marked false. */
    available: z.boolean(),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchResponse = z.object({ data: z.array(SearchResult) }).meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponse>;
