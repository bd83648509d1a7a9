import { sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { inflateSync } from 'node:zlib';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type Logger } from './lib/logger';
import { createPageRenderer, MANIFEST_FILE, readManifest, routeChunks, type PageRenderer } from './lib/ssr';
import { catalogueCacheFor, invalidateCatalogue } from './modules/catalogue/cache';
import { createTestContext, type TestContext } from './test/harness';

// Issue 12: public pages come with their content in the first response, rendered on the server
// from the built renderer (src/entry-server.tsx) and kept in a per-URL cache (lib/ssr.ts).

/**
 * The build's manifest as far as the server cares: the entry's chunks, and a route chunk that shares
 * one of them (src/routes/index.tsx's component, as TanStack Router's code splitting names it).
 */
const MANIFEST = {
  'index.html': { file: 'assets/app.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_grid.js': { file: 'assets/grid.js', imports: ['_react.js'] },
  'src/routes/index.tsx?tsr-split=component': {
    file: 'assets/landing.js',
    imports: ['_grid.js', '_react.js'],
  },
  'src/routes/view/category/$category.tsx?tsr-split=component': {
    file: 'assets/category.js',
    imports: ['_grid.js'],
  },
  'src/locales/en/index.ts': { file: 'assets/en.js' },
  'src/locales/sw/index.ts': { file: 'assets/sw.js' },
};

/** The built index.html as far as the server cares: a title, a head, an empty #root, nonce placeholders. */
const TEMPLATE =
  '<!doctype html><html><head><meta property="csp-nonce" nonce="SOKONI_CSP_NONCE"><title>Sokoni | Home</title>' +
  '<script type="module" src="/assets/app.js" nonce="SOKONI_CSP_NONCE"></script></head>' +
  '<body><div id="root"></div></body></html>';

const b64url = (id: string) => Buffer.from(id).toString('base64url');

interface Listed {
  productId: string;
  name: string;
  categories?: string[];
}

let workDir: string;
let staticDir: string;
let ctx: TestContext;
let renderer: PageRenderer;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'sokoni-ssr-'));
  staticDir = path.join(workDir, 'dist');
  mkdirSync(staticDir);
  writeFileSync(path.join(staticDir, 'index.html'), TEMPLATE);
  mkdirSync(path.join(staticDir, path.dirname(MANIFEST_FILE)));
  writeFileSync(path.join(staticDir, MANIFEST_FILE), JSON.stringify(MANIFEST));
  // The renderer as `vite build` makes it, into <STATIC_DIR>-ssr.
  await build({
    logLevel: 'silent',
    build: { ssr: 'src/entry-server.tsx', outDir: `${staticDir}-ssr`, emptyOutDir: true, sourcemap: false },
  });
  ctx = await createTestContext({ STATIC_DIR: staticDir });
  // The same cache the app's catalogue routes (and its own renderer) use.
  const catalogue = catalogueCacheFor({ database: ctx.database, logger: createLogger('silent') });
  await catalogue.started;
  renderer = createPageRenderer({
    staticDir,
    fetch: (input, init) => Promise.resolve(ctx.app.fetch(new Request(input, init))),
    logger: createLogger('silent'),
    catalogue: { generation: () => catalogue.stats().invalidations, listening: () => catalogue.listening },
  });
}, 180_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(workDir, { recursive: true, force: true });
});

const nonceOf = (res: Response) =>
  /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</div>'));
const price = /KSH [\d,]+\.\d{2}/;

async function landingProducts(): Promise<Listed[]> {
  const res = await ctx.request('/api/v2/products?limit=12&offset=0&sort=newest');
  return ((await res.json()) as { data: Listed[] }).data;
}

