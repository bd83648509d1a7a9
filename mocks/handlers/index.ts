import type { RequestHandler } from 'msw';
import { adminOrderHandlers } from './admin-orders';
import { adminProductHandlers } from './admin-products';
import { attributeHandlers } from './attributes';
import { authHandlers } from './auth';
import { cartHandlers } from './cart';
import { catalogueHandlers } from './catalogue';
import { categoryAdminHandlers } from './categories';
import { checkoutHandlers } from './checkout';
import { dashboardHandlers } from './dashboard';
import { staffHandlers } from './staff';
import { deliveriesHandlers } from './deliveries';
import { customerHandlers } from './customers';
import { deliveryHandlers } from './delivery';
import { discountHandlers } from './discounts';
import { ordersHandlers } from './orders';
import { productImportHandlers } from './product-import';
import { savedItemsHandlers } from './saved-items';
import { searchHandlers } from './search';
import { setupsHandlers } from './setups';
import { apiNotFoundHandler, systemHandlers } from './system';

// The shop's cart, checkout, orders and saved items; delivery areas before setups' `/v1/setups/:name`.
const commerceHandlers = [
  ...deliveryHandlers,
  ...cartHandlers,
  ...checkoutHandlers,
  ...ordersHandlers,
  ...savedItemsHandlers,
];

/**
 * Every MSW handler of the app. Each feature adds its array here (e.g. `...catalogueHandlers`);
 * the catch-all for unknown /api routes must stay last.
 */
export const handlers: RequestHandler[] = [
  ...systemHandlers,
  ...catalogueHandlers,
  ...categoryAdminHandlers,
  ...attributeHandlers,
  ...searchHandlers,
  ...commerceHandlers,
  ...authHandlers,
  ...setupsHandlers,
  // Before the products' GET /v1/admin/products/:id, which `export` would otherwise match.
  ...productImportHandlers,
  ...adminProductHandlers,
  ...adminOrderHandlers,
  ...discountHandlers,
  ...dashboardHandlers,
  ...staffHandlers,
  ...deliveriesHandlers,
  ...customerHandlers,
  apiNotFoundHandler,
];
