import { createRoute } from '@hono/zod-openapi';
import { SearchQuery, SearchResponse } from '../../../contract/search';
import { publicSecurity } from '../../lib/auth/middleware';
import { error, json, notModified } from '../../lib/openapi';

// Paths are under /v1/search, where server/app.ts mounts this module.

export const searchRoute = createRoute({
  method: 'get',
  path: '/orama',
  operationId: 'searchProducts',
  tags: ['search'],
  security: publicSecurity,
  summary: 'Products matching free text, best first (typos and unfinished words allowed)',
  description:
    'Matches product names (weighted most), category names and descriptions. A word of 4–7 letters may ' +
    'carry one typo, a longer word two; the last word also matches as the start of a longer one. ' +
    'Products out of stock are found and marked `available: false`.',
  request: { query: SearchQuery },
  responses: {
    200: json('The matches, best first', SearchResponse),
    304: notModified,
    400: error('`q` is empty, only spaces or longer than 100 characters, or `limit` is not 1–50'),
    503: error('The index is still being built (the server just started); retry after a few seconds'),
  },
});
