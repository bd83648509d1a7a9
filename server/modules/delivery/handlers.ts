import { newRouter, type Deps } from '../../lib/http';
import { deliveryAreasRoute } from './routes';
import { listDeliveryAreas } from './service';

// Mounted before the setups module: its `/v1/setups/{name}` would otherwise answer this path with 404.
export function deliveryModule({ database }: Deps) {
  return newRouter().openapi(deliveryAreasRoute, async (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({ data: await listDeliveryAreas(database.db) }, 200);
  });
}
