import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModules } from './app';
import { closeDarajaSimulators } from './dev/daraja-simulator';
import { createLogger } from './lib/logger';
import { createTestContext, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await closeDarajaSimulators();
  await ctx.close();
});

describe('the API shell', () => {
  it('reports health with the database status', async () => {
    const res = await ctx.request('/api/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.status).toBe('ok');
    expect(body.data.database.ok).toBe(true);
  });

  it('answers an unknown API route with a 404 envelope and a correlation id', async () => {
    const res = await ctx.request('/api/nope');
    expect(res.status).toBe(404);
    const id = res.headers.get('x-correlation-id');
    expect(id).toBeTruthy();
    const body = await res.json();
    expect(body).toMatchObject({ code: 'not_found', correlationId: id });
    expect(body.message).toMatch(new RegExp(`Correlation ID: ${id}$`));
  });

  it('keeps a safe correlation id sent by the caller and replaces an unsafe one', async () => {
    const kept = await ctx.request('/api/nope', { headers: { 'X-Correlation-Id': 'trace-123456' } });
    expect(kept.headers.get('x-correlation-id')).toBe('trace-123456');
    const replaced = await ctx.request('/api/nope', { headers: { 'X-Correlation-Id': '<script>' } });
    expect(replaced.headers.get('x-correlation-id')).not.toBe('<script>');
  });

  it('answers a wrong method with 405 and the allowed methods', async () => {
    const res = await ctx.request('/api/health', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect((await res.json()).code).toBe('method_not_allowed');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await ctx.request('/api/health', { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('payload_too_large');
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const doc = await (await ctx.request('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/health');
    const docs = await ctx.request('/api/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui-bundle.js');
    expect(await (await ctx.request('/api/docs/assets/init.js')).text()).toContain('/api/openapi.json');
    const asset = await ctx.request('/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.headers.get('content-type')).toContain('javascript');
  });
});

/** A route as Hono keeps it: `GET /api/v1/cart/:itemId`, `ALL /api/v1/cart/*`. */
type Route = { method: string; path: string };

/** Whether one request could match both routes (`:param` is any one segment, a final `*` any rest, or none). */
function canAnswerAlike(a: Route, b: Route): boolean {
  if (a.method !== b.method && a.method !== 'ALL' && b.method !== 'ALL') return false;
  const fits = (x: string[], y: string[]): boolean => {
    if (x[0] === '*' || y[0] === '*') return true;
    if (!x.length || !y.length) return x.length === y.length;
    const same = x[0] === y[0] || x[0]!.startsWith(':') || y[0]!.startsWith(':');
    return same && fits(x.slice(1), y.slice(1));
  };
  const segments = (p: string) => p.split('/').filter(Boolean);
  return fits(segments(a.path), segments(b.path));
}

describe('the API modules', () => {
  const mounted = () =>
    apiModules({ env: ctx.env, database: ctx.database, logger: createLogger('silent') }).map(
      ([prefix, router]) => ({
        prefix,
        routes: new Hono()
          .route(`/api${prefix}`, router)
          .routes.map(({ method, path }) => ({ method, path })),
      }),
    );

  it('never share a request: no two modules can answer the same method and path', () => {
    const modules = mounted();
    const clashes: string[] = [];
    modules.forEach((a, i) => {
      for (const b of modules.slice(i + 1)) {
        for (const ra of a.routes) {
          for (const rb of b.routes) {
            if (canAnswerAlike(ra, rb))
              clashes.push(`${ra.method} ${ra.path} (${a.prefix}) / ${rb.method} ${rb.path} (${b.prefix})`);
          }
        }
      }
    });
    expect(clashes).toEqual([]);
    // What the walk catches: the delivery areas and the setup lists as two modules, as they once were.
    expect(
      canAnswerAlike(
        { method: 'GET', path: '/api/v1/setups/delivery-areas' },
        { method: 'GET', path: '/api/v1/setups/:name' },
      ),
    ).toBe(true);
    expect(
      canAnswerAlike({ method: 'ALL', path: '/api/v1/cart/*' }, { method: 'GET', path: '/api/v1/cart' }),
    ).toBe(true);
    expect(
      canAnswerAlike(
        { method: 'GET', path: '/api/v1/orders/:id' },
        { method: 'POST', path: '/api/v1/orders/:id' },
      ),
    ).toBe(false);
  });

  it('are every route the app has under /api', () => {
    const walked = new Set(mounted().flatMap((m) => m.routes.map((r) => `${r.method} ${r.path}`)));
    const app = new Set(ctx.app.routes.map((r) => `${r.method} ${r.path}`).filter((r) => / \/api\//.test(r)));
    // Besides the modules, the API router itself has the OpenAPI document and the 404/405 fallback.
    for (const own of ['GET /api/openapi.json', 'ALL /api/*']) app.delete(own);
    expect([...walked].sort()).toEqual([...app].sort());
  });
});
