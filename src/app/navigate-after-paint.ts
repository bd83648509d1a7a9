import { afterNextPaint } from '@/lib/after-next-paint';
import type { AnyRouter } from '@tanstack/react-router';

/** Set on <html> from the tap on a link until the next page is on the screen (the theme draws a bar). */
export const NAVIGATING_ATTRIBUTE = 'data-navigating';
/** However a navigation ends (a blocked one never resolves), the bar goes after this long. */
const BAR_LIMIT_MS = 10_000;

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
 * Makes a navigation started by a click (a link tapped, a button that navigates) wait until the
 * browser has painted the click's frame, with a bar at the top of the page saying the next one is on
 * its way. Drawing a page is the heaviest thing the storefront does, several hundred milliseconds on
 * a cheap phone; done in the click's own task, nothing moved on the screen until it was over
 * (Interaction to Next Paint, docs/design.md#budgets). The whole navigation waits, not a part of it,
 * so the router sees it as it always does. Navigations started anywhere else (after a request, a
 * redirect, Back and Forward) run at once. The bar goes when the router has the page of the latest
 * address on the screen. Answers the function that undoes it.
 */
export function navigateAfterPaint(router: AnyRouter): () => void {
  const navigate = router.navigate;
  router.navigate = ((options: Parameters<typeof navigate>[0]) => {
    if (window.event?.type !== 'click') return navigate(options);
    showBar();
    return new Promise<void>((resolve, reject) =>
      afterNextPaint(() => void navigate(options).then(resolve, reject)),
    );
  }) as typeof navigate;
  const stop = router.subscribe('onResolved', hideBar);
  return () => {
    router.navigate = navigate;
    stop();
    hideBar();
  };
}
