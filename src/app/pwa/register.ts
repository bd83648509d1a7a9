import { translate } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { page } from '@/lib/page';
import { Workbox } from 'workbox-window';
import { watchForInstall, type Navigations } from './install-offer';

/*
 * The service worker's side in the page (docs/architecture.md, Offline), loaded after the page is
 * interactive (src/main.tsx), so the first visit is no heavier. A new build's worker waits: the
 * shopper is told "A new version is ready" with Reload, which lets it take over and reloads once it
 * has; until then the open page keeps its own build's files, from the worker's precache when the
 * server no longer has them.
 */

/** How often an open page asks whether a new build was deployed, besides each return to the tab. */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * `onFirstControl` runs when the first worker takes the page: what the page read before went past
 * it, and is read again through it so that it is there offline.
 */
export function registerServiceWorker(navigations: Navigations, onFirstControl: () => void): void {
  const worker = new Workbox('/sw.js', { scope: '/' });
  worker.addEventListener('waiting', () => offerReload(worker));
  worker.addEventListener('controlling', (event) => {
    if (!event.isUpdate) onFirstControl();
  });
  worker
    .register()
    .then((registration) => {
      if (!registration) return;
      const check = () => void registration.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    // A browser that refuses service workers (private modes, a policy, blocked ones) still has the
    // whole shop online; only working offline is lost, which is nothing to tell the shopper about.
    .catch(() => undefined);
  watchForInstall(navigations);
}

function offerReload(worker: Workbox) {
  notify.info(translate('common:app.updateReady'), {
    id: 'new-version',
    duration: Infinity,
    action: {
      label: translate('common:app.reload'),
      onClick: () => {
        // Reloaded once the new worker controls the page, so the page comes from the new build.
        worker.addEventListener('controlling', () => page.reload());
        worker.messageSkipWaiting();
      },
    },
  });
}
