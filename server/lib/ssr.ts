import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deflateParts } from './deflate-parts';
import type { Logger } from './logger';
import { NONCE_PLACEHOLDER } from './csp';
import { DEFAULT_LANGUAGE, LANGUAGES, LOCALES, type Language } from '../../contract/languages';

/*
 * Server rendering of the public storefront pages (docs/architecture.md, Server rendering). The build
 * writes the renderer (src/entry-server.tsx) beside the SPA, into `<STATIC_DIR>-ssr/`; this module
 * loads it, renders a page per address as a guest, puts the result into the built index.html and
 * keeps it in a small per-URL cache. Rules:
 *
 * - Only public storefront addresses are rendered; anything under a private prefix (account,
 *   checkout, admin, auth…) gets the plain SPA page, and so does any page whose render throws (logged
 *   once per message, never a 500) or whose data failed for a passing reason.
 * - Pages are stored with the build's nonce placeholder and answered with a fresh nonce each.
 * - The cache follows the catalogue answer cache: an entry is kept only if no catalogue flush
 *   (notification, resync, `invalidateCatalogue`) happened while it was rendered, a flush drops them
 *   all, and nothing is stored while the catalogue is not listening. A new build (index.html changes)
 *   drops them too and loads the new renderer.
 * - A page is re-rendered in the background once `freshMs` old (the reader gets the stored one), and
 *   never served older than `maxAgeMs` (the catalogue cache's own limit).
 */

/** What the renderer bundle answers (src/entry-server.tsx `RenderResult`). */
type RenderResult =
  | { kind: 'page'; status: number; title: string; head: string; html: string; routes?: string[] }
  | { kind: 'shell'; status: number; cacheable: boolean };

/** Vite's build manifest (`dist/.vite/manifest.json`): each source module's chunk and the chunks it imports. */
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** Where the build writes its manifest, under the static folder; never served (server/app.ts). */
export const MANIFEST_FILE = path.join('.vite', 'manifest.json');

/**
 * The build's manifest, or none (`{}`) when it is missing or unreadable: pages then render without
 * their route chunks in the start list, which the router loads when it asks.
 */
export async function readManifest(file: string): Promise<Manifest> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Manifest) : {};
  } catch {
    return {};
  }
}

/**
 * The chunks a page's routes need beyond the entry's (index.html preloads those): each matched
 * route's split component and the chunks it imports, as `/assets/…` addresses. Route ids name their
 * files (src/routes): `/cart` → cart.tsx, `/` and `/orders/` → index.tsx, a layout → route.tsx.
 */
export function routeChunks(manifest: Manifest, routeIds: readonly string[]): string[] {
  const chunks = new Set<string>();
  const loaded = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file) || loaded.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, into);
  };
  visit('index.html', loaded);
  for (const id of routeIds) {
    const file = id.endsWith('/') ? `${id}index` : id;
    for (const candidate of [`${file}.tsx`, `${file}/route.tsx`]) {
      visit(`src/routes${candidate}?tsr-split=component`, chunks);
    }
  }
  return [...chunks].map((file) => `/${file}`);
}

/** The chunk of a language's catalogue (src/locales/<language>) and what it imports, as `/assets/…` addresses. */
function languageChunks(manifest: Manifest, language: Language): string[] {
  const chunks: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunks.includes(`/${chunk.file}`)) return;
    chunks.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) if (!manifest[imported]?.isEntry) visit(imported);
  };
  visit(`src/locales/${language}/index.ts`);
  return chunks;
}

/**
 * The built index.html in `language`: `<html lang>` says it (the browser starts in the language the
 * page is in, src/lib/i18n.ts), and its catalogue's chunk is fetched with the entry.
 */
