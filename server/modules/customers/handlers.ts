import { customerExportFilename } from '../../../contract/admin-customers';
import { currentUser, requireAdmin } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import {
  blockCustomerRoute,
  eraseCustomerRoute,
  exportCustomerRoute,
  getCustomerRoute,
  listCustomersRoute,
  unblockCustomerRoute,
} from './routes';
import { eraseCustomer, exportCustomer, getCustomer, listCustomers, setCustomerBlocked } from './service';

/** The back office's customers: `/v1/admin/customers`. */
export function customersModule(deps: Deps) {
  const { db } = deps.database;
  const router = newRouter();
  router.use('/*', requireAdmin(deps));
  return router
    .openapi(listCustomersRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listCustomers(db, c.req.valid('query')), 200);
    })
    .openapi(getCustomerRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await getCustomer(db, c.req.valid('param').customerId) }, 200);
    })
    .openapi(blockCustomerRoute, async (c) => {
      const { customerId } = c.req.valid('param');
      const block = c.req.valid('json');
      return c.json({ data: await setCustomerBlocked(db, currentUser(c), customerId, block) }, 200);
    })
    .openapi(unblockCustomerRoute, async (c) => {
      const { customerId } = c.req.valid('param');
      return c.json({ data: await setCustomerBlocked(db, currentUser(c), customerId, null) }, 200);
    })
    .openapi(exportCustomerRoute, async (c) => {
      const { customerId } = c.req.valid('param');
      const file = await exportCustomer(db, currentUser(c), customerId);
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="${customerExportFilename(customerId)}"`);
      return c.json(file, 200);
    })
    .openapi(eraseCustomerRoute, async (c) => {
      const { customerId } = c.req.valid('param');
      const { confirmEmail } = c.req.valid('json');
      return c.json({ data: await eraseCustomer(db, currentUser(c), customerId, confirmEmail) }, 200);
    });
}
