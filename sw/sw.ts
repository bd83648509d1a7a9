/// <reference lib="webworker" />
/*
 * The storefront's service worker (docs/architecture.md, Offline). Built by vite-plugin-pwa
 * (injectManifest) into dist/sw.js with the list of the build's files, which it keeps (the precache):
 * the app's code, styles and fonts, so the shop starts with no connection. At run time it keeps the
 * storefront pages, the catalogue's answers, product images and the shopper's own answers, each in a
 * cache of its own (src/app/pwa/cache-rules.ts), and answers from them only when the network fails.
 * It never answers for the back office. A new build's worker waits until the shopper accepts the
 * "new version" prompt (src/app/pwa/register.ts), so an open page keeps its own build's files.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import { APP_SHELL_PATH, CACHE_LIMITS, CACHES, cacheFor, type CacheName } from '../src/app/pwa/cache-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The server never serves index.html as a file (each page gets its own CSP nonce, and public pages
// are rendered): the plain app page is kept instead, from its own address, as this build made it.
const files = self.__WB_MANIFEST;
const index = files.find((e): e is PrecacheEntry => typeof e !== 'string' && e.url === 'index.html');
precacheAndRoute([
  ...files.filter((e) => e !== index),
  ...(index ? [{ url: APP_SHELL_PATH, revision: index.revision ?? null }] : []),
]);
cleanupOutdatedCaches();

// The first worker takes the open page at once, so what the shopper browses now is there offline.
// A later one waits: see the message below.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const plugins = (cache: CacheName) => [
  // Only whole, successful answers: never a 404, a 500 or an opaque answer.
  new CacheableResponsePlugin({ statuses: [200] }),
  new ExpirationPlugin({ maxEntries: CACHE_LIMITS[cache], purgeOnQuotaError: true }),
];

const strategies: Record<CacheName, Strategy> = {
  // A page from the network while it answers within a few seconds; a dropped or hanging connection
  // gets the page as last seen.
  [CACHES.pages]: new NetworkFirst({
    cacheName: CACHES.pages,
    networkTimeoutSeconds: 5,
    plugins: plugins(CACHES.pages),
    matchOptions: { ignoreVary: true },
  }),
  // Data only from the cache when the network fails: online, a slow answer is still today's.
  [CACHES.catalogue]: new NetworkFirst({ cacheName: CACHES.catalogue, plugins: plugins(CACHES.catalogue) }),
  [CACHES.mine]: new NetworkFirst({ cacheName: CACHES.mine, plugins: plugins(CACHES.mine) }),
  // An image at once from the cache, refreshed behind it.
  [CACHES.images]: new StaleWhileRevalidate({ cacheName: CACHES.images, plugins: plugins(CACHES.images) }),
};

registerRoute(
  ({ request }) => cacheFor(request, self.location.origin) !== null,
  async (options) => {
    const cache = cacheFor(options.request, self.location.origin)!;
    try {
      return await strategies[cache].handle(options);
    } catch (error) {
      // A page never seen offline: the plain app page, which draws it from the cached data.
      if (cache === CACHES.pages) {
        const shell = await matchPrecache(APP_SHELL_PATH);
        if (shell) return shell;
      }
      throw error;
    }
  },
);
