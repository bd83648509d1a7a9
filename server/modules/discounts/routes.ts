import { createRoute } from '@hono/zod-openapi';
import {
  Discount,
  DiscountBody,
  DiscountDeleted,
  DiscountIdParams,
  DiscountList,
  DiscountQuery,
} from '../../../contract/discounts';
import { bearerSecurity } from '../../lib/auth/middleware';
import { adminsOnly, adminTags, badId, body, error, json, ok } from '../../lib/openapi';

// The back office's discounts, all under /v1/discounts, all behind requireAdmin. Pausing and
// resuming is a PUT of the whole discount with `active` false or true (the list's switch sends the
// discount as it stands), so the activity log names it `paused`/`resumed`.

const badBody = error(
  'A field is missing or out of range (a percentage over 99, a value of 0 or less, an end before ' +
    'the start, nothing covered), or names an unknown product (`productIds.N`) or category ' +
    '(`categoryIds.N`); `issues` names each',
);
const noSuchDiscount = error('No such discount');

export const listDiscountsRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listDiscounts',
  'x-permission': 'discounts.read',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'One page of discounts, newest first, with what they cover, their state and redemptions',
  description:
    '`state` filters by scheduled, active, paused or ended (as contract/pricing.ts discountState ' +
    'says at the moment of the request); `q` matches the name anywhere, case-insensitively.',
  request: { query: DiscountQuery },
  responses: {
    200: json('The page and its position', DiscountList),
    400: error('A query value is out of range or malformed'),
    ...adminsOnly,
  },
});

export const getDiscountRoute = createRoute({
  method: 'get',
  path: '/{discountId}',
  operationId: 'getDiscount',
  'x-permission': 'discounts.read',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'One discount, as the edit form shows it',
  request: { params: DiscountIdParams },
  responses: { 200: ok('The discount', Discount), 400: badId, ...adminsOnly, 404: noSuchDiscount },
});

export const createDiscountRoute = createRoute({
  method: 'post',
  path: '/',
  operationId: 'createDiscount',
  'x-permission': 'discounts.write',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Creates a discount; the shop prices with it from its start (at once if already started)',
  request: { body: body(DiscountBody) },
  responses: { 201: ok('The new discount', Discount), 400: badBody, ...adminsOnly },
});

export const updateDiscountRoute = createRoute({
  method: 'put',
  path: '/{discountId}',
  operationId: 'updateDiscount',
  'x-permission': 'discounts.write',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Replaces a discount as a whole; `active: false` pauses it, `active: true` resumes it',
  description:
    'Prices in the shop, carts and checkout follow at once. Uses already taken stay counted; a ' +
    'limit lowered below them ends the discount.',
  request: { params: DiscountIdParams, body: body(DiscountBody) },
  responses: {
    200: ok('The discount as saved', Discount),
    400: badBody,
    ...adminsOnly,
    404: noSuchDiscount,
  },
});

export const deleteDiscountRoute = createRoute({
  method: 'delete',
  path: '/{discountId}',
  operationId: 'deleteDiscount',
  'x-permission': 'discounts.write',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Deletes a discount; orders keep the prices they were charged',
  request: { params: DiscountIdParams },
  responses: {
    200: ok('Which discount was deleted', DiscountDeleted),
    400: badId,
    ...adminsOnly,
    404: noSuchDiscount,
  },
});
