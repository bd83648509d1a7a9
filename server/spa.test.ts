import { serve, type ServerType } from '@hono/node-server';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness';

/**
 * A built storefront in a temporary STATIC_DIR: index.html, a hashed script with the .br and .gz
 * beside it as the build writes them, its source map and an unhashed file at the root.
 */
const script = `console.log("shop");\n${'// the rest of the shop\n'.repeat(200)}`;
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
  writeFileSync(path.join(staticDir, 'assets/app.js'), script);
  writeFileSync(path.join(staticDir, 'assets/app.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(staticDir, 'assets/app.js.gz'), gzipSync(script));
  writeFileSync(path.join(staticDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{"name":"Sokoni"}');
  writeFileSync(path.join(staticDir, 'assets/app.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  writeFileSync(path.join(staticDir, 'stray.js.map'), '{"version":3}');
  mkdirSync(path.join(staticDir, '.vite'));
  writeFileSync(path.join(staticDir, '.vite/manifest.json'), '{"index.html":{"file":"assets/app.js"}}');
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
    // In memory too (a web-standard Response copies its headers when it is built).
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
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

  it("never serves the build's manifest, which only the server renderer reads", async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/', '/.vite/manifest.json.gz']) {
      const res = await ctx.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('assets/app.js');
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

/** One GET over a real socket, as a browser sends it: the headers the node adapter really wrote. */
function fetchOverHttp(
  port: number,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('the caching of the storefront files, as the browser receives it', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: ctx.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const YEAR = 'public, max-age=31536000, immutable';

  it('keeps a hashed asset for a year, whichever compressed copy the browser accepts', async () => {
    const br = await fetchOverHttp(port, '/assets/app.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(YEAR);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await fetchOverHttp(port, '/assets/app.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(YEAR);
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await fetchOverHttp(port, '/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(YEAR);
    expect(plain.body.toString()).toBe(script);
  });

  it('keeps a part of an asset (a range request) for a year too', async () => {
    const part = await fetchOverHttp(port, '/assets/app.js', { Range: 'bytes=0-6' });
    expect(part.status).toBe(206);
    expect(part.body.toString()).toBe('console');
    expect(part.headers['cache-control']).toBe(YEAR);
  });

  it('keeps an unhashed file at the root for an hour only', async () => {
    const res = await fetchOverHttp(port, '/robots.txt', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('User-agent');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('has the browser ask again for the service worker and the app manifest on every visit', async () => {
    const worker = await fetchOverHttp(port, '/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await fetchOverHttp(port, '/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers the plain app page the service worker keeps, never rendered', async () => {
    const res = await fetchOverHttp(port, '/app-shell');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(res.body.toString()).toContain('<script type="module" src="/assets/app.js"');
  });

  it('lets no cache keep a missing asset, a source map or the page', async () => {
    for (const url of ['/assets/nope.js', '/assets/app.js.map']) {
      const res = await fetchOverHttp(port, url, { 'Accept-Encoding': 'br' });
      expect(res.status, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    for (const url of ['/', '/product/x']) {
      const res = await fetchOverHttp(port, url, { 'Accept-Encoding': 'br' });
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
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
