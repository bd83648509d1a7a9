import { translate } from '@/lib/i18n';
import { notify } from '@/lib/notify';

/*
 * "Add Sokoni to your home screen", offered once: on a second visit once the shopper has moved past
 * the first screen, or after a first order, and never again whatever they answer. Only browsers
 * that offer installing (the `beforeinstallprompt` event: Chrome on Android) get it.
 */

const VISITS_KEY = 'sokoni.visits';
const OFFERED_KEY = 'sokoni.install-offered';
const SESSION_KEY = 'sokoni.visit-counted';
/** An order's page, where a checkout ends. */
const ORDER_PAGE = /^\/account\/orders\/[^/]+$/;

/** The browser's install prompt (not in TypeScript's DOM types). */
interface InstallPrompt extends Event {
  prompt(): Promise<void>;
}

/** Where the shopper goes: each page they arrive at, the first one included. */
export type Navigations = (onArrive: (pathname: string) => void) => void;

const storage = {
  get: (key: string) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string) => {
    try {
      localStorage.setItem(key, value);
    } catch {
      // no storage: the offer may come again, which is all that is lost
    }
  },
};

/** Counts this visit (once per tab session) and answers how many there have been. */
function countVisit(): number {
  let visits = Number(storage.get(VISITS_KEY) ?? 0) || 0;
  try {
    if (!sessionStorage.getItem(SESSION_KEY)) {
      sessionStorage.setItem(SESSION_KEY, '1');
      visits += 1;
      storage.set(VISITS_KEY, String(visits));
    }
  } catch {
    // no session storage: this visit is not counted
  }
  return visits;
}

/** Whether the offer is due on arriving at `pathname`, the `arrivals`-th page of this visit. */
export function installOfferDue(o: { visits: number; arrivals: number; pathname: string }): boolean {
  if (ORDER_PAGE.test(o.pathname)) return true;
  return o.visits >= 2 && o.arrivals >= 2;
}

export function watchForInstall(navigations: Navigations): void {
  if (storage.get(OFFERED_KEY)) return;
  const visits = countVisit();
  let prompt: InstallPrompt | null = null;
  let arrivals = 0;
  let due = false;
  const offer = () => {
    if (!prompt || !due || storage.get(OFFERED_KEY)) return;
    storage.set(OFFERED_KEY, new Date().toISOString());
    const install = prompt;
    notify.message(translate('common:app.install'), {
      id: 'install',
      duration: 15_000,
      action: { label: translate('common:app.installAction'), onClick: () => void install.prompt() },
    });
  };
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-bar is held back: the shop offers it once, at a better moment.
    event.preventDefault();
    prompt = event as InstallPrompt;
    offer();
  });
  navigations((pathname) => {
    arrivals += 1;
    due ||= installOfferDue({ visits, arrivals, pathname });
    offer();
  });
}