function templateIn(template: string, language: Language, chunks: readonly string[]): string {
  const preloads = chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  return template
    .replace(/<html(?: lang="[^"]*")?/, () => `<html lang="${LOCALES[language]}"`)
    .replace('</head>', () => `${preloads}</head>`);
}

interface RendererModule {
  renderPage(
    url: string,
    options: { nonce: string; fetch: typeof fetch; language: Language },
  ): Promise<RenderResult>;
}

/** A page ready to send once its nonce is in: the HTML cut at every nonce placeholder. */
export interface RenderedPage {
  status: number;
  /** Whether the server rendered the content (false: the plain SPA page). */
  rendered: boolean;
  /** The page with `nonce` in every nonce attribute. */
  html(nonce: string): string;
  /** The same, as a zlib stream (`Content-Encoding: deflate`) made from parts compressed once. */
  deflated(nonce: string): Buffer;
}

export interface PageRendererStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  renders: number;
  failures: number;
  flushes: number;
}

export interface PageRendererOptions {
  staticDir: string;
  /** How the renderer reaches the API: the app's own `fetch`. */
  fetch: typeof fetch;
  logger: Logger;
  /** A number that changes whenever the catalogue cache is flushed, and whether it hears notifications now. */
  catalogue: { generation(): number; listening(): boolean };
  maxEntries?: number;
  maxBytes?: number;
  freshMs?: number;
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * Addresses whose pages depend on who is signed in, or are the back office, and the plain app page
 * the service worker keeps for offline use (src/app/pwa/cache-rules.ts): never rendered here.
 */
const PRIVATE = /^\/(account|checkout|profile|saved-items|admin|auth|app-shell)(\/|$)/;

/** Whether `pathname` may be rendered on the server (the renderer checks the matched route too). */
const isPublicPath = (pathname: string) => !PRIVATE.test(pathname);

interface Entry {
  page: RenderedPage;
  bytes: number;
  builtAt: number;
  generation: number;
}

const splitPage = (html: string, status: number, rendered: boolean): RenderedPage => {
  const parts = html.split(NONCE_PLACEHOLDER);
  let deflater: ((nonce: string) => Buffer) | undefined;
  return {
    status,
    rendered,
    html: (nonce) => parts.join(nonce),
    deflated: (nonce) => (deflater ??= deflateParts(parts))(nonce),
  };
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where a rendered page's route chunks go into the start script's list (fillTemplate). */
const ROUTE_CHUNKS = '/*route-chunks*/';

/** How many module preloads the start script adds per task. */
const PRELOADS_PER_TASK = 6;

/**
 * A rendered page is drawn by its HTML, so its scripts come second: nothing of them is fetched or run
 * before the first frame (on a slow link they would share it with the HTML and the page's pictures,
 * and a browser that has them at hand would run them all before it paints anything). Then the entry,
 * every module it imports and the chunks of the page's route (fillTemplate) are fetched at once
 * (modulepreload), and the app starts. A tab opened in the background has no frames: it starts at
 * once. Starting a fetch is not free on a slow phone (1–3 ms each with 4× CPU throttling under
 * Lighthouse), so the links go in six per task, and the entry is imported after the first six; the
 * route's chunks are then in the page before the router asks for them, and Vite's loader adds none.
 */
function entryAfterFirstPaint(template: string): string {
  const preloads: string[] = [];
  let entry: string | undefined;
  let nonce = '';
  const page = template
    .replace(/<link rel="modulepreload"[^>]* href="([^"]+)"[^>]*>\s*/g, (_, href: string) => {
      preloads.push(href);
      return '';
    })
    .replace(/<script type="module"[^>]* src="([^"]+)"[^>]*><\/script>/, (tag, src: string) => {
      entry = src;
      nonce = / nonce="[^"]*"/.exec(tag)?.[0] ?? '';
      return '<!--entry-->';
    });
  if (!entry) return template;
  const hrefs = JSON.stringify([entry, ...preloads]).slice(0, -1) + `${ROUTE_CHUNKS}]`;
  const start =
    `const hrefs=${hrefs};let at=0;const add=()=>{const links=document.createDocumentFragment();` +
    `for(const href of hrefs.slice(at,at+=${PRELOADS_PER_TASK}))` +
    `links.append(Object.assign(document.createElement('link'),{rel:'modulepreload',href,crossOrigin:''}));` +
    `document.head.append(links);if(at===${PRELOADS_PER_TASK})setTimeout(()=>import(hrefs[0]));` +
    `if(at<hrefs.length)setTimeout(add)};add()`;
  return page.replace(
    '<!--entry-->',
    () =>
      `<script type="module"${nonce}>const start=()=>{${start}};` +
      `document.visibilityState==='hidden'?start():requestAnimationFrame(()=>setTimeout(start))</script>`,
  );
}

