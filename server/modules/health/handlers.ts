import { RELEASE } from '../../../contract/constants';
import { newRouter, type Deps } from '../../lib/http';
import { healthRoute } from './routes';

export function healthModule({ database }: Deps) {
  const started = Date.now();
  return newRouter().openapi(healthRoute, async (c) => {
    const ok = await database.ping();
    c.header('Cache-Control', 'no-store');
    const data = {
      status: ok ? ('ok' as const) : ('degraded' as const),
      database: { kind: database.kind, ok },
      version: RELEASE,
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
    };
    return ok ? c.json({ data }, 200) : c.json({ data }, 503);
  });
}
