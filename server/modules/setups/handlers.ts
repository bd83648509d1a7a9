import { notFound } from '../../lib/errors';
import { countries } from '../../lib/countries';
import { newRouter } from '../../lib/http';
import { setupRoute } from './routes';

export function setupsModule() {
  return newRouter().openapi(setupRoute, (c) => {
    const { name } = c.req.valid('param');
    if (name !== 'countries') throw notFound('That setup list');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json({ data: countries() }, 200);
  });
}
