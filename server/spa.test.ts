import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness';

/** A built storefront in a temporary STATIC_DIR: index.html, a hashed script and its source map. */
let staticDir: string;
let ctx: TestContext;
beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'sokoni-spa-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><meta property="csp-nonce" nonce="SOKONI_CSP_NONCE"><title>Sokoni</title>' +
      '<script type="module" src="/assets/app.js" nonce="SOKONI_CSP_NONCE"></script>',
  );
  writeFileSync(path.join(staticDir, 'assets/app.js'), 'console.log("shop");');
  writeFileSync(path.join(staticDir, 'assets/app.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  writeFileSync(path.join(staticDir, 'stray.js.map'), '{"version":3}');
  ctx = await createTestContext({ STATIC_DIR: staticDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('the storefront files', () => {
  it('serves a hashed asset', async () => {
    const res = await ctx.request('/assets/app.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('shop');
  });

  it('never serves a source map, even one left in the static folder', async () => {
    for (const url of ['/assets/app.js.map', '/stray.js.map', '/assets/APP.JS.MAP']) {
      const res = await ctx.request(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('cache-control'), url).toBe('no-store');
      expect(await res.text(), url).not.toContain('sources');
    }
  });

  it('answers a missing asset with a plain 404 no cache keeps, not with index.html', async () => {
    for (const url of ['/assets/nope.js', '/assets/', '/assets/deeper/chunk-abc.css']) {
      const res = await ctx.request(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toContain('text/plain');
      expect(res.headers.get('cache-control'), url).toBe('no-store');
      expect(await res.text(), url).not.toContain('<title>');
    }
  });

  it('answers a client route with index.html', async () => {
    const res = await ctx.request('/product/x');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<title>Sokoni</title>');
  });
});

describe('the Content-Security-Policy of the pages', () => {
  const nonceOf = (policy: string) => /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];

  it.each(['/', '/index.html', '/view/product/P1', '/admin/a1/orders', '/search?q=sugar'])(
    '%s carries a strict policy and the same fresh nonce in its tags',
    async (url) => {
      const res = await ctx.request(url);
      expect(res.status).toBe(200);
      const policy = res.headers.get('content-security-policy') ?? '';
      const nonce = nonceOf(policy);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
      for (const directive of [
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "default-src 'self'",
      ]) {
        expect(policy).toContain(directive);
      }
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
      const html = await res.text();
      expect(html).not.toContain('SOKONI_CSP_NONCE');
      expect(html.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
    },
  );

  it('uses a new nonce for every answer', async () => {
    const policies = await Promise.all(
      [1, 2, 3].map(async () => (await ctx.request('/')).headers.get('content-security-policy')!),
    );
    expect(new Set(policies.map(nonceOf)).size).toBe(3);
  });

  it('sends no policy on the API, and a strict script policy on the API docs page', async () => {
    expect((await ctx.request('/api/health')).headers.get('content-security-policy')).toBeNull();
    const docs = await ctx.request('/api/docs');
    expect(docs.headers.get('content-security-policy')).toMatch(
      /script-src 'self'; style-src 'self' 'unsafe-inline'/,
    );
  });
});
