import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { TrieRouter } from 'hono/router/trie-router';
import { secureHeaders } from 'hono/secure-headers';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { RELEASE } from '../contract/constants';
import { bearerScheme } from './lib/auth/middleware';
import { compressAnswers } from './lib/compress';
import { requestLanguage } from './lib/i18n';
import { connectSources, newNonce, pagePolicy } from './lib/csp';
import { openApiDocument } from './lib/openapi-document';
import { retryAfterHeader } from './lib/openapi';
import { createPageRenderer, type PageRenderer } from './lib/ssr';
import { catalogueCacheFor, catalogueModule } from './modules/catalogue';
import { AppError } from './lib/errors';
import { devDarajaModule } from './dev/daraja-routes';
import { thisMachineOnly } from './dev/loopback';
import { devMailboxModule } from './dev/mailbox';
import { devSmsModule } from './dev/sms-routes';
import {
  correlation,
  errorResponse,
  handleError,
  mount,
  newRouter,
  noSuchRoute,
  refuseControlChars,
  type AppEnv,
  type Deps,
  type Mount,
} from './lib/http';
import { createMetrics, metricsHandler, metricsWanted } from './lib/metrics';
import { MPESA_CALLBACK_PATH } from './lib/payments/config';
import { SMS_CALLBACK_PATH } from './lib/sms/config';
import { discountsModule } from './modules/discounts';
import { activityModule } from './modules/activity';
import { staffModule } from './modules/staff';
import { customersModule } from './modules/customers';
import { authModule } from './modules/auth';
import { cartModule } from './modules/cart';
import { checkoutModule } from './modules/checkout';
import { dashboardModule } from './modules/dashboard';
import { docsModule } from './modules/docs';
import { healthModule } from './modules/health';
import { ordersModule } from './modules/orders';
import { ordersAdminModule, ridersModule } from './modules/orders-admin';
import { deliveriesModule } from './modules/deliveries';
import { paymentsModule } from './modules/payments';
import { smsModule } from './modules/sms';
import { IMPORT_PATH, productsAdminModule } from './modules/products-admin';
import { savedItemsModule } from './modules/saved-items';
import { searchModule } from './modules/search';
import { setupsModule } from './modules/setups';
import { stockModule } from './modules/stock';
import { taxonomyModule } from './modules/taxonomy';
import { UPLOAD_PATH, uploadsModule } from './modules/uploads';

/**
 * Every API module under its own path prefix (under /api). No two of them can answer the same
 * request (app.test.ts walks their routes to keep it so), so the order here decides nothing but
 * the order of the OpenAPI document.
 */
export function apiModules(deps: Deps): Mount[] {
  return [
    ['/health', healthModule(deps)],
    ['/v1/search', searchModule(deps)],
    ['/v1/auth', authModule(deps)],
    ['/v1/setups', setupsModule(deps)],
    // The dev mailbox (/dev/outbox, /dev/mailbox), the Daraja simulator and its virtual phone
    // (/dev/daraja, /dev/phone), the SMS simulator and the dev SMS outbox (/dev/africastalking,
    // /dev/sms); never in production.
    ...(deps.env.NODE_ENV !== 'production'
      ? [...devMailboxModule(deps), ...devDarajaModule(deps), ...devSmsModule(deps)]
      : []),
    // /v2/products, /v1/products, /v1/categories and /v1/assets/image.
    ...catalogueModule(deps),
    // POST /v1/assets/image and PATCH /v1/assets/image/{imageId}, beside the catalogue's GET.
    ...uploadsModule(deps),
    ['/v1/cart', cartModule(deps)],
    ['/v1/checkout', checkoutModule(deps)],
    ['/v1/orders', ordersModule(deps)],
    [MPESA_CALLBACK_PATH, paymentsModule(deps)],
    [SMS_CALLBACK_PATH, smsModule(deps)],
    ['/v1/saved-items', savedItemsModule(deps)],
    // The back office: /v1/admin/products and the product writes under /v1/products, the category
    // writes (beside the public list), attributes and the activity log.
    ...productsAdminModule(deps),
    ...taxonomyModule(deps),
    ['/v1/admin/activity', activityModule(deps)],
    // A variant's stock adjustments and history.
    ['/v1/admin/variants', stockModule(deps)],
    ['/v1/admin/orders', ordersAdminModule(deps)],
    // Who takes an order out (fulfilment staff pick), and a rider's own round.
    ['/v1/admin/riders', ridersModule(deps)],
    ['/v1/admin/deliveries', deliveriesModule(deps)],
    ['/v1/discounts', discountsModule(deps)],
    ['/v1/admin/dashboard', dashboardModule(deps)],
    ['/v1/admin/staff', staffModule(deps)],
    ['/v1/admin/customers', customersModule(deps)],
    ['/docs', docsModule()],
  ];
}

