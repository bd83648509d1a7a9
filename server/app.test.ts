import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

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
