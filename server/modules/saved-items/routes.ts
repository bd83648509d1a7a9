import { createRoute, type z } from '@hono/zod-openapi';
import { ErrorBody, envelope } from '../../../contract/common';
import { SavedItemParams, SavedItems, SavedItemState, SaveItemBody } from '../../../contract/saved-items';
import { bearerSecurity } from '../../lib/auth/middleware';

const ok = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema: envelope(schema) } },
});
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBody } },
});
const signedIn = {
  401: error('No valid bearer token, or its session has ended'),
  403: error('Admins have no saved items'),
};
const tags = ['saved-items'];

export const listSavedRoute = createRoute({
  method: 'get',
  path: '/v1/saved-items',
  tags,
  security: bearerSecurity,
  summary: 'The saved products with current price, sale and stock, newest first',
  responses: { 200: ok('The saved products', SavedItems), ...signedIn },
});

export const saveRoute = createRoute({
  method: 'post',
  path: '/v1/saved-items',
  tags,
  security: bearerSecurity,
  summary: 'Saves a product (idempotent)',
  request: { body: { required: true, content: { 'application/json': { schema: SaveItemBody } } } },
  responses: {
    200: ok('Saved', SavedItemState),
    400: error('Not a product id'),
    404: error('No such product'),
    ...signedIn,
  },
});

export const unsaveRoute = createRoute({
  method: 'delete',
  path: '/v1/saved-items/{productId}',
  tags,
  security: bearerSecurity,
  summary: 'Unsaves a product (idempotent)',
  request: { params: SavedItemParams },
  responses: { 200: ok('Not saved', SavedItemState), 400: error('Not a product id'), ...signedIn },
});