/** What the OpenAPI document says of itself. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Sokoni API',
    version: RELEASE,
    description:
      'Online food and grocery delivery for Kenya. Money is whole Kenyan shillings.\n\n' +
      'Every route refuses a control character in any string of the request with a 400 ' +
      '`validation_failed` naming where it is, before any other check: in a path segment or a query ' +
      'parameter (name or value) any of U+0000–U+001F and U+007F; in a JSON body, keys included, ' +
      'the same except tab, line feed and carriage return. A body larger than the server allows ' +
      '(1 MiB unless configured) is a 413 `payload_too_large`. A method a path does not have is a 405 ' +
      'with `Allow`, and a path no route has a 404, whoever asks.\n\n' +
      'Some rules depend on the shop’s data or on several fields at once, so the schemas below cannot ' +
      'state them; each is a 400 `validation_failed` naming the field: an id that names nothing the shop has (a ' +
      'category, product, image, attribute, variant of the product); an icon that is not one of Material Design Icons; a location outside Kenya; a ' +
      'phone number that is not a Kenyan mobile number; a percentage discount above 99 (100 off the ' +
      'delivery fee); an end before its start; a discount that covers nothing; a discount on the whole ' +
      'order or the delivery that names products; the scope or a condition of a promo code on a ' +
      'discount without a code; a product with two or more variants, one without a name; a new variant without its stock; a stock adjustment that gives both or neither of a change and a count, or a count for another reason than a stock count; a bulk edit naming both products and a filter, or ' +
      'neither; a bulk price change of 0 or by a percentage outside −90 to +500; a category order that leaves a category out; a place ' +
      'given by half a location, by an area and a location, or by neither; and an id, a value or a line listed twice.',
    // The shop's own API, offered to no one else: no licence is granted. OpenAPI 3.1 names it with
    // an SPDX identifier (a custom `LicenseRef-`).
    license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Sokoni-Proprietary' },
  },
  // The paths are written relative to the router mounted at /api; a relative URL keeps the
  // document right on any host, and /api/docs "Try it out" calls the page's own origin.
  servers: [{ url: '/api', description: 'This server' }],
};

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** The 503 any operation that reads or writes the shop's data answers while the database is away. */
const databaseAway = {
  ...errorAnswer(
    'The database cannot be reached just now (`database_unavailable`); try again after `Retry-After` seconds',
  ),
  headers: retryAfterHeader,
};

/**
 * The answers this app's own middleware gives before a route's (the document's description says
 * why), in each operation that does not already name them or the whole 4XX range: 400 for a control
 * character (refuseControlChars) on any operation, 413 on any that takes a body; and the 503 of the
 * error handler while the database cannot be reached (lib/errors.ts), on every operation.
 */
function withAppAnswers<T extends { paths?: Record<string, object> }>(document: T): T {
  for (const item of Object.values(document.paths ?? {})) {
    for (const op of Object.values(item) as { requestBody?: unknown; responses: Record<string, unknown> }[]) {
      op.responses['503'] ??= databaseAway;
      if (op.responses['4XX']) continue;
      op.responses['400'] ??= errorAnswer('A control character in the URL or the body (`validation_failed`)');
      if (op.requestBody) op.responses['413'] ??= errorAnswer('The body is too large (`payload_too_large`)');
    }
  }
  return document;
}

