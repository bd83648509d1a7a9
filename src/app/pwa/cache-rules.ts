/*
 * What the service worker (sw/sw.ts) keeps for offline use, as plain rules the app and
 * its tests share. The worker only ever answers GETs of the shop's own origin; everything else, and
 * the whole back office, goes to the network untouched.
 */

/** The caches the worker fills at run time; the precache (the build's files) is Workbox's own. */
export const CACHES = {
  /** Storefront pages as the server rendered them, for a reload offline. */
  pages: 'sokoni-pages',
  /** Public catalogue answers: products, categories, search. */
  catalogue: 'sokoni-catalogue',
  /** Product images. */
  images: 'sokoni-images',
  /** The signed-in shopper's own answers (cart, orders, profile): emptied at sign-out. */
  mine: 'sokoni-mine',
} as const;

export type CacheName = (typeof CACHES)[keyof typeof CACHES];

/** How many answers each cache keeps, the least recently used going first. */
export const CACHE_LIMITS: Record<CacheName, number> = {
  [CACHES.pages]: 40,
  [CACHES.catalogue]: 120,
  [CACHES.images]: 200,
  [CACHES.mine]: 40,
};

/**
 * The plain app page (no server-rendered content): what a navigation offline gets when that page was
 * never visited, so the app starts and draws it from the cached data. The server answers it as it
 * answers any private address.
 */
export const APP_SHELL_PATH = '/app-shell';

const BACK_OFFICE = /^\/admin(\/|$)/;
const CATALOGUE = /^\/api\/(v1\/products|v2\/products|v1\/categories|v1\/search)(\/|$|\?)/;
const IMAGES = /^\/api\/v1\/assets\/image\//;
const MINE = /^\/api\/v1\/(cart|orders|saved-items|auth\/me)(\/|$)/;

/** The cache a request's answer goes to, or null for the network alone. */
export function cacheFor(
  request: { method: string; mode?: string; url: string },
  origin: string,
): CacheName | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (request.mode === 'navigate') return BACK_OFFICE.test(path) ? null : CACHES.pages;
  if (path.startsWith('/api/v1/admin')) return null;
  if (IMAGES.test(path)) return CACHES.images;
  if (CATALOGUE.test(path)) return CACHES.catalogue;
  if (MINE.test(path)) return CACHES.mine;
  return null;
}
