import { expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANDING_JS_BUDGET_KB, LANDING_JS_CEILING_KB, landingJs } from '../bench/lib/landing-js';

// What a shopper's phone downloads on a first visit, read off the production build the live projects
// serve (dist/) and its hidden source maps (.tmp/sourcemaps, scripts/vite-sourcemaps.ts).

const DIST = path.resolve('dist');
const MAPS = path.resolve('.tmp/sourcemaps');

/**
 * Code that must never load on a storefront first visit (docs/design.md#budgets): the back office's and
 * checkout's screens, error reporting, the rich-text editor, charts and animation libraries. The route tree
 * is in the entry by design (TanStack Router matches every path with it), so the admin routes' search parsers
 * and query factories are there too; their screens are not.
 */
const NEVER_ON_FIRST_VISIT =
  /node_modules\/(@sentry|@tiptap|prosemirror-|recharts|@chakra-ui\/charts|framer-motion|motion-dom)\/|src\/features\/(admin[\w-]*|checkout)\/(components|hooks|stores)\//;

/** Libraries that load with the first page that needs them, never with the entry: zod, the CSV parser. */
const NEVER_IN_THE_ENTRY = /node_modules\/(zod|papaparse)\//;

/** The source modules of a built chunk, from its source map. */
const sourcesOf = (file: string): string[] => {
  const map = path.join(MAPS, `${file.replace(/^\//, '')}.map`);
  return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
};

test.describe('first visit', () => {
  test('the landing page loads no more JavaScript than its ceiling', () => {
    const js = landingJs(DIST);
    test.info().annotations.push({
      type: 'landing JS',
      description: `${js.totalGzipKB} KB gzip in ${js.files.length} files (budget ${LANDING_JS_BUDGET_KB} KB, ceiling ${LANDING_JS_CEILING_KB} KB)`,
    });
    expect(js.totalGzipKB, js.files.map((f) => `${f.file} ${f.gzipBytes} B`).join('\n')).toBeLessThanOrEqual(
      LANDING_JS_CEILING_KB,
    );
    const early = js.files.flatMap(({ file }) => sourcesOf(file).filter((s) => NEVER_IN_THE_ENTRY.test(s)));
    expect(
      early,
      'the entry holds no zod and no CSV parser (a route file that parses with zod pulls it in)',
    ).toEqual([]);
  });

  test('storefront pages load no back office, checkout, Sentry, editor, chart or motion code', async ({
    page,
    request,
  }) => {
    const category = (
      (await (await request.get('/api/v1/categories')).json()) as {
        data: { rows: { categoryId: string }[] };
      }
    ).data.rows[0]!.categoryId;
    const product = (
      (await (await request.get(`/api/v2/products?limit=1&categoryId=${category}`)).json()) as {
        data: { productId: string }[];
      }
    ).data[0]!.productId;
    const b64 = (id: string) => Buffer.from(id).toString('base64url');
    const pages = [
      '/',
      `/view/category/${b64(category)}`,
      `/view/product/${b64(product)}`,
      '/search',
      '/search?q=tilapia',
      '/cart',
      '/more',
    ];

    for (const url of pages) {
      const scripts: string[] = [];
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname.slice(1));
      });
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      expect(scripts.length, `${url} loaded its scripts`).toBeGreaterThan(0);
      const offending = scripts.flatMap((file) =>
        sourcesOf(file)
          .filter((source) => NEVER_ON_FIRST_VISIT.test(source))
          .map((source) => `${file}: ${source}`),
      );
      expect(offending, `${url} loaded code meant for later`).toEqual([]);
      expect(existsSync(path.join(DIST, scripts[0]!)), 'the chunks come from dist/').toBe(true);
      page.removeAllListeners('response');
    }
  });
});
