import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/v1/setups/{name}', () => {
  it('lists the countries with flag, common name, code and dialling code: Kenya first, then by name', async () => {
    const res = await ctx.request('/api/v1/setups/countries');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.length).toBeGreaterThan(240);
    expect(data[0]).toEqual({ cca2: 'KE', name: { common: 'Kenya' }, flag: '🇰🇪', idd: '+254' });
    const rest = data.slice(1).map((c: { name: { common: string } }) => c.name.common);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(rest).not.toContain('Kenya');
    const us = data.find((c: { cca2: string }) => c.cca2 === 'US');
    expect(us).toMatchObject({ name: { common: 'United States' }, idd: '+1' });
    expect(data.find((c: { cca2: string }) => c.cca2 === 'TZ').idd).toBe('+255');
    expect(res.headers.get('cache-control')).toContain('max-age');
  });

  it('answers an unknown list with a 404 envelope', async () => {
    const res = await ctx.request('/api/v1/setups/planets');
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('not_found');
  });

  it('is in the OpenAPI document', async () => {
    const doc = await (await ctx.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/setups/{name}',
        '/v1/auth/get-user',
        '/v1/auth/update-profile/{encodedId}',
      ]),
    );
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
