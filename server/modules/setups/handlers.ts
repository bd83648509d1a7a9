import { countries } from '../../lib/countries';
import { notFound } from '../../lib/errors';
import { newRouter, type Deps } from '../../lib/http';
import { listDeliveryAreas } from '../delivery';
import { deliveryAreasRoute, setupRoute } from './routes';

export function setupsModule({ database }: Pick<Deps, 'database'>) {
  return (
    newRouter()
      // Before setupRoute, whose {name} would otherwise take `delivery-areas` too.
      .openapi(deliveryAreasRoute, async (c) => {
        c.header('Cache-Control', 'public, max-age=3600');
        return c.json({ data: await listDeliveryAreas(database.db) }, 200);
      })
      .openapi(setupRoute, (c) => {
        const { name } = c.req.valid('param');
        if (name !== 'countries') throw notFound('That setup list');
        c.header('Cache-Control', 'public, max-age=86400');
        return c.json({ data: countries() }, 200);
      })
  );
}
