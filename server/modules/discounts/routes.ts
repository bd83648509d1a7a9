import { createRoute } from '@hono/zod-openapi';
import {
  CODE_TAKEN,
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
// discount as it stands), so the activity log names it `paused`/`resumed`. A discount with a `code`
// is a promo code: it prices nothing until a shopper types it (contract/promo.ts).

const badBody = error(
  'A field is missing or out of range (a percentage over 99, or over 100 off the delivery; a value ' +
    'of 0 or less; an end before the start; nothing covered; products or categories named by an ' +
    'order or delivery discount; a code that is not 3–32 letters, digits or "-"; the whole order, ' +
    'the delivery, a minimum, first orders or a limit per shopper without a code), names an unknown ' +
    'product (`productIds.N`) or category (`categoryIds.N`), or has a code another discount has in ' +
    'any letter case (`code`: "' +
    CODE_TAKEN +
    '"); `issues` names each',
);
const noSuchDiscount = error('No such discount');

export const listDiscountsRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listDiscounts',
  'x-permission': 'discounts.read',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'One page of discounts, newest first, with what they cover, their code, state and redemptions',
  description:
    '`state` filters by scheduled, active, paused or ended (as contract/pricing.ts discountState ' +
    'says at the moment of the request); `q` matches the name or the promo code anywhere, ' +
    'case-insensitively. `redemptions` counts paid orders holding a use, `usesTaken` the uses the ' +
    'limit counts (paid or awaiting payment).',
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
  description:
    'Without a `code` it applies by itself to the products and categories it names. With a `code` ' +
    '(stored upper-case, unique without regard to letter case) it applies only to a cart whose ' +
    'shopper typed it, and may cover the items, the whole order or the delivery fee, ask for a ' +
    '`minSubtotal` or a first order, and limit the uses per shopper (`perShopperLimit`, 1 when ' +
    'omitted, null for none).',
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
    'limit lowered below them ends the discount. A discount may keep its own code; another ' +
    "discount's code is a 400 on `code`.",
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