/** Builds the whole HTTP application: the API under /api and the SPA everywhere else. */
export function createApp(given: Deps) {
  // One registry per app (server/index.ts passes the one its metrics port serves).
  const metrics = given.metrics ?? (metricsWanted(given.env) ? createMetrics(given.database) : undefined);
  const deps: Deps = { ...given, metrics };
  const api = mount(newRouter(), apiModules(deps));

  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', bearerScheme);
  // Written once, on the first request for it: the routes are all declared by then.
  let document: ReturnType<typeof openApiDocument> | undefined;
  api.get('/openapi.json', (c) =>
    c.json((document ??= withAppAnswers(openApiDocument(api.openAPIRegistry.definitions, DOCUMENT)))),
  );

  const app = new Hono<AppEnv>();
  if (metrics) app.use('*', metrics.requests);
  // Not public: behind METRICS_TOKEN here, or on METRICS_PORT (server/index.ts) on 127.0.0.1 only;
  // with neither, as with METRICS_PORT alone, there is no /metrics on this port.
  if (metrics && deps.env.METRICS_TOKEN) app.get('/metrics', metricsHandler(metrics, deps.env.METRICS_TOKEN));
  else app.all('/metrics', notServed);
  app.use('*', correlation(deps.logger));
  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'same-origin', contentSecurityPolicy: undefined }));
  app.use('/api/*', compressAnswers());
  // Before the body is read and before any module's sign-in check: a path no route has is a 404 and a
  // method its path lacks a 405 with `Allow`, for a guest and a signed-in caller alike.
  // The development routes give themselves away to no other machine, not even by a 405.
  app.use('/api/dev/*', thisMachineOnly);
  app.use('/api/*', knownRoutesOnly(api));
  const limitBody = bodyLimit({
    maxSize: deps.env.BODY_LIMIT,
    onError: () => {
      throw new AppError(413, 'payload_too_large', 'The request body is too large.');
    },
  });
  // GET and HEAD carry no body; bodyLimit would ask for one, which makes the node adapter build a
  // full Request (with an AbortController) for every read: a measurable share of a cached answer.
  // An image upload and a catalogue CSV have their own, larger limits (modules/uploads/routes.ts,
  // modules/products-admin/csv-routes.ts), checked after sign-in.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' ||
    c.req.method === 'HEAD' ||
    (c.req.method === 'POST' && (c.req.path === UPLOAD_PATH || c.req.path === IMPORT_PATH))
      ? next()
      : limitBody(c, next),
  );
  app.use('/api/*', refuseControlChars);
  app.route('/api', api);
  // A route that passed on without answering (a docs asset that is not there).
  app.all('/api/*', noSuchRoute);
  // Rendered pages are cached as long as the catalogue answers they show would be, and flushed with
  // them; with the catalogue cache off, pages are rendered per request.
  const catalogue = deps.env.CATALOGUE_CACHE === 'off' ? null : catalogueCacheFor(deps);
  metrics?.watchCatalogueCache(() => catalogue?.stats() ?? null);
  const renderer = createPageRenderer({
    staticDir: deps.env.STATIC_DIR,
    // The renderer's API calls go straight into this app, not over the network.
    fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))),
    logger: deps.logger,
    catalogue: {
      generation: () => catalogue?.stats().invalidations ?? 0,
      listening: () => catalogue?.listening ?? false,
    },
  });
  mountSpa(app, deps.env.STATIC_DIR, renderer);
  app.onError((err, c) => handleError(err, c, deps.errors));
  return app;
}

/**
 * Lets through only a request some route of `api` answers: a path no route has is a 404, a method
 * the path lacks a 405 naming the ones it has (HEAD wherever GET is, as Hono answers it).
 */
