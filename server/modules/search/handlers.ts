import { newRouter, type Deps } from '../../lib/http';
import { searchRoute } from './routes';
import { searchIndexFor, searchProducts } from './service';

/** The search routes; creating the module starts this instance's index build. */
export function searchModule(deps: Deps) {
  const index = searchIndexFor(deps);
  return newRouter().openapi(searchRoute, async (c) => {
    const { q, limit } = c.req.valid('query');
    const data = await searchProducts(index, q, limit);
    // The catalogue changes at any time and a second-old answer may miss a product just added.
    c.header('Cache-Control', 'no-store');
    return c.json({ data }, 200);
  });
}
