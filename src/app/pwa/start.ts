import { getSession } from '@/features/session';
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { CACHES } from './cache-rules';
import type { Navigations } from './install-offer';

const OWNER_KEY = 'sokoni.offline-owner';
const GUEST = 'guest';
/** How long after the page's load the worker is registered. */
const REGISTER_AFTER_LOAD_MS = 5_000;

/**
 * The worker keeps the signed-in shopper's own answers (cart, orders) for offline use. Once someone
 * else uses the browser (signed out, or another account), they are dropped before anything can show
 * them: checked at start (signing out reloads the page) and on every page arrived at. A guest has
 * none, so a guest signing in keeps what their first pages just stored.
 */
function forgetOtherShoppersAnswers() {
  const owner = getSession().user?.userId ?? GUEST;
  let previous: string | null = null;
  try {
    previous = localStorage.getItem(OWNER_KEY);
    if (previous === owner) return;
    localStorage.setItem(OWNER_KEY, owner);
  } catch {
    // without storage the check cannot remember: drop them each time
  }
  if (previous !== GUEST && typeof caches !== 'undefined') void caches.delete(CACHES.mine);
}

/**
 * Registers the service worker once the page is loaded and the browser is idle: the first visit
 * downloads and runs nothing more before it is interactive (its code is a chunk of its own). Only
 * in a production build of the real shop: in mock mode MSW's worker owns the page, and the dev
 * server has no worker.
 */
export function startOfflineSupport(router: AnyRouter, queryClient: QueryClient): void {
  if (!import.meta.env.PROD || import.meta.env.MODE === 'mock' || !('serviceWorker' in navigator)) return;
  forgetOtherShoppersAnswers();
  router.subscribe('onResolved', forgetOtherShoppersAnswers);
  const navigations: Navigations = (onArrive) => {
    onArrive(router.state.location.pathname);
    router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
      if (pathChanged) onArrive(toLocation.pathname);
    });
  };
  const register = () =>
    void import('./register').then(({ registerServiceWorker }) =>
      registerServiceWorker(navigations, () => void queryClient.invalidateQueries()),
    );
  // Its first install fetches the storefront's files (about 400 KB): on a slow phone and network that
  // waits until the first page has finished loading and settled, not to take from it.
  const later = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
      else register();
    }, REGISTER_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