function knownRoutesOnly(api: Hono<AppEnv>): MiddlewareHandler<AppEnv> {
  // Hono's own router, so a path matches here exactly as it will in `api`. Middleware (`ALL`) is no
  // route: `use('/*', requireAdmin)` must not make every path under its prefix known.
  const paths = new TrieRouter<string>();
  for (const r of api.routes) if (r.method !== 'ALL') paths.add('ALL', r.path, r.method);
  return async (c, next) => {
    const matched = paths.match('ALL', c.req.path.slice('/api'.length))[0].map(([method]) => method);
    if (!matched.length) return noSuchRoute(c);
    const allowed = [...new Set([...matched, ...(matched.includes('GET') ? ['HEAD'] : [])])];
    if (allowed.includes(c.req.method)) return next();
    c.header('Allow', allowed.join(', '));
    return errorResponse(
      c,
      405,
      'method_not_allowed',
      `${c.req.method} is not allowed here; use ${allowed.join(' or ')}.`,
    );
  };
}

/** A plain 404 no cache keeps: the file may be there after the next deploy. */
const notServed = (c: Context) => {
  c.header('Cache-Control', 'no-store');
  return c.text('Not found', 404);
};

/** Serves the built SPA: hashed assets cached for a year, index.html for every client route. */
function mountSpa(app: Hono<AppEnv>, staticDir: string, renderer: PageRenderer) {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  // Source maps are for error reporting, not for the public: the build moves them out of the
  // static folder (scripts/vite-sourcemaps.ts), and one left there is still not served.
  app.use('*', async (c, next) => (/\.map$/i.test(c.req.path) ? notServed(c) : next()));
  // Nor is the build's manifest (.vite/manifest.json), which only the server renderer reads.
  app.all('/.vite/*', notServed);
  app.use('/assets/*', staticFiles(root, 'public, max-age=31536000, immutable'));
  // A hashed file that is not there (a chunk of an older build, a typo) is a 404, never index.html
  // with 200: a browser would run the page as a script and a cache would keep it for a year.
  app.all('/assets/*', notServed);
  // index.html is never served as a file: each answer gets its own CSP nonce (lib/csp.ts), and a
  // public storefront page comes with its content rendered on the server (lib/ssr.ts).
  const connect = connectSources();
  const page = async (c: Context<AppEnv>) => {
    if (!existsSync(indexFile)) {
      return c.text(
        'The storefront is not built. Run `npm run build` (or `npm run dev` while developing).',
        503,
      );
    }
    const url = new URL(c.req.url);
    const rendered = await renderer.page(url.pathname + url.search, requestLanguage(c));
    const nonce = newNonce();
    c.header('Content-Security-Policy', pagePolicy(nonce, connect));
    c.header('Cache-Control', 'no-cache');
    // The page is in the language of the visitor's cookie.
    c.header('Vary', 'Accept-Encoding, Cookie');
    const status = rendered.status as 200 | 404;
    // Compressed once per page, whatever the nonce (lib/deflate-parts.ts); every browser accepts deflate.
    if (/\bdeflate\b/i.test(c.req.header('Accept-Encoding') ?? '')) {
      c.header('Content-Type', 'text/html; charset=UTF-8');
      c.header('Content-Encoding', 'deflate');
      return c.body(rendered.deflated(nonce) as Uint8Array<ArrayBuffer>, status);
    }
    return c.html(rendered.html(nonce), status);
  };
  app.get('/', page);
  app.get('/index.html', page);
  // The service worker and the app's manifest are checked on every visit, so a new build's reach
  // the browser at once (docs/architecture.md, Offline).
  app.use('/sw.js', staticFiles(root, 'no-cache'));
  app.use('/manifest.webmanifest', staticFiles(root, 'no-cache'));
  app.use('*', staticFiles(root, 'public, max-age=3600'));
  app.get('*', page);
}

/**
 * The files under `root` (the .br or .gz beside a file when the browser accepts it), each answer with
 * `cacheControl`. serveStatic's own onFound hook runs after it has built the answer, when a header
 * no longer reaches it, so the header goes onto the answer it returns.
 */
function staticFiles(root: string, cacheControl: string): MiddlewareHandler<AppEnv> {
  const files = serveStatic({ root, precompressed: true });
  return async (c, next) => {
    let passedOn = false;
    const found = await files(c, async () => {
      passedOn = true;
      await next();
    });
    if (passedOn || !found) return;
    found.headers.set('Cache-Control', cacheControl);
    return found;
  };
}
