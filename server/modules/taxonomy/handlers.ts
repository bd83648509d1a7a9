import type { RouteConfig } from '@hono/zod-openapi';
import { currentUser, requireAdmin } from '../../lib/auth/middleware';
import { newRouter, type Deps, type Mount } from '../../lib/http';
import {
  createAttribute,
  deleteAttribute,
  deleteAttributeValue,
  listAttributes,
  updateAttribute,
} from './attribute-service';
import { createCategory, deleteCategory, reorderCategories, updateCategory } from './category-service';
import {
  createAttributeRoute,
  createCategoryRoute,
  deleteAttributeRoute,
  deleteAttributeValueRoute,
  deleteCategoryRoute,
  listAttributesRoute,
  reorderCategoriesRoute,
  updateAttributeRoute,
  updateCategoryRoute,
} from './routes';

/**
 * The back office's category and attribute writes (and the attribute list). The category routes
 * share /v1/categories with the catalogue's public list, so the admin guard goes on each route
 * rather than on the whole prefix.
 */
export function taxonomyModule(deps: Deps): Mount[] {
  const { database } = deps;
  const admin = requireAdmin(deps);
  const guarded = <R extends RouteConfig>(route: R): R => ({ ...route, middleware: admin });

  const categories = newRouter()
    .openapi(guarded(createCategoryRoute), async (c) =>
      c.json({ data: await createCategory(database, currentUser(c), c.req.valid('json')) }, 201),
    )
    .openapi(guarded(reorderCategoriesRoute), async (c) =>
      c.json({ data: await reorderCategories(database, currentUser(c), c.req.valid('json')) }, 200),
    )
    .openapi(guarded(updateCategoryRoute), async (c) =>
      c.json(
        {
          data: await updateCategory(database, currentUser(c), c.req.valid('param').id, c.req.valid('json')),
        },
        200,
      ),
    )
    .openapi(guarded(deleteCategoryRoute), async (c) =>
      c.json(
        {
          data: await deleteCategory(
            database,
            currentUser(c),
            c.req.valid('param').id,
            c.req.valid('query').moveTo,
          ),
        },
        200,
      ),
    );

  const attributes = newRouter()
    .openapi(guarded(listAttributesRoute), async (c) => {
      c.header('Cache-Control', 'no-store');
      const eager = c.req.valid('query').eager === 'true';
      return c.json({ data: await listAttributes(database.db, { eager }) }, 200);
    })
    .openapi(guarded(createAttributeRoute), async (c) =>
      c.json({ data: await createAttribute(database, currentUser(c), c.req.valid('json')) }, 201),
    )
    .openapi(guarded(updateAttributeRoute), async (c) => {
      const { attributeId } = c.req.valid('param');
      const force = c.req.valid('query').force === 'true';
      return c.json(
        { data: await updateAttribute(database, currentUser(c), attributeId, c.req.valid('json'), force) },
        200,
      );
    })
    .openapi(guarded(deleteAttributeRoute), async (c) => {
      const { attributeId } = c.req.valid('param');
      const force = c.req.valid('query').force === 'true';
      return c.json({ data: await deleteAttribute(database, currentUser(c), attributeId, force) }, 200);
    })
    .openapi(guarded(deleteAttributeValueRoute), async (c) => {
      const { attributeId } = c.req.valid('param');
      const force = c.req.valid('query').force === 'true';
      const { value } = c.req.valid('json');
      return c.json(
        { data: await deleteAttributeValue(database, currentUser(c), attributeId, value, force) },
        200,
      );
    });

  return [
    ['/v1/categories', categories],
    ['/v1/attribute', attributes],
  ];
}
