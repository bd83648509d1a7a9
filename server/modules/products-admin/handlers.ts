import type { Context } from 'hono';
import { IF_MATCH_REQUIRED, ifMatchVersion, type AdminProduct } from '../../../contract/admin';
import { currentUser, requireAdmin } from '../../lib/auth/middleware';
import { AppError } from '../../lib/errors';
import { newRouter, type AppEnv, type Deps, type Mount } from '../../lib/http';
import { catalogueChanged } from '../catalogue';
import {
  archiveProductRoute,
  createProductRoute,
  getAdminProductRoute,
  listAdminProductsRoute,
  patchProductRoute,
  updateProductRoute,
} from './routes';
import { getAdminProduct } from './detail';
import { listAdminProducts } from './list';
import { createProduct, updateProduct } from './save';
import { patchProduct } from './visibility';
import { csvRoutes } from './csv-handlers';

/** The back office's products: the table and the form's reads, and every write. */
export function productsAdminModule(deps: Deps): Mount[] {
  const { database } = deps;
  const { db } = database;
  const admin = requireAdmin(deps);

  const reads = newRouter();
  reads.use('/*', admin);
  // Before GET /{id}: `export` and `import` are not ids.
  csvRoutes(reads, database);
  reads
    .openapi(listAdminProductsRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listAdminProducts(db, c.req.valid('query'), new Date()), 200);
    })
    .openapi(getAdminProductRoute, async (c) =>
      answer(c, await getAdminProduct(db, c.req.valid('param').id, new Date()), 200),
    );

  // /v1/products is shared with the shop's GET /v1/products/{id}: the guard goes on the write
  // methods only (a `use('/*')` here would guard the shop's page too).
  const writes = newRouter();
  writes.on('POST', '/', admin);
  writes.on(['PUT', 'PATCH', 'DELETE'], '/:id', admin);

  /** After a commit: this instance's catalogue cache and search index follow at once, others by notification. */
  const saved = async <S extends 200 | 201>(c: Context<AppEnv>, productId: string, status: S) => {
    await catalogueChanged(database, [productId]);
    return answer(c, await getAdminProduct(db, productId, new Date()), status);
  };

  writes
    .openapi(createProductRoute, async (c) => {
      const id = await createProduct(db, currentUser(c), c.req.valid('json'));
      return saved(c, id, 201);
    })
    .openapi(updateProductRoute, async (c) => {
      const { id } = c.req.valid('param');
      const version = parseIfMatch(c.req.valid('header')['if-match']);
      await updateProduct(db, currentUser(c), id, version, c.req.valid('json'));
      return saved(c, id, 200);
    })
    .openapi(patchProductRoute, async (c) => {
      const { id } = c.req.valid('param');
      await patchProduct(db, currentUser(c), id, c.req.valid('json'));
      return saved(c, id, 200);
    })
    .openapi(archiveProductRoute, async (c) => {
      const { id } = c.req.valid('param');
      await patchProduct(db, currentUser(c), id, { archived: true });
      return saved(c, id, 200);
    });

  return [
    ['/v1/admin/products', reads],
    ['/v1/products', writes],
  ];
}

/** The product in the envelope, its version as the ETag, never cached. */
function answer<S extends 200 | 201>(c: Context<AppEnv>, product: AdminProduct, status: S) {
  c.header('ETag', `"${product.version}"`);
  c.header('Cache-Control', 'no-store');
  return c.json({ data: product }, status);
}

/** The version an If-Match names (the route's schema has checked its form); 428 without one. */
function parseIfMatch(header: string | undefined): number {
  if (header === undefined) throw new AppError(428, 'if_match_required', IF_MATCH_REQUIRED);
  return ifMatchVersion(header);
}
