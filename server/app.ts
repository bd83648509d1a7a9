import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RELEASE } from '../contract/constants';
import { AppError } from './lib/errors';
import { correlation, errorResponse, handleError, newRouter, type AppEnv, type Deps } from './lib/http';
import { catalogueModule } from './modules/catalogue/handlers';
import { devMailboxModule } from './dev/mailbox';
import { devDarajaModule } from './dev/daraja-routes';
import { authModule } from './modules/auth/handlers';
import { cartModule } from './modules/cart/handlers';
import { checkoutModule } from './modules/checkout/handlers';
import { deliveryModule } from './modules/delivery/handlers';
import { docsModule } from './modules/docs/handlers';
import { healthModule } from './modules/health/handlers';
import { ordersModule } from './modules/orders/handlers';
import { paymentsModule } from './modules/payments/handlers';
import { savedItemsModule } from './modules/saved-items/handlers';
import { searchModule } from './modules/search/handlers';
import { setupsModule } from './modules/setups/handlers';

/** Builds the whole HTTP application: the API under /api and the SPA everywhere else. */
export function createApp(deps: Deps) {
  const api = newRouter();
  api.route('/', healthModule(deps));
  api.route('/', searchModule(deps));
  api.route('/', authModule(deps));
  // Before setupsModule, whose /v1/setups/{name} would answer delivery-areas with a 404.
  api.route('/', deliveryModule(deps));
  api.route('/', setupsModule());
  if (deps.env.NODE_ENV !== 'production') api.route('/', devMailboxModule(deps));
  if (deps.env.NODE_ENV !== 'production') api.route('/', devDarajaModule(deps));
  api.route('/', catalogueModule(deps));
  api.route('/', cartModule(deps));
  api.route('/', checkoutModule(deps));
  api.route('/', ordersModule(deps));
  api.route('/', paymentsModule(deps));
  api.route('/', savedItemsModule(deps));

  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Sokoni API',
      version: RELEASE,
      description: 'Online food and grocery delivery for Kenya. Money is whole Kenyan shillings.',
    },
  });
  api.route('/', docsModule());

  const app = new Hono<AppEnv>();
  app.use('*', correlation(deps.logger));
  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'same-origin', contentSecurityPolicy: undefined }));
  app.use('/api/*', compress());
  const limitBody = bodyLimit({
    maxSize: deps.env.BODY_LIMIT,
    onError: () => {
      throw new AppError(413, 'payload_too_large', 'The request body is too large.');
    },
  });
  // GET and HEAD carry no body; bodyLimit would ask for one, which makes the node adapter build a
  // full Request (with an AbortController) for every read: a measurable share of a cached answer.
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));
  app.route('/api', api);
  app.all('/api/*', (c) => {
    const allowed = allowedMethods(api, c.req.path.slice('/api'.length));
    if (allowed.length) {
      c.header('Allow', allowed.join(', '));
      return errorResponse(c, 405, 'method_not_allowed', `${c.req.method} is not allowed here; use ${allowed.join(' or ')}.`);
    }
    return errorResponse(c, 404, 'not_found', `There is no API route ${c.req.method} ${c.req.path}.`);
  });
  mountSpa(app, deps.env.STATIC_DIR);
  app.onError(handleError);
  return app;
}

function allowedMethods(api: Hono<AppEnv>, path: string): string[] {
  const methods = new Set<string>();
  for (const r of api.routes) {
    if (r.method === 'ALL') continue;
    const pattern = new RegExp(
      '^' + r.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+').replace(/\*/g, '.*') + '$',
    );
    if (pattern.test(path)) methods.add(r.method);
  }
  return [...methods];
}

/** Serves the built SPA: hashed assets cached for a year, index.html for every client route. */
function mountSpa(app: Hono<AppEnv>, staticDir: string) {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use(
    '*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (p, c) => c.header('Cache-Control', p.endsWith('index.html') ? 'no-cache' : 'public, max-age=3600'),
    }),
  );
  let cached: string | undefined;
  app.get('*', async (c) => {
    if (!existsSync(indexFile)) {
      return c.text('The storefront is not built. Run `npm run build` (or `npm run dev` while developing).', 503);
    }
    cached ??= await readFile(indexFile, 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(cached);
  });
}
