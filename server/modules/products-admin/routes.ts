import { createRoute } from '@hono/zod-openapi';
import {
  AdminProduct,
  AdminProductList,
  AdminProductQuery,
  IF_MATCH_REQUIRED,
  IfMatchHeaders,
  PRODUCT_VERSION_CONFLICT,
  ProductInput,
  ProductPatch,
} from '../../../contract/admin';
import { ProductBulkBody, ProductBulkResult } from '../../../contract/admin-bulk';
import { ProductIdParams } from '../../../contract/catalogue';
import { bearerSecurity } from '../../lib/auth/middleware';
import { adminsOnly, adminTags, badId, body, error, ok } from '../../lib/openapi';

// The list and detail are under /v1/admin/products, the writes under /v1/products (beside the
// shop's GET /v1/products/{id}); server/app.ts mounts both.

export const listAdminProductsRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listAdminProducts',
  'x-permission': 'products.read',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'One page of every product, hidden and archived ones included, for the manage-products table',
  description:
    'Paged on the server: `q` matches the name or pid anywhere, case-insensitively; without `status`, ' +
    'visible and hidden products (not archived). Sorts: `updated` (latest first), `newest`, `name`, ' +
    '`price_asc`/`price_desc` (lowest active variant price), `stock` (fewest units first).',
  request: { query: AdminProductQuery },
  responses: {
    200: {
      description: 'The page and its position',
      content: { 'application/json': { schema: AdminProductList } },
    },
    400: error('A query value is out of range or malformed'),
    ...adminsOnly,
  },
});

export const getAdminProductRoute = createRoute({
  method: 'get',
  path: '/{id}',
  operationId: 'getAdminProduct',
  'x-permission': 'products.read',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'One product as the product form edits it, with its archived variants and its version',
  request: { params: ProductIdParams },
  responses: {
    200: ok('The product (ETag: its version)', AdminProduct),
    400: badId,
    ...adminsOnly,
    404: error('No such product'),
  },
});

const badProduct = error(
  'A field is missing or out of range, or names an unknown category (`categoryIds.N`), image ' +
    '(`imageIds.N`), attribute (`variants.N.attributes.M.attributeId`) or a variant that is not this ' +
    "product's (`variants.N.variantId`); `issues` names each",
);

export const createProductRoute = createRoute({
  method: 'post',
  path: '/',
  operationId: 'createProduct',
  'x-permission': 'products.write',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Creates a product with its variants; the server gives it the next pid (SKN-…)',
  description:
    'Recipe tips are sanitised with an allow-list before they are stored. Each variant needs its ' +
    '`quantity`: its stock history opens with it.',
  request: { body: body(ProductInput) },
  responses: { 201: ok('The new product', AdminProduct), 400: badProduct, ...adminsOnly },
});

export const updateProductRoute = createRoute({
  method: 'put',
  path: '/{id}',
  operationId: 'updateProduct',
  'x-permission': 'products.write',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Replaces a product as a whole, if nobody saved it since the version in If-Match',
  description:
    'A variant left out is archived (restorable by sending its id again), never deleted: carts and ' +
    'past orders name it. A new variant (no `variantId`) needs its `quantity`; an existing one keeps ' +
    'its stock when `quantity` is left out, and a different `quantity` is recorded in its stock ' +
    'history as a stock count by the saving admin (adjustments: `POST /v1/admin/variants/{variantId}/adjustments`).',
  request: { params: ProductIdParams, headers: IfMatchHeaders, body: body(ProductInput) },
  responses: {
    200: ok('The product as saved (ETag: its new version)', AdminProduct),
    400: badProduct,
    ...adminsOnly,
    404: error('No such product'),
    409: error(`\`version_conflict\`: ${PRODUCT_VERSION_CONFLICT}`),
    428: error(`\`if_match_required\`: ${IF_MATCH_REQUIRED}`),
  },
});

export const patchProductRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  operationId: 'patchProduct',
  'x-permission': 'products.write',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Hides or shows, archives or restores a product',
  request: { params: ProductIdParams, body: body(ProductPatch) },
  responses: {
    200: ok('The product', AdminProduct),
    400: error('Neither hidden nor archived was sent, or a value is not a boolean'),
    ...adminsOnly,
    404: error('No such product'),
  },
});

export const archiveProductRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  operationId: 'archiveProduct',
  'x-permission': 'products.write',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Archives a product: it leaves the shop, search and carts; past orders keep it',
  description: 'Restore it with `PATCH /v1/products/{id}` and `{ "archived": false }`.',
  request: { params: ProductIdParams },
  responses: {
    200: ok('The archived product', AdminProduct),
    400: badId,
    ...adminsOnly,
    404: error('No such product'),
  },
});

export const bulkEditProductsRoute = createRoute({
  method: 'post',
  path: '/bulk',
  operationId: 'bulkEditProducts',
  'x-permission': 'products.write',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'One change to many products: the ticked rows, or every product the table’s filters match',
  description:
    'The target is `productIds` (1–500, each once) or `filter` (the list’s `q`, `categoryId` and ' +
    '`status`, so “all N matching”), one of the two. Actions: `hide`, `show`, `archive`, ' +
    '`add_category`/`remove_category` (`categoryId`), and `price` on every active variant: `by: percent` ' +
    '(whole, −90 to +500, not 0) or `by: amount` (whole KSH, not 0); prices round half up to whole ' +
    'shillings, never below KSH 1 nor above the price ceiling. One transaction: each changed product gets ' +
    'a new version (a form opened before answers 409) and one activity entry; archived products are ' +
    'counted in `matched` and left as they are. `dryRun: true` answers the same and writes nothing ' +
    '(the price preview). A product already so (hidden, in the category, at the price) is not changed; ' +
    'a target matching nothing answers `matched: 0`.',
  request: { body: body(ProductBulkBody) },
  responses: {
    200: ok('What the edit did (or would do, on a dry run)', ProductBulkResult),
    400: error(
      'A field is missing or out of range, the target names both or neither of `productIds` and `filter`, ' +
        'a price change is 0 or its percentage out of range, an id names no product ' +
        '(`target.productIds.N`) or category (`action.categoryId`), or (`too_many_categories`) a product ' +
        'already has the most categories it may have',
    ),
    ...adminsOnly,
  },
});
