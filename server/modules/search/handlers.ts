import { jsonAnswer, sendJson } from '../../lib/conditional';
import { newRouter, type Deps } from '../../lib/http';
import { searchRoute } from './routes';
import { searchIndexFor, searchProducts } from './service';

/** The search routes; creating the module starts this instance's index build. */
export function searchModule(deps: Deps) {
  const index = searchIndexFor(deps);
  return newRouter().openapi(searchRoute, async (c) => {
    const { q, limit } = c.req.valid('query');
    const data = await searchProducts(index, q, limit);
    // The catalogue changes at any time: the browser asks again each time, and the tag (of the
    // body itself, so an answer the index no longer gives never matches) makes that a 304.
    return sendJson(c, jsonAnswer({ data }));
  });
}
