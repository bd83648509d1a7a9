import { afterNextPaint } from '@/lib/after-next-paint';
import { createBrowserHistory, type AnyRouter, type RouterHistory } from '@tanstack/react-router';

/** Set on <html> from the tap on a link until the next page is on the screen (the theme draws a bar). */
export const NAVIGATING_ATTRIBUTE = 'data-navigating';
/** However a navigation ends, the bar goes after this long. */
const BAR_LIMIT_MS = 15_000;

let barTimer: ReturnType<typeof setTimeout> | undefined;

function showBar() {
  document.documentElement.setAttribute(NAVIGATING_ATTRIBUTE, '');
  clearTimeout(barTimer);
  barTimer = setTimeout(hideBar, BAR_LIMIT_MS);
}

function hideBar() {
  clearTimeout(barTimer);
  document.documentElement.removeAttribute(NAVIGATING_ATTRIBUTE);
}

/**
 * The browser's history for the router, with one change: the router hears of a push or a replace (a
 * link tapped, a form sent) once the browser has painted the tap's frame, with a bar at the top of
 * the page saying the next one is on its way. Drawing a page is the heaviest thing the storefront
 * does, several hundred milliseconds on a cheap phone; done in the tap's own task, nothing moved on
 * the screen until it was over (Interaction to Next Paint, docs/design.md#budgets). Back and forward
 * are heard at once: no tap waits on them, and the browser restores the scroll position with them.
 */
export function createPaintFirstHistory(): RouterHistory {
  const history = createBrowserHistory();
  const subscribe = history.subscribe;
  history.subscribe = (listener) =>
    subscribe((event) => {
      if (event.action.type !== 'PUSH' && event.action.type !== 'REPLACE') return listener(event);
      showBar();
      afterNextPaint(() => listener(event));
    });
  return history;
}

/** Takes the bar away each time the router has the page of the latest address on the screen. */
export function hideBarWhenResolved(router: AnyRouter): () => void {
  return router.subscribe('onResolved', hideBar);
}
