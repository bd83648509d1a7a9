import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  Category,
  ImageParams,
  ProductDetail,
  ProductIdParams,
  ProductList,
  ProductListQuery,
} from '../../../contract/catalogue';
import { countRows } from '../../../contract/common';
import { publicSecurity } from '../../lib/auth/middleware';
import { badId, clientErrors, error, json, notModified, ok } from '../../lib/openapi';

export const listProductsRoute = createRoute({
  method: 'get',
  path: '/', // under /v2/products
  operationId: 'listProducts',
  tags: ['catalogue'],
  security: publicSecurity,
  summary: 'One page of products with the records they refer to',
  request: { query: ProductListQuery },
  responses: {
    200: json('The page, its position and the linked records', ProductList),
    304: notModified,
    400: error('A query value is out of range or malformed'),
  },
});

export const productRoute = createRoute({
  method: 'get',
  path: '/{id}', // under /v1/products
  operationId: 'getProduct',
  tags: ['catalogue'],
  security: publicSecurity,
  summary: 'One product with its categories, images, discounts and attributes',
  request: { params: ProductIdParams },
  responses: {
    200: ok('The product', ProductDetail),
    304: notModified,
    400: badId,
    404: error('No such product'),
  },
});

export const categoriesRoute = createRoute({
  method: 'get',
  path: '/', // under /v1/categories
  operationId: 'listCategories',
  tags: ['catalogue'],
  security: publicSecurity,
  summary: 'Every category in display order, with its product count',
  responses: {
    200: ok('The categories', countRows(Category)),
    304: notModified,
    ...clientErrors,
  },
});

export const imageRoute = createRoute({
  method: 'get',
  path: '/{imageId}/{size}', // under /v1/assets/image
  operationId: 'getImage',
  tags: ['catalogue'],
  security: publicSecurity,
  summary: 'The bytes of one image rendition (cached for a year; a new image gets a new id)',
  request: { params: ImageParams },
  responses: {
    200: {
      description: 'The image, with its stored content type',
      content: { 'image/*': { schema: z.string().meta({ format: 'binary' }) } },
    },
    304: notModified,
    400: error('The id is not a UUID or the size is unknown'),
    404: error('No such image or rendition'),
  },
});
