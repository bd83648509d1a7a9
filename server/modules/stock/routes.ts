import { createRoute } from '@hono/zod-openapi';
import {
  StockAdjusted,
  StockAdjustmentBody,
  StockHistory,
  StockHistoryQuery,
  VariantIdParams,
} from '../../../contract/admin-stock';
import { bearerSecurity } from '../../lib/auth/middleware';
import { adminsOnly, adminTags, body, error, json, ok } from '../../lib/openapi';

// Under /v1/admin/variants, where server/app.ts mounts this module.

export const adjustStockRoute = createRoute({
  method: 'post',
  path: '/{variantId}/adjustments',
  operationId: 'adjustStock',
  'x-permission': 'products.write',
  tags: adminTags,
  security: bearerSecurity,
  summary: "Adds units to a variant's stock or takes them away, with a reason; the history keeps it",
  description:
    'Give exactly one of `change` (units to add, or negative to take away; never 0) and `countedTo` ' +
    '(the units counted on the shelf, those held by unpaid orders included); `countedTo` only with ' +
    'the reason `stock_count`. A change adds to the stock as it is at that moment, so two people ' +
    'adjusting at once both count. Stock may not go below what unpaid orders hold: that is a 409 ' +
    '`stock_held` naming the units held.',
  request: { params: VariantIdParams, body: body(StockAdjustmentBody) },
  responses: {
    201: ok('The movement recorded and the variant with its stock now', StockAdjusted),
    400: error(
      'The id is not a UUID, or a field is missing or out of range: no reason, both or neither of ' +
        '`change` and `countedTo`, `countedTo` without `stock_count`, a change of 0; `issues` names each',
    ),
    ...adminsOnly,
    404: error('No such variant, or it was removed from the product (restore it first)'),
    409: error('`stock_held`: the change would take the stock below the units held by unpaid orders'),
  },
});

export const stockHistoryRoute = createRoute({
  method: 'get',
  path: '/{variantId}/adjustments',
  operationId: 'getStockHistory',
  'x-permission': 'products.read',
  tags: adminTags,
  security: bearerSecurity,
  summary:
    "A variant's stock now and its history, newest first: opening stock, people's adjustments, sales and releases",
  description:
    "Every unit is explained: a variant's changes add up to its stock, and each entry's `levelAfter` " +
    'is the stock right after it. `held` is the units held by unpaid orders (on the shelf, not on sale).',
  request: { params: VariantIdParams, query: StockHistoryQuery },
  responses: {
    200: json('The variant and one page of its history', StockHistory),
    400: error('The id is not a UUID, or a paging value is out of range'),
    ...adminsOnly,
    404: error('No such variant'),
  },
});
