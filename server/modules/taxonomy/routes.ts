import { createRoute } from '@hono/zod-openapi';
import {
  AdminAttribute,
  AttributeDeleted,
  AttributeIdParams,
  AttributeInput,
  AttributeListQuery,
  AttributeValueBody,
  CategoryDeleted,
  CategoryIdParams,
  CategoryInput,
  CategoryOrder,
  DeleteCategoryQuery,
  ForceQuery,
} from '../../../contract/admin';
import { Category } from '../../../contract/catalogue';
import { countRows } from '../../../contract/common';
import { bearerSecurity } from '../../lib/auth/middleware';
import { body, error, ok, signedOut } from '../../lib/openapi';

// The back office's category and attribute writes (contract/admin.ts). Category paths are under
// /v1/categories (beside the public list of the catalogue module), attribute paths under
// /v1/attribute. handlers.ts puts requireAdmin in front of every one of them.

const adminOnly = { 401: signedOut, 403: error('The account is not an admin') };
const inUse = error(
  '`in_use`: products use what this would remove; the message says how many. Send force=true to go ahead',
);

const categoryTags = ['admin', 'catalogue'];
const attributeTags = ['admin'];

export const createCategoryRoute = createRoute({
  method: 'post',
  path: '/',
  operationId: 'createCategory',
  'x-permission': 'taxonomy.write',
  tags: categoryTags,
  security: bearerSecurity,
  summary: 'Adds a category at the end of the landing page, with a slug made from its name',
  request: { body: body(CategoryInput) },
  responses: {
    201: ok('The new category', Category),
    400: error('A missing or bad field, or an icon the Material Design set does not have'),
    ...adminOnly,
    409: error('A category with this name (in any letter case) exists'),
  },
});

export const updateCategoryRoute = createRoute({
  method: 'put',
  path: '/{id}',
  operationId: 'updateCategory',
  'x-permission': 'taxonomy.write',
  tags: categoryTags,
  security: bearerSecurity,
  summary: "Renames a category or changes its icon or colour (its slug, the shop's URL, stays)",
  request: { params: CategoryIdParams, body: body(CategoryInput) },
  responses: {
    200: ok('The category', Category),
    400: error('A bad id, a missing or bad field, or an unknown icon'),
    ...adminOnly,
    404: error('No such category'),
    409: error('Another category has this name (in any letter case)'),
  },
});

export const deleteCategoryRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  operationId: 'deleteCategory',
  'x-permission': 'taxonomy.write',
  tags: categoryTags,
  security: bearerSecurity,
  summary: 'Deletes a category; its products move to `moveTo`, or stay without it',
  request: { params: CategoryIdParams, query: DeleteCategoryQuery },
  responses: {
    200: ok('How many products it held and where they went', CategoryDeleted),
    400: error('A bad id, or a moveTo that is not another existing category'),
    ...adminOnly,
    404: error('No such category'),
  },
});

export const reorderCategoriesRoute = createRoute({
  method: 'post',
  path: '/reorder',
  operationId: 'reorderCategories',
  'x-permission': 'taxonomy.write',
  tags: categoryTags,
  security: bearerSecurity,
  summary: "Sets the landing page's category order: every category id exactly once",
  request: { body: body(CategoryOrder) },
  responses: {
    200: ok('Every category in the new order', countRows(Category)),
    400: error('An id twice, a category missing from the list, or an id that is no category'),
    ...adminOnly,
  },
});

export const listAttributesRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listAttributes',
  'x-permission': 'products.read',
  tags: attributeTags,
  security: bearerSecurity,
  summary: 'Every attribute by name with how many products use it; eager=true adds values and their counts',
  request: { query: AttributeListQuery },
  responses: {
    200: ok('The attributes', countRows(AdminAttribute)),
    400: error('eager is neither true nor false'),
    ...adminOnly,
  },
});

export const createAttributeRoute = createRoute({
  method: 'post',
  path: '/',
  operationId: 'createAttribute',
  'x-permission': 'taxonomy.write',
  tags: attributeTags,
  security: bearerSecurity,
  summary: 'Adds an attribute with its values',
  request: { body: body(AttributeInput) },
  responses: {
    201: ok('The new attribute, its values in order', AdminAttribute),
    400: error('A missing or bad name, or a value twice (in any letter case)'),
    ...adminOnly,
    409: error('An attribute with this name (in any letter case) exists'),
  },
});

export const updateAttributeRoute = createRoute({
  method: 'put',
  path: '/{attributeId}',
  operationId: 'updateAttribute',
  'x-permission': 'taxonomy.write',
  tags: attributeTags,
  security: bearerSecurity,
  summary:
    'Renames an attribute and sets its values: kept values keep their variants, new ones are added, the rest are deleted',
  request: { params: AttributeIdParams, query: ForceQuery, body: body(AttributeInput) },
  responses: {
    200: ok('The attribute, its values in order', AdminAttribute),
    400: error('A bad id, force value, name or value list'),
    ...adminOnly,
    404: error('No such attribute'),
    409: error('Another attribute has this name, or (`in_use`) products use a value this drops'),
  },
});

export const deleteAttributeRoute = createRoute({
  method: 'delete',
  path: '/{attributeId}',
  operationId: 'deleteAttribute',
  'x-permission': 'taxonomy.write',
  tags: attributeTags,
  security: bearerSecurity,
  summary: 'Deletes an attribute and its values (force=true when products use them)',
  request: { params: AttributeIdParams, query: ForceQuery },
  responses: {
    200: ok('How many products it was taken from', AttributeDeleted),
    400: error('A bad id or force value'),
    ...adminOnly,
    404: error('No such attribute'),
    409: inUse,
  },
});

export const deleteAttributeValueRoute = createRoute({
  method: 'delete',
  path: '/{attributeId}/value',
  operationId: 'deleteAttributeValue',
  'x-permission': 'taxonomy.write',
  tags: attributeTags,
  security: bearerSecurity,
  summary: 'Deletes one value of an attribute, matched in any letter case (force=true when products use it)',
  request: { params: AttributeIdParams, query: ForceQuery, body: body(AttributeValueBody) },
  responses: {
    200: ok('The attribute, its values in order', AdminAttribute),
    400: error('A bad id, force value or value'),
    ...adminOnly,
    404: error('No such attribute, or it has no such value'),
    409: inUse,
  },
});
