import { getSession } from '@/features/session';
import type { AnyRouter } from '@tanstack/react-router';
import { CACHES } from './cache-rules';
import type { Navigations } from './install-offer';

const OWNER_KEY = 'sokoni.offline-owner';

/**
 * The worker keeps the signed-in shopper's own answers (cart, orders) for offline use. Once someone
 * else uses the browser (signed out, or another account), they are dropped before anything can show
 * them: checked at start (signing out reloads the page) and on every page arrived at.
 */
function forgetOtherShoppersAnswers() {
  const owner = getSession().user?.userId ?? 'guest';
  try {
    if (localStorage.getItem(OWNER_KEY) === owner) return;
    localStorage.setItem(OWNER_KEY, owner);
  } catch {
    // without storage the check cannot remember: drop them each time
  }
  if (typeof caches !== 'undefined') void caches.delete(CACHES.mine);
}

/**
 * Registers the service worker once the page is loaded and the browser is idle: the first visit
 * downloads and runs nothing more before it is interactive (its code is a chunk of its own). Only
 * in a production build of the real shop: in mock mode MSW's worker owns the page, and the dev
 * server has no worker.
 */
export function startOfflineSupport(router: AnyRouter): void {
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
    void import('./register').then(({ registerServiceWorker }) => registerServiceWorker(navigations));
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: 5_000 })
      : setTimeout(register, 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
