import { createRoute } from '@hono/zod-openapi';
import {
  BlockCustomerBody,
  CustomerDetail,
  CustomerExport,
  CustomerIdParams,
  CustomerList,
  CustomerListQuery,
  EraseCustomerBody,
} from '../../../contract/admin-customers';
import { bearerSecurity } from '../../lib/auth/middleware';
import { adminsOnly, adminTags, badId, body, error, json, ok } from '../../lib/openapi';

// Under /v1/admin/customers, where server/app.ts mounts this module.

const noCustomer = error('No shopper has that id (a staff account is not a customer)');

export const listCustomersRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listCustomers',
  'x-permission': 'customers.read',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'One page of shoppers, newest first, with their orders count, total paid and last order',
  description:
    '`q` matches part of the name or the email, or a phone in any Kenyan form (`0712 345 678`, `712345678`, ' +
    '`+254712345678`, `254712345678`): the profile’s phone and the phones the shopper’s orders were paid from.',
  request: { query: CustomerListQuery },
  responses: {
    200: json('The page and its position', CustomerList),
    400: error('A search or paging value is out of range or malformed'),
    ...adminsOnly,
  },
});

export const getCustomerRoute = createRoute({
  method: 'get',
  path: '/{customerId}',
  operationId: 'getCustomer',
  'x-permission': 'customers.read',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'One shopper: profile, the addresses their orders went to, their orders and saved items count',
  request: { params: CustomerIdParams },
  responses: {
    200: ok('The customer', CustomerDetail),
    400: badId,
    ...adminsOnly,
    404: noCustomer,
  },
});

export const blockCustomerRoute = createRoute({
  method: 'post',
  path: '/{customerId}/block',
  operationId: 'blockCustomer',
  'x-permission': 'customers.manage',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Keeps a shopper from checking out, with a reason; their open sessions end',
  description:
    'The checkout then answers the shopper 403 `customer_blocked` before any stock is held or any prompt ' +
    'sent; their orders stay as they are. The reason (3–300 characters, trimmed) goes in the activity log.',
  request: { params: CustomerIdParams, body: body(BlockCustomerBody) },
  responses: {
    200: ok('The customer as it is now', CustomerDetail),
    400: error('A bad id or reason'),
    ...adminsOnly,
    404: noCustomer,
    409: error('`already_blocked`, or `erased`: the customer’s data was erased'),
  },
});

export const unblockCustomerRoute = createRoute({
  method: 'post',
  path: '/{customerId}/unblock',
  operationId: 'unblockCustomer',
  'x-permission': 'customers.manage',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Lets a blocked shopper check out again',
  request: { params: CustomerIdParams },
  responses: {
    200: ok('The customer as it is now', CustomerDetail),
    400: badId,
    ...adminsOnly,
    404: noCustomer,
    409: error('`not_blocked`: the customer is not blocked'),
  },
});

export const exportCustomerRoute = createRoute({
  method: 'get',
  path: '/{customerId}/export',
  operationId: 'exportCustomer',
  'x-permission': 'customers.manage',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'A copy of everything the shop holds on a shopper, as a JSON file',
  description:
    'The profile, the addresses used, every order with its items and payment attempts, and the saved ' +
    'items, as an attachment named `sokoni-customer-<id>.json` (the body is the file, not the `data` ' +
    'envelope). Each export is recorded in the activity log.',
  request: { params: CustomerIdParams },
  responses: {
    200: {
      ...json('The file', CustomerExport),
      headers: {
        'Content-Disposition': {
          description: '`attachment; filename="sokoni-customer-<id>.json"`',
          schema: { type: 'string' as const },
        },
      },
    },
    400: badId,
    ...adminsOnly,
    404: noCustomer,
  },
});

export const eraseCustomerRoute = createRoute({
  method: 'post',
  path: '/{customerId}/erase',
  operationId: 'eraseCustomer',
  'x-permission': 'customers.manage',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Erases a shopper’s personal data; their orders and payments stay for the books',
  description:
    '`confirmEmail` must be the customer’s email. The name becomes “Erased customer”, the email ' +
    '`erased-<id>@erased.invalid`, the phone and password go; the orders’ addresses and phones become ' +
    '“Erased” and their pins the delivery area’s centre (0, 0 without an area); sessions end, the cart, ' +
    'saved items and mail for the address are removed, and the account can no longer sign in.',
  request: { params: CustomerIdParams, body: body(EraseCustomerBody) },
  responses: {
    200: ok('The customer as it is now', CustomerDetail),
    400: error('A bad id or body, or `confirmEmail` is not the customer’s email'),
    ...adminsOnly,
    404: noCustomer,
    409: error('`already_erased`: the customer’s data was already erased'),
  },
});
