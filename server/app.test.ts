import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModules } from './app';
import { closeDarajaSimulators } from './dev/daraja-simulator';
import { createLogger } from './lib/logger';
import { createTestContext, type TestContext } from './test/harness';
import { documentValidator, pointer, type OpenApiDocument } from './test/openapi';

/** An id no path segment of the API spells, so each templated path matches its own routes only. */
const SOME_ID = '00000000-0000-4000-8000-000000000000';

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

  it('answers every method a known path lacks with 405 and Allow, before asking who is calling', async () => {
    const doc = await (await ctx.request('/api/openapi.json')).json();
    const paths = Object.entries(doc.paths as Record<string, object>);
    // `/v1/cart/quote` is also `/v1/cart/{itemId}`: a path has the methods of every template it fits.
    const fits = (template: string, path: string) =>
      new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(path);
    const wrong: string[] = [];
    for (const [template] of paths) {
      const path = template.replace(/\{\w+\}/g, SOME_ID);
      const has = paths
        .filter(([t]) => fits(t, path))
        .flatMap(([, item]) => Object.keys(item).map((m) => m.toUpperCase()));
      const allow = [...new Set([...has, ...(has.includes('GET') ? ['HEAD'] : [])])].sort().join(', ');
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter(
        (m) => !has.includes(m),
      )) {
        const res = await ctx.request(`/api${path}`, { method });
        const got = `${res.status} ${res.headers.get('allow')?.split(', ').sort().join(', ')}`;
        if (got !== `405 ${allow}`) wrong.push(`${method} ${template}: ${got}, not 405 ${allow}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    '/api/v1/orders/00000000-0000-4000-8000-000000000000/nothing',
    '/api/v1/admin/dashboard/nothing',
    '/api/v1/discounts/00000000-0000-4000-8000-000000000000/nothing',
    '/api/v1/saved-items/a/b',
  ])('answers a path no route has, under a signed-in prefix, with a 404 envelope: %s', async (path) => {
    const res = await ctx.request(path, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('not_found');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await ctx.request('/api/v1/cart/quote', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('payload_too_large');
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const doc = await (await ctx.request('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/health');
    // The paths are relative to the server entry, so clients and "Try it out" reach /api/health.
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/api' })]);
    expect((await ctx.request(`${doc.servers[0].url}/health`)).status).toBe(200);
    const docs = await ctx.request('/api/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui-bundle.js');
    expect(await (await ctx.request('/api/docs/assets/init.js')).text()).toContain('/api/openapi.json');
    const asset = await ctx.request('/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.headers.get('content-type')).toContain('javascript');
    const missing = await ctx.request('/api/docs/assets/nothing.css');
    expect([missing.status, (await missing.json()).code]).toEqual([404, 'not_found']);
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
    // Besides the modules: the OpenAPI document, the dev routes' guard, the 404/405 check and fallback.
    for (const own of ['GET /api/openapi.json', 'ALL /api/dev/*', 'ALL /api/*']) app.delete(own);
    expect([...walked].sort()).toEqual([...app].sort());
  });
});

type Answer = { content?: Record<string, { schema?: { $ref?: string } }>; headers?: Record<string, unknown> };

/** The operations that send an M-Pesa prompt, which the prompt limits answer with 429. */
const PROMPTS = ['POST /v1/checkout', 'POST /v1/orders/{orderId}/pay'];
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, Answer>;
};

/**
 * What generated clients and the docs' Authorize button rely on, checked on the document the server
 * serves, so a new route cannot leave it out (`npm run lint:api` lints the same document).
 */
describe('the OpenAPI document', () => {
  let operations: { name: string; path: string; op: Operation }[];
  let envelopes: Set<string>;
  beforeAll(async () => {
    const doc = await (await ctx.request('/api/openapi.json')).json();
    // The error envelope, or an extension of it (every property and requirement of ErrorBody, and
    // more: a checkout's 409 carries the new figures).
    type Shape = { properties?: Record<string, unknown>; required?: string[] };
    const schemas = doc.components.schemas as Record<string, Shape>;
    const base = schemas.ErrorBody!;
    envelopes = new Set(
      Object.entries(schemas)
        .filter(
          ([, s]) =>
            Object.keys(base.properties!).every((k) => k in (s.properties ?? {})) &&
            (base.required ?? []).every((k) => s.required?.includes(k)),
        )
        .map(([id]) => `#/components/schemas/${id}`),
    );
    const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
    operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, item]) =>
        Object.entries(item)
          .filter(([method]) => methods.has(method))
          .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, op })),
    );
  });

  it("names every operation, the development tools' too, with its own camelCase operationId", () => {
    expect(operations.map((o) => o.name)).toContain('GET /dev/outbox');
    expect(
      operations.filter((o) => !/^[a-z][A-Za-z0-9]*$/.test(o.op.operationId ?? '')).map((o) => o.name),
    ).toEqual([]);
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('declares the security of every operation: none, or the bearer token', () => {
    expect(operations.filter((o) => !Array.isArray(o.op.security)).map((o) => o.name)).toEqual([]);
    const schemes = new Set(operations.flatMap((o) => o.op.security!.flatMap((s) => Object.keys(s))));
    expect([...schemes]).toEqual(['bearerAuth']);
  });

  it('documents the error answers a client can get, each with the error envelope (or one extending it)', () => {
    const missing: string[] = [];
    for (const { name, path, op } of operations) {
      const needs = (status: string, why: boolean) => {
        if (why && !op.responses[status]) missing.push(`${name}: ${status}`);
      };
      // zod validates every parameter and body, and a control character anywhere in a request is
      // refused (refuseControlChars): any operation can answer 400, unless it names the 4XX range.
      needs('400', !op.responses['4XX']);
      // A body over BODY_LIMIT is refused before it is read.
      needs('413', Boolean(op.requestBody) && !op.responses['4XX']);
      // A token is required unless an empty requirement offers the way without one.
      const security = op.security ?? [];
      needs('401', security.length > 0 && !security.some((s) => Object.keys(s).length === 0));
      // The auth routes' limits, and the M-Pesa prompt limits of checkout and pay-again.
      needs('429', path.startsWith('/v1/auth/') || PROMPTS.includes(name));
      if (op.responses['429'] && !op.responses['429'].headers?.['Retry-After'])
        missing.push(`${name}: 429 without Retry-After`);
      for (const [status, answer] of Object.entries(op.responses)) {
        const schema = answer.content?.['application/json']?.schema;
        if (status.startsWith('4') && !envelopes.has(schema?.$ref ?? ''))
          missing.push(`${name}: ${status} without ErrorBody`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says the rules every route applies: no control characters, a body limit', async () => {
    const doc = await (await ctx.request('/api/openapi.json')).json();
    expect(doc.info.description).toContain('control character');
    expect(doc.info.description).toContain('413');
    const res = await ctx.request('/api/v1/auth/me?page=%07', { method: 'GET' });
    expect([res.status, (await res.json()).code]).toEqual([400, 'validation_failed']);
  });

  it('lets null through where the server sends or takes null, and only there', async () => {
    const doc: OpenApiDocument = await (await ctx.request('/api/openapi.json')).json();
    const validate = documentValidator(doc);
    const schema = (id: string) => pointer('components', 'schemas', id);
    const property = (id: string, name: string) => pointer('components', 'schemas', id, 'properties', name);
    // A shopper clears their phone and country; a checkout by location has no delivery area; a
    // delivered order has no next status; get-user sends no challenge when it sent no code.
    expect(validate(schema('UpdateMeBody'), { phone: null, country: null })).toBeNull();
    expect(validate(property('OrderDelivery', 'areaId'), null)).toBeNull();
    expect(validate(property('AdminOrder', 'nextStatus'), null)).toBeNull();
    expect(validate(property('GetUserResult', 'id'), null)).toBeNull();
    // Still the component's own rules otherwise.
    expect(validate(schema('UpdateMeBody'), { phone: '+254712345678', country: 'KE' })).toBeNull();
    expect(validate(schema('UpdateMeBody'), { country: 'Kenya' })).not.toBeNull();
    expect(validate(property('AdminOrder', 'nextStatus'), 'lost')).not.toBeNull();
    // A challenge id is never null where one is asked for, as the server refuses null there.
    expect(validate(schema('VerifyOtpBody'), { id: null, otp: '123456' })).not.toBeNull();
    expect(validate(schema('ResendOtpBody'), { id: null })).not.toBeNull();
    const res = await ctx.request('/api/v1/auth/verify-otp', {
      method: 'POST',
      json: { id: null, otp: '123456' },
    });
    expect(res.status).toBe(400);
  });

  it('writes each pattern as a regex a client can compile, without flags', async () => {
    const doc: OpenApiDocument = await (await ctx.request('/api/openapi.json')).json();
    const validate = documentValidator(doc);
    const name = pointer('components', 'schemas', 'PersonName');
    expect(validate(name, 'Wanjiku Kamau')).toBeNull();
    expect(validate(name, 'Wanjiku\u0085')).not.toBeNull();
  });
});