/**
 * A rendered page's template (the built index.html through entryAfterFirstPaint) with the page in it:
 * its title, its styles and state in the head, its markup in #root, its route's chunks (`routeChunks`)
 * in the start script's list.
 */
function fillTemplate(
  template: string,
  result: Extract<RenderResult, { kind: 'page' }>,
  chunks: readonly string[] = [],
): string {
  return template
    .replace(ROUTE_CHUNKS, () => chunks.map((href) => `,${JSON.stringify(href)}`).join(''))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(result.title)}</title>`)
    .replace('</head>', () => `${result.head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${result.html}</div>`);
}

/** Loads the built renderer and serves rendered pages from a bounded cache. */
export function createPageRenderer(options: PageRendererOptions) {
  const { staticDir, logger, catalogue } = options;
  const maxEntries = options.maxEntries ?? 200;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  // A render blocks the event loop for tens of milliseconds (renderToString is synchronous), so a hot
  // page is re-rendered at most every 15 s; what it shows changes through the catalogue flush, and
  // the browser refetches data older than the query stale time after taking the page over.
  const freshMs = options.freshMs ?? 15_000;
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const now = options.now ?? Date.now;
  const log = logger.child({ module: 'ssr' });
  const indexFile = path.join(path.resolve(staticDir), 'index.html');
  const bundleFile = path.join(`${path.resolve(staticDir)}-ssr`, 'entry-server.js');
  const manifestFile = path.join(path.resolve(staticDir), MANIFEST_FILE);

  let build: {
    stamp: string;
    /** Per language: the built index.html in it, and the template of rendered pages (their scripts start after the first frame). */
    templates: Record<Language, { template: string; renderedTemplate: string }>;
    /** The build's manifest (empty without one): which chunks a page's routes need. */
    manifest: Manifest;
    /** The plain SPA page of this build in each language, for private addresses. */
    shells: Record<Language, RenderedPage>;
    renderer: Promise<RendererModule | null>;
  } | null = null;
  let checkedAt = -Infinity;
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry>>();
  let bytes = 0;
  let seenGeneration = catalogue.generation();
  const logged = new Set<string>();
  const counters = { hits: 0, misses: 0, renders: 0, failures: 0, flushes: 0 };

  const flush = () => {
    entries.clear();
    bytes = 0;
    counters.flushes++;
  };

  const logOnce = (message: string, fields: Record<string, unknown>) => {
    if (logged.has(message)) return;
    logged.add(message);
    log.error('server rendering failed; the SPA page answers instead', { ...fields, error: message });
  };

  /** The current build: re-read when index.html or the renderer changed on disk (checked at most once a second). */
  const currentBuild = async () => {
    const t = now();
    if (build && t - checkedAt < 1_000) return build;
    checkedAt = t;
    const stamp = [indexFile, bundleFile]
      .map((f) => (existsSync(f) ? String(statSync(f).mtimeMs) : '-'))
      .join('|');
    if (build?.stamp === stamp) return build;
    const template = await readFile(indexFile, 'utf8');
    const manifest = await readManifest(manifestFile);
    const renderer = existsSync(bundleFile)
      ? (import(
          `${pathToFileURL(bundleFile).href}?build=${encodeURIComponent(stamp)}`
        ) as Promise<RendererModule>)
      : Promise.resolve(null);
    renderer.catch((err: Error) => logOnce(err.message, { stage: 'load' }));
    if (build) flush();
    const templates = Object.fromEntries(
      LANGUAGES.map((language) => {
        const localised = templateIn(template, language, languageChunks(manifest, language));
        return [language, { template: localised, renderedTemplate: entryAfterFirstPaint(localised) }];
      }),
    ) as Record<Language, { template: string; renderedTemplate: string }>;
    build = {
      stamp,
      templates,
      manifest,
      shells: Object.fromEntries(
        LANGUAGES.map((language) => [language, splitPage(templates[language].template, 200, false)]),
      ) as Record<Language, RenderedPage>,
      renderer: renderer.catch(() => null),
    };
    return build;
  };

  const store = (key: string, entry: Entry) => {
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      bytes -= old.bytes;
    }
    if (entry.bytes > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [k, e] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      entries.delete(k);
      bytes -= e.bytes;
    }
  };

  const render = async (url: string, language: Language, key: string): Promise<Entry> => {
    const generation = catalogue.generation();
    const listening = catalogue.listening();
    const started = now();
    const { templates, manifest, renderer } = await currentBuild();
    const { template, renderedTemplate } = templates[language];
    const shell = (status: number, cacheable: boolean): Entry & { cacheable: boolean } => ({
      page: splitPage(template, status, false),
      bytes: template.length,
      builtAt: started,
      generation,
      cacheable,
    });
    let entry: Entry & { cacheable: boolean };
    const module = await renderer;
    if (!module) {
      entry = shell(200, true);
    } else {
      counters.renders++;
      try {
        const result = await module.renderPage(url, {
          nonce: NONCE_PLACEHOLDER,
          fetch: options.fetch,
          language,
        });
        if (result.kind === 'shell') {
          entry = shell(result.status, result.cacheable);
        } else {
          const html = fillTemplate(renderedTemplate, result, routeChunks(manifest, result.routes ?? []));
          entry = {
            page: splitPage(html, result.status, true),
            bytes: html.length,
            builtAt: started,
            generation,
            cacheable: true,
          };
        }
      } catch (err) {
        counters.failures++;
        logOnce(err instanceof Error ? err.message : String(err), { url });
        entry = shell(200, true);
      }
    }
    if (entry.cacheable && listening && catalogue.listening() && generation === catalogue.generation()) {
      store(key, entry);
    }
    return entry;
  };

  const shared = (url: string, language: Language, key: string) => {
    let running = inflight.get(key);
    if (!running) {
      running = render(url, language, key).finally(() => inflight.delete(key));
      inflight.set(key, running);
    }
    return running;
  };

  return {
    /** The page for a GET of `url` (path and query) in `language`, rendered or the plain SPA page. */
    async page(url: string, language: Language = DEFAULT_LANGUAGE): Promise<RenderedPage> {
      const pathname = url.split('?')[0] ?? url;
      if (!isPublicPath(pathname)) return (await currentBuild()).shells[language];
      // Pages are kept per language: the same address reads differently in each.
      const key = `${language} ${url}`;
      await currentBuild();
      const generation = catalogue.generation();
      if (generation !== seenGeneration) {
        seenGeneration = generation;
        flush();
      }
      const t = now();
      const entry = entries.get(key);
      if (entry && entry.generation === generation && t - entry.builtAt < maxAgeMs && entry.builtAt <= t) {
        counters.hits++;
        entries.delete(key);
        entries.set(key, entry);
        if (t - entry.builtAt >= freshMs && !inflight.has(key)) {
          shared(url, language, key).catch((err: Error) => logOnce(err.message, { url }));
        }
        return entry.page;
      }
      counters.misses++;
      return (await shared(url, language, key)).page;
    },
    /** Drops every stored page (a new build, a test). */
    flush,
    stats: (): PageRendererStats => ({ entries: entries.size, bytes, ...counters }),
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
