import { RELEASE } from '../../../contract/constants';
import { newRouter, type Deps } from '../../lib/http';
import { healthRoute, liveRoute, readyRoute } from './routes';
import { readiness } from './service';

export function healthModule({ database, runtime }: Deps) {
  const started = Date.now();
  const uptimeSeconds = () => Math.round((Date.now() - started) / 1000);
  return newRouter()
    .openapi(healthRoute, async (c) => {
      const ok = await database.ping();
      c.header('Cache-Control', 'no-store');
      const data = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        database: { kind: database.kind, ok },
        version: RELEASE,
        uptimeSeconds: uptimeSeconds(),
      };
      return ok ? c.json({ data }, 200) : c.json({ data }, 503);
    })
    .openapi(liveRoute, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(
        { data: { status: 'ok' as const, version: RELEASE, uptimeSeconds: uptimeSeconds() } },
        200,
      );
    })
    .openapi(readyRoute, async (c) => {
      const data = await readiness(database, runtime, RELEASE);
      c.header('Cache-Control', 'no-store');
      return data.status === 'ready' ? c.json({ data }, 200) : c.json({ data }, 503);
    });
}
