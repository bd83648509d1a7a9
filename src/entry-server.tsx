import createCache from '@emotion/cache';
// The pattern guarding server/ catches this package's name: it is the renderer's own (Node-only) style extraction.
// eslint-disable-next-line no-restricted-imports
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { PRODUCT_NAME } from '@contract/constants';
import { DEFAULT_LANGUAGE, type Language } from '@contract/languages';
import type { i18n as I18n } from 'i18next';
import { NOT_FOUND_TITLE, DEFAULT_TITLE } from './app/layout/app-shell';
import { AppProviders } from './app/providers';
import { createAppSystem } from './app/theme/system';
import { createQueryClient } from './app/query-client';
import { createAppRouter, type AppRouter } from './app/router';
import { categoryQueries, findCategory, parseCategoryParam } from './features/catalogue';
import { isApiError, setApiTransport } from './lib/api-client';
import { createI18n, loadCatalogue, translateTitle } from './lib/i18n';
import {
  holdEarlyPresses,
  SSR_STATE_ID,
  SSR_STYLE_ATTR,
  SSR_GLOBAL_ATTR,
  SSR_STYLE_IDS_ATTR,
  type ServerRenderedState,
} from './app/ssr-state';

/** The inline script that holds presses made before the app takes the page over (ssr-state.ts). */
const HOLD_EARLY_PRESSES = `(${holdEarlyPresses.toString()})(window)`;

/*
 * The server renderer of the public pages (docs/architecture.md, Server rendering). Vite builds this
 * file in SSR mode next to the SPA; the API server imports the bundle and calls `renderPage` for a
 * guest's GET of a storefront address. The page is the same React tree as the browser's (router,
 * query client, providers), its data loaded by the same route loaders through `app.fetch` in-process,
 * its Chakra styles extracted from the rendered HTML, and its query cache written into the page for
 * the browser to take over (src/main.tsx hydrates instead of rendering anew).
 */

/** The storefront pages rendered on the server; every other route (account, checkout, admin, auth) is client-only. */
const PUBLIC_ROUTES = new Set([
  '/',
  '/view/category/$category',
  '/view/product/$productId',
  '/search',
  '/cart',
  '/more',
]);

/** How long the route loaders and the queries they start may take before the page falls back to the shell. */
const DATA_TIMEOUT_MS = 5_000;

export interface RenderOptions {
  /** What goes into every nonce attribute; the server swaps it for a fresh nonce per response. */
  nonce: string;
  /** How the API is reached: the API server's own `app.fetch`, so nothing goes over the network. */
  fetch: typeof fetch;
  /** The language the page is in (the visitor's cookie); English when absent. */
  language?: Language;
}

export type RenderResult =
  /** A server-rendered page: the parts the server puts into the built index.html. */
  | {
      kind: 'page';
      status: number;
      title: string;
      head: string;
      html: string;
      /** The matched routes' ids, root first: the server preloads their chunks (server/lib/ssr.ts). */
      routes: string[];
    }
  /** Not rendered here: the plain SPA page answers, with this status; `cacheable` false for a passing failure. */
  | { kind: 'shell'; status: number; cacheable: boolean };

/** Where the data of the render comes from; set once, the same for every page of this process. */
let transportSet: typeof fetch | undefined;

/** Resolves once no query of `queryClient` is fetching (the landing loader starts its queries without waiting). */
function settled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve();
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      stop();
      resolve();
    });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server render: data not ready after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The page title as the app shell sets it (deepest route's static title; not found wins). */
function pageTitle(router: AppRouter, i18n: I18n): string {
  let title: string | undefined;
  let notFound = false;
  for (const match of router.state.matches) {
    if (match.staticData.title !== undefined) title = match.staticData.title;
    if (match.status === 'notFound' || match._notFound) notFound = true;
  }
  return `${PRODUCT_NAME} | ${translateTitle(i18n.t, notFound ? NOT_FOUND_TITLE : (title ?? DEFAULT_TITLE))}`;
}

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * React writes the resource hints of what it rendered (the preload of a high-priority picture with
 * its srcset and sizes: the LCP element, the first product card's or a product's main picture) at the
 * start of its output; they belong in the head, not in #root where the browser's render has none.
 */
export function hoistResourceHints(rendered: string): { hints: string; html: string } {
  const hints = /^(?:<link\b[^>]*>)*/.exec(rendered)?.[0] ?? '';
  return { hints, html: rendered.slice(hints.length) };
}

const unescapeHtml = (text: string) =>
  text.replace(/&(quot|#x27|#39|lt|gt|amp);/g, (_, e: string) =>
    e === 'quot' ? '"' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'amp' ? '&' : "'",
  );

/**
 * Moves the markup's `style="…"` attributes (which the page's policy refuses) into numbered marks,
 * one `!important` rule per mark (so it weighs as an inline style would) and the list the browser
 * restores them from (src/app/ssr-state.ts `restoreInlineStyles`).
 */
export function liftInlineStyles(html: string): { html: string; styles: string[]; css: string } {
  const styles: string[] = [];
  const out = html.replace(/ style="([^"]*)"/g, (_, raw: string) => {
    const css = unescapeHtml(raw);
    let index = styles.indexOf(css);
    if (index === -1) index = styles.push(css) - 1;
    return ` ${SSR_STYLE_ATTR}="${index}"`;
  });
  const css = styles
    .map((style, i) => {
      const declarations = style
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => `${d.replace(/!important$/i, '').trim()} !important`)
        .join(';');
      return `[${SSR_STYLE_ATTR}="${i}"]{${declarations}}`;
    })
    .join('')
    .replace(/</g, '\\3c ');
  return { html: out, styles, css };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Renders `url` (path and query) for a guest, or says why the SPA shell must answer instead. */
