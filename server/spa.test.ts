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
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Sokoni</title>');
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
