import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig, type Manifest, type Plugin, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { brandScales } from './src/app/theme/palettes';
import { chakraEdits } from './scripts/vite-chakra';
import { inlineMdiIcons } from './scripts/vite-inline-mdi';
import { precompress } from './scripts/vite-precompress';
import { storefrontFiles } from './scripts/vite-storefront-files';
import { hideSourceMaps } from './scripts/vite-sourcemaps';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * `vite --mode mock` (and `vite preview --mode mock` of a mock build, which the mocked e2e project
 * serves) hands out MSW's service worker from mocks/public (made by
 * `npx msw init mocks/public --save=false`). It is not in public/, so a production build never
 * ships it, while public/ (favicon…) is served in every mode.
 */
function mockServiceWorker(): Plugin {
  const serveWorker = (server: {
    middlewares: { use: (path: string, handler: (req: unknown, res: ServerResponse) => void) => unknown };
  }) => {
    server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
      res.setHeader('Content-Type', 'text/javascript');
      res.setHeader('Service-Worker-Allowed', '/');
      res.end(readFileSync(here('./mocks/public/mockServiceWorker.js')));
    });
  };
  return {
    name: 'sokoni:mock-service-worker',
    apply: (_config, env) => env.command === 'serve' && env.mode === 'mock',
    configureServer: serveWorker,
    configurePreviewServer: serveWorker,
  };
}

/**
 * Sonner adds its stylesheet as an inline <style> when it loads, which a strict style-src refuses;
 * the toast host imports `sonner/dist/styles.css` instead, so the call goes.
 */
function sonnerWithoutInlineStyle(): Plugin {
  return {
    name: 'sokoni:sonner-without-inline-style',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const out = code.replace(
        /^function __insertCSS\(code\) \{/m,
        'function __insertCSS(code) {\n  return;',
      );
      if (out === code) this.error('sonner changed: its __insertCSS was not found');
      return { code: out, map: null };
    },
  };
}

/**
 * The entry imports React DOM's client with `import()` (src/main.tsx), so its evaluation is a task of
 * its own instead of a third of the entry's. Every page needs it, so index.html lists its chunks as
 * modulepreloads, as it lists the entry's own imports: fetched with the entry, not after the entry
 * runs (Vite's helper then finds them present and adds nothing). Server-rendered pages add them after
 * the first frame with the rest (server/lib/ssr.ts).
 */