describe('a public page', () => {
  it('the landing page comes with its products, names and prices, and the title', async () => {
    const res = await ctx.request('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const product of await landingProducts()) expect(root(html)).toContain(asHtml(product.name));
    expect(root(html)).toMatch(price);
    expect(html).toContain('<title>Sokoni | Home</title>');
    // The first card's picture is the LCP element: preloaded from the head, with its srcset.
    expect(html).toMatch(
      /<head>.*<link rel="preload" as="image" imageSrcSet="[^"]+160w[^"]+" imageSizes="[^"]+" fetchPriority="high"\/>/is,
    );
    expect(root(html)).toMatch(/<img [^>]*fetchPriority="high"/);
    // Drawn before any script is fetched or run: the entry, its modules and the route's chunks
    // (not those the entry has already) start after the first frame, the entry first.
    expect(html).not.toMatch(/<script [^>]*src=|<link rel="modulepreload"/);
    // The English catalogue's chunk comes with the entry (a page downloads only its language's).
    expect(html).toContain(
      'const hrefs=["/assets/app.js","/assets/en.js","/assets/landing.js","/assets/grid.js"];',
    );
    expect(html).not.toContain('sw.js');
    expect(html).toMatch(/^<!doctype html><html lang="en-KE">/);
    expect(html).toContain('import(hrefs[0])');
    expect(html).toContain('requestAnimationFrame(');
    // A press before the app takes the page over is held for it, from before the first paint.
    const hold = html.search(/<script nonce="[^"]+">\(function holdEarlyPresses\(win\)/);
    expect(hold).toBeGreaterThan(0);
    expect(hold).toBeLessThan(html.indexOf('<body'));
  });

  it('the landing page in Kiswahili, for a visitor who chose it: its texts and its title', async () => {
    const res = await ctx.request('/', { headers: { cookie: 'sokoni.lang=sw' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Sokoni | Mwanzo</title>');
    const page = root(html);
    // The header, the hero, the promotions (worded by the carousel's own t), the sections and a card.
    for (const text of [
      'Kikapu, bidhaa 0',
      'Vyakula vibichi na bidhaa za nyumbani,',
      'tafuta bidhaa zetu',
      'Punguzo la 20% kwa matunda na mboga mbichi',
      'Nunua kwa kategoria',
      'Bidhaa zetu',
      'Inaonyesha bidhaa 12 kati ya',
      'Agiza mtandaoni, lipa na M-Pesa.',
    ]) {
      expect(page).toContain(text);
    }
    for (const english of [
      'Our products',
      'Shop by category',
      'Fresh food and groceries',
      'catalogue:promo',
    ]) {
      expect(page).not.toContain(english);
    }
    for (const product of await landingProducts()) expect(page).toContain(asHtml(product.name));
  });

  it('a category page and a product page come with their products', async () => {
    const categories = (await (await ctx.request('/api/v1/categories')).json()) as {
      data: { rows: { categoryId: string; name: string }[] };
    };
    const category = categories.data.rows[0]!;
    const listed = (await (
      await ctx.request(`/api/v2/products?limit=24&offset=0&sort=newest&categoryId=${category.categoryId}`)
    ).json()) as { data: Listed[] };
    const categoryPage = await ctx.request(`/view/category/${b64url(category.categoryId)}`);
    expect(categoryPage.status).toBe(200);
    const categoryPageHtml = await categoryPage.text();
    expect(categoryPageHtml).toContain(
      'const hrefs=["/assets/app.js","/assets/en.js","/assets/category.js","/assets/grid.js"];',
    );
    const categoryHtml = root(categoryPageHtml);
    expect(categoryHtml).toContain(asHtml(category.name));
    expect(categoryHtml).toContain(asHtml(listed.data[0]!.name));

    const product = listed.data[0]!;
    const productPage = await ctx.request(`/view/product/${b64url(product.productId)}`);
    expect(productPage.status).toBe(200);
    const productHtml = root(await productPage.text());
    expect(productHtml).toMatch(new RegExp(`<h1[^>]*>${escapeRe(asHtml(product.name))}</h1>`));
    expect(productHtml).toMatch(price);
  });

  it('carries the answer’s nonce on every inline script and style, and no style attribute', async () => {
    for (const url of ['/', '/more', '/search', '/cart']) {
      const res = await ctx.request(url);
      const nonce = nonceOf(res);
      const html = await res.text();
      expect(nonce, url).toBeTruthy();
      expect(html, url).not.toContain('SOKONI_CSP_NONCE');
      const tags = html.match(/<(script|style)\b[^>]*>/g) ?? [];
      expect(tags.length, url).toBeGreaterThan(2);
      for (const tag of tags) expect(tag, url).toContain(`nonce="${nonce}"`);
      expect(html, url).not.toMatch(/ style="/);
    }
    // Two answers of the same cached page: two nonces.
    expect(nonceOf(await ctx.request('/'))).not.toBe(nonceOf(await ctx.request('/')));
  });

  it('comes compressed to a browser with every style it needs, the theme’s global ones adoptable by name', async () => {
    const res = await ctx.request('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('deflate');
    const body = Buffer.from(await res.arrayBuffer());
    const html = inflateSync(body).toString('utf8');
    expect(body.length).toBeLessThan(html.length / 4);
    expect(html).toContain(`nonce="${nonceOf(res)}"`);
    // No stylesheet to wait for: the tokens and reset come in the page, marked for the browser's
    // Chakra (which then makes none), and the page's own rules with their ids.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(/<style data-ssr-global nonce="[^"]+">[^<]*--chakra-colors-/);
    expect(html).toMatch(/<style data-ssr-ids="[\w -]+" nonce="[^"]+">[^<]+<\/style><\/head>/);
  });

  it('a search address comes with its results, the query in the box', async () => {
    const found = (await (await ctx.request('/api/v1/search/orama?q=tilapia')).json()) as {
      data: { name: string }[];
    };
    expect(found.data.length).toBeGreaterThan(0);
    const res = await ctx.request('/search?q=tilapia');
    expect(res.status).toBe(200);
    const html = root(await res.text());
    expect(html).toMatch(/<input[^>]*value="tilapia"/);
    // The names come with the query's letters marked, so read the text.
    expect(html.replace(/<[^>]+>/g, '')).toContain(asHtml(found.data[0]!.name));
    expect(html).toMatch(/results? for “tilapia”/);
  });

  it('answers 404 for a product or a category that does not exist', async () => {
    const missing = b64url('00000000-0000-4000-8000-000000000000');
    expect((await ctx.request(`/view/product/${missing}`)).status).toBe(404);
    expect((await ctx.request(`/view/category/${missing}`)).status).toBe(404);
  });

  it('private pages get the plain SPA page', async () => {
    for (const url of [
      '/account',
      '/account/orders',
      '/checkout',
      '/saved-items',
      '/admin/x/dashboard',
      '/auth',
    ]) {
      const res = await ctx.request(url);
      expect(res.status, url).toBe(200);
      const html = await res.text();
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain('sokoni-ssr-state');
      // Nothing to show before the app runs: its entry starts as soon as the page is parsed.
      expect(html, url).toContain('<script type="module" src="/assets/app.js"');
    }
  });
});

describe("a rendered page's route chunks", () => {
  const manifest = {
    'index.html': { file: 'assets/app.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    '_form.js': { file: 'assets/form.js', imports: ['_shared.js', '_field.js'] },
    '_field.js': { file: 'assets/field.js' },
    'src/routes/index.tsx?tsr-split=component': { file: 'assets/landing.js' },
    'src/routes/cart.tsx?tsr-split=component': { file: 'assets/cart.js', imports: ['_form.js'] },
    'src/routes/_customer/account/orders/index.tsx?tsr-split=component': { file: 'assets/orders.js' },
    'src/routes/admin/$adminId/route.tsx?tsr-split=component': {
      file: 'assets/admin.js',
      imports: ['_form.js'],
    },
  };

  it("are each matched route's split component and what it imports, less what the entry has", () => {
    expect(routeChunks(manifest, ['__root__', '/'])).toEqual(['/assets/landing.js']);
    expect(routeChunks(manifest, ['__root__', '/cart'])).toEqual([
      '/assets/cart.js',
      '/assets/form.js',
      '/assets/field.js',
    ]);
    expect(routeChunks(manifest, ['__root__', '/_customer', '/_customer/account/orders/'])).toEqual([
      '/assets/orders.js',
    ]);
    // A layout's component is route.tsx; a chunk two routes share is listed once.
    expect(routeChunks(manifest, ['__root__', '/admin/$adminId', '/cart'])).toEqual([
      '/assets/admin.js',
      '/assets/form.js',
      '/assets/field.js',
      '/assets/cart.js',
    ]);
  });

  it('come from no manifest when it is missing or unreadable, so the page still renders', async () => {
    const file = path.join(workDir, 'manifest-probe.json');
    await expect(readManifest(file)).resolves.toEqual({});
    writeFileSync(file, '{"index.html": {"file": "assets/app.js"');
    await expect(readManifest(file)).resolves.toEqual({});
    writeFileSync(file, 'null');
    await expect(readManifest(file)).resolves.toEqual({});
    writeFileSync(file, JSON.stringify(manifest));
    await expect(readManifest(file)).resolves.toEqual(manifest);
  });

  it('are none for routes the manifest does not know, or without a manifest', () => {
    expect(routeChunks(manifest, ['__root__', '/no-such-route'])).toEqual([]);
    expect(routeChunks({}, ['__root__', '/cart'])).toEqual([]);
  });
});

describe('a page in Kiswahili', () => {
  it('is rendered in the language of the visitor’s cookie, with <html lang> and only its catalogue', async () => {
    const res = await ctx.request('/more', { headers: { Cookie: 'sokoni.lang=sw' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html><html lang="sw-KE">/);
    expect(root(html)).toContain('Ruka hadi maudhui');
    expect(root(html)).not.toContain('Skip to content');
    expect(html).toContain('"/assets/sw.js"');
    expect(html).not.toContain('en.js');
    // The English page at the same address is kept apart from it.
    const english = await (await ctx.request('/more')).text();
    expect(english).toMatch(/^<!doctype html><html lang="en-KE">/);
    expect(root(english)).toContain('Skip to content');
    // An unknown language is English; a private page comes in the chosen language's shell.
    const unknown = await (await ctx.request('/more', { headers: { Cookie: 'sokoni.lang=xx' } })).text();
    expect(unknown).toMatch(/<html lang="en-KE">/);
    const shell = await (await ctx.request('/checkout', { headers: { Cookie: 'sokoni.lang=sw' } })).text();
    expect(shell).toMatch(/<html lang="sw-KE">/);
    expect(shell).toContain('<link rel="modulepreload" crossorigin href="/assets/sw.js">');
  });
});

describe('the page cache', () => {
  it('renders a page once and answers the next request from the cache', async () => {
    renderer.flush();
    const before = renderer.stats();
    const first = await renderer.page('/more');
    const second = await renderer.page('/more');
    const after = renderer.stats();
    expect(after.renders - before.renders).toBe(1);
    expect(after.hits - before.hits).toBe(1);
    expect(second.html('n')).toBe(first.html('n'));
    expect(first.rendered).toBe(true);
  });

  it('shows a product edit on the next request: the catalogue flush drops the page', async () => {
    const [newest] = await landingProducts();
    renderer.flush();
    expect((await renderer.page('/')).html('n')).toContain(asHtml(newest!.name));
    const renders = renderer.stats().renders;
    await ctx.database.db.execute(
      sql`update products set name = ${`${newest!.name} Special`} where id = ${newest!.productId}`,
    );
    try {
      // As the admin writes do; other instances follow the database notification.
      invalidateCatalogue(ctx.database);
      const html = (await renderer.page('/')).html('n');
      expect(renderer.stats().renders).toBe(renders + 1);
      expect(html).toContain(asHtml(`${newest!.name} Special`));
    } finally {
      await ctx.database.db.execute(
        sql`update products set name = ${newest!.name} where id = ${newest!.productId}`,
      );
      invalidateCatalogue(ctx.database);
    }
  });
});

describe('a renderer that fails', () => {
  it('answers the plain SPA page, never a 500, and logs it once', async () => {
    const dir = path.join(workDir, 'broken');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
    mkdirSync(`${dir}-ssr`);
    writeFileSync(
      path.join(`${dir}-ssr`, 'entry-server.js'),
      'export async function renderPage() { throw new Error("the tree threw"); }',
    );
    const errors: string[] = [];
    const logger: Logger = {
      debug: () => {},
      info: () => {},
      warn: () => {},
      error: (_msg, fields) => errors.push(String(fields?.error)),
      child: () => logger,
    };
    const broken = createPageRenderer({
      staticDir: dir,
      fetch: (input, init) => Promise.resolve(ctx.app.fetch(new Request(input, init))),
      logger,
      catalogue: { generation: () => 0, listening: () => true },
    });
    for (const url of ['/', '/more', '/']) {
      const page = await broken.page(url);
      expect(page.status).toBe(200);
      expect(page.rendered).toBe(false);
      expect(page.html('abc')).toContain('<div id="root"></div>');
      expect(page.html('abc')).toContain('nonce="abc"');
    }
    expect(errors).toEqual(['the tree threw']);
  });
});

function asHtml(text: string) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

function escapeRe(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
