import { createRoute } from '@hono/zod-openapi';
import { SavedItemParams, SavedItems, SavedItemState, SaveItemBody } from '../../../contract/saved-items';
import { bearerSecurity } from '../../lib/auth/middleware';
import { body, error, ok, shoppersOnly } from '../../lib/openapi';

// Paths are under /v1/saved-items, where server/app.ts mounts this module.

const signedIn = shoppersOnly('Admins have no saved items');
const tags = ['saved-items'];

export const listSavedRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listSavedItems',
  tags,
  security: bearerSecurity,
  summary: 'The saved products with current price, sale and stock, newest first',
  responses: { 200: ok('The saved products', SavedItems), ...signedIn },
});

export const saveRoute = createRoute({
  method: 'post',
  path: '/',
  operationId: 'saveItem',
  tags,
  security: bearerSecurity,
  summary: 'Saves a product (idempotent)',
  request: { body: body(SaveItemBody) },
  responses: {
    200: ok('Saved', SavedItemState),
    400: error('Not a product id'),
    404: error('No such product'),
    ...signedIn,
  },
});

export const unsaveRoute = createRoute({
  method: 'delete',
  path: '/{productId}',
  operationId: 'unsaveItem',
  tags,
  security: bearerSecurity,
  summary: 'Unsaves a product (idempotent)',
  request: { params: SavedItemParams },
  responses: { 200: ok('Not saved', SavedItemState), 400: error('Not a product id'), ...signedIn },
});