function preloadDynamicImport(module: string): Plugin {
  let base = '/';
  return {
    name: 'sokoni:preload-dynamic-import',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle } = ctx;
        if (!bundle) return html;
        const imported = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.moduleIds.includes(module),
        );
        if (!imported) throw new Error(`preload-dynamic-import: no chunk has ${module}`);
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || chunk?.type !== 'chunk') return;
          files.add(file);
          chunk.imports.forEach(visit);
        };
        visit(imported.fileName);
        return [...files]
          .filter((file) => !html.includes(`"${base}${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * The installable storefront (docs/architecture.md, Offline): the web app manifest and the service
 * worker (sw/sw.ts, built with the list of this build's files to keep). Not in mock mode, where MSW's
 * worker answers /api and a second worker must never register. The app registers it itself after
 * the page is interactive (src/app/pwa/register.ts), so nothing is injected into the page but the
 * manifest's link. The back office's own chunks stay out of the list: it is never kept offline.
 */
function installableStorefront(): Plugin[] {
  let outDir = 'dist';
  const plugins = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifest: {
      id: '/',
      name: 'Sokoni',
      short_name: 'Sokoni',
      description: 'Fresh food and groceries delivered across Nairobi. Pay with M-Pesa.',
      lang: 'en-KE',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: brandScales.primary[500],
      background_color: 'white',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The worker is small and plain; the app's own maps are kept for error reporting, not this one.
      sourcemap: false,
      globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', 'favicon.svg', 'icons/icon-192.png'],
      // Measured before the list is cut to the storefront's files (below): the back office's icon set
      // (2.8 MB) is among them until then.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      // Only what the storefront can load (scripts/vite-storefront-files.ts).
      manifestTransforms: [
        (entries) => {
          const manifest = JSON.parse(readFileSync(`${outDir}/.vite/manifest.json`, 'utf8')) as Manifest;
          const kept = storefrontFiles(manifest);
          return {
            manifest: entries.filter((e) => !e.url.startsWith('assets/') || kept.has(e.url)),
            warnings: [],
          };
        },
      ],
    },
  }) as Plugin[];
  const withoutMocks = (plugin: Plugin): Plugin => {
    const own = plugin.apply;
    return {
      ...plugin,
      apply: (config, env) =>
        env.mode !== 'mock' &&
        (own === undefined || (typeof own === 'function' ? own(config, env) : own === env.command)),
    };
  };
  const whereBuilt: Plugin = {
    name: 'sokoni:storefront-out-dir',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
  };
  return [whereBuilt, ...plugins.map(withoutMocks)];
}

/** The path aliases of the SPA, the mocks and the server alike (vitest's server projects use these). */
export const aliases = [
  { find: '@', replacement: here('./src') },
  { find: '@contract', replacement: here('./contract') },
  { find: '@mocks', replacement: here('./mocks') },
];

/** Where the server renderer of a build into `outDir` goes: beside it, never in the folder the server serves. */
export const ssrOutDir = (outDir: string) => `${outDir.replace(/[\\/]+$/, '')}-ssr`;

/**
 * `vite build` also builds the server renderer (src/entry-server.tsx) for the API server to import
 * (server/lib/ssr.ts): every script that builds the storefront (npm run build, npm start, the live
 * e2e server, the web bench with its own --outDir) then gets the matching pair. The mock build has
 * no server and skips it.
 */
function serverRenderer(): Plugin {
  return {
    name: 'sokoni:server-renderer',
    config(config, env) {
      if (env.command !== 'build' || env.mode === 'mock' || config.build?.ssr) return;
      return {
        builder: {},
        environments: {
          ssr: {
            // Self-contained, with React's production build whatever NODE_ENV the API server runs
            // with: the development build renders several times slower, and the page cache renders
            // in the server's event loop.
            resolve: { noExternal: true },
            define: { 'process.env.NODE_ENV': JSON.stringify('production') },
            build: {
              ssr: here('./src/entry-server.tsx'),
              outDir: ssrOutDir(config.build?.outDir ?? 'dist'),
              emptyOutDir: true,
              sourcemap: false,
              copyPublicDir: false,
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [
    serverRenderer(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    inlineMdiIcons(),
    react(),
    mockServiceWorker(),
    sonnerWithoutInlineStyle(),
    ...chakraEdits(),
    preloadDynamicImport(here('./node_modules/react-dom/client.js')),
    precompress(),
    hideSourceMaps(),
    ...installableStorefront(),
  ] satisfies PluginOption[],
  // A placeholder nonce on every tag the build writes into index.html (and a
  // <meta property="csp-nonce">); the server puts a fresh nonce in each response (server/lib/csp.ts).
  html: { cspNonce: 'SOKONI_CSP_NONCE' },
  resolve: {
    alias: [
      ...aliases,
      // In the SPA, Zod comes with its CSP-safe setting (src/app/zod.ts); the server's stays as is.
      { find: /^zod$/, replacement: here('./src/app/zod.ts') },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json: the server preloads a rendered page's route chunks from it (server/lib/ssr.ts).
    manifest: true,
    // Written for error reporting, never served: no sourceMappingURL comment, and the maps move out
    // of the output to .tmp/sourcemaps (scripts/vite-sourcemaps.ts).
    sourcemap: 'hidden',
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Everything the entry imports statically goes into the entry's one chunk. Left to the
            // automatic splitting, the modules it shares with route chunks made ~18 chunks of the
            // first load (some of 100 bytes): a rendered page then listed 37 modulepreloads, each
            // 1–3 ms of main thread at 4× CPU, and one gzip stream compresses better than 18
            // (landing JS 180.7 → 175.3 KB). Lazy routes still split among themselves as before.
            // Only the browser's build: the server renderer is one bundle of its own.
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
          },
        },
      },
    },
  },
});