export async function renderPage(
  url: string,
  { nonce, fetch, language = DEFAULT_LANGUAGE }: RenderOptions,
): Promise<RenderResult> {
  if (transportSet !== fetch) {
    setApiTransport(fetch);
    transportSet = fetch;
  }
  const i18n = createI18n(language, await loadCatalogue(language));
  const queryClient = createQueryClient();
  const router = createAppRouter({
    queryClient,
    nonce,
    history: createMemoryHistory({ initialEntries: [url] }),
  });

  await withTimeout(
    (async () => {
      await router.load();
      await settled(queryClient);
    })(),
    DATA_TIMEOUT_MS,
  );

  const matches = router.state.matches;
  const leaf = matches[matches.length - 1];
  const notFound = matches.some((m) => m.status === 'notFound' || m._notFound);
  if (!notFound && (!leaf || !PUBLIC_ROUTES.has(leaf.routeId)))
    return { kind: 'shell', status: 200, cacheable: true };
  if (matches.some((m) => m.status !== 'success' && m.status !== 'notFound')) {
    return { kind: 'shell', status: 200, cacheable: false };
  }

  // A page whose data failed shows its error on the client as it always has (a query error does not
  // cross into the page's state); a missing record still answers 404.
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .map((q) => q.state.error)
    .filter((e) => e !== null);
  if (failed.length) {
    const missing = failed.some((e) => isApiError(e) && e.status === 404);
    return { kind: 'shell', status: missing ? 404 : 200, cacheable: missing };
  }

  let status = notFound ? 404 : 200;
  if (leaf?.routeId === '/view/category/$category') {
    const idOrSlug = parseCategoryParam((leaf.params as { category?: string }).category ?? '');
    const categories = queryClient.getQueryData(categoryQueries.list().queryKey);
    if (!idOrSlug || !findCategory(categories?.rows, idOrSlug)) status = 404;
  }

  // `compat` keeps Emotion from writing <style> elements beside the markup (the browser would not
  // render them, a hydration mismatch); the styles the page uses are extracted into the head instead.
  const emotionCache = createCache({ key: 'css', nonce });
  emotionCache.compat = true;
  const rendered = renderToString(
    <StrictMode>
      <AppProviders
        queryClient={queryClient}
        emotionCache={emotionCache}
        chakraSystem={createAppSystem()}
        i18n={i18n}
      >
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // A boundary that failed on the server is left to the browser (`<!--$!-->`): not a page to serve.
  if (rendered.includes('<!--$!-->'))
    throw new Error(`server render of ${url}: a part failed and was left to the browser`);
  const emotion = createEmotionServer(emotionCache);
  const chunks = emotion.extractCriticalToChunks(rendered).styles;
  const globals = chunks.filter((chunk) => chunk.key === `${emotionCache.key}-global`);
  const own = chunks.filter((chunk) => chunk.key === emotionCache.key);
  const { hints, html: body } = hoistResourceHints(rendered);
  const { html, styles, css } = liftInlineStyles(body);

  const state: ServerRenderedState = { href: url, queries: dehydrate(queryClient), styles };
  const nonceAttr = ` nonce="${escapeHtml(nonce)}"`;
  // Every rule the page uses arrives with the HTML (one round trip before the first paint), written
  // so that the browser takes it over without moving a <style> (a moved one is parsed again and the
  // whole page's style recalculated, ~150 ms at 4× CPU each) or inserting it again:
  // - the theme's global styles (tokens, reset), marked: the browser's Chakra then has no global
  //   styles to make or insert (withServerGlobals);
  // - the page's own rules with their ids, which the cache marks as inserted (adoptServerStyles).
  const head =
    hints +
    (globals.length
      ? `<style ${SSR_GLOBAL_ATTR}${nonceAttr}>${globals.map((chunk) => chunk.css).join('')}</style>`
      : '') +
    (css ? `<style${nonceAttr}>${css}</style>` : '') +
    `<script id="${SSR_STATE_ID}" type="application/json"${nonceAttr}>${scriptJson(state)}</script>` +
    // Presses on the page's buttons before the app takes it over are held until it has.
    `<script${nonceAttr}>${HOLD_EARLY_PRESSES}</script>` +
    own
      .map(
        (chunk) => `<style ${SSR_STYLE_IDS_ATTR}="${chunk.ids.join(' ')}"${nonceAttr}>${chunk.css}</style>`,
      )
      .join('');
  return {
    kind: 'page',
    status,
    title: pageTitle(router, i18n),
    head,
    html,
    routes: matches.map((match) => match.routeId),
  };
}
