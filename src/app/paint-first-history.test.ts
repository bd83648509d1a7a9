import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPaintFirstHistory as createHistory,
  hideBarWhenResolved,
  NAVIGATING_ATTRIBUTE,
} from './paint-first-history';

// Each browser history wraps window.history's methods and listens to the window: undone after each
// test, as the web project's files share one window.
const made: ReturnType<typeof createHistory>[] = [];
function createPaintFirstHistory() {
  const history = createHistory();
  made.push(history);
  return history;
}

/** A history with the router listening, as the app has it. */
function listenedHistory() {
  const history = createPaintFirstHistory();
  history.subscribe(() => undefined);
  return history;
}
const bar = () => document.documentElement.hasAttribute(NAVIGATING_ATTRIBUTE);
/** One frame: the animation frame, then the task the history queued after it. */
const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)));

afterEach(() => {
  made
    .splice(0)
    .reverse()
    .forEach((history) => history.destroy());
  document.documentElement.removeAttribute(NAVIGATING_ATTRIBUTE);
  window.history.replaceState(null, '', '/');
});

describe('the history the router listens to', () => {
  it('tells the router of a tapped link after the tap is painted, with the bar up meanwhile', async () => {
    const history = createPaintFirstHistory();
    const heard: string[] = [];
    const stop = history.subscribe(({ location, action }) =>
      heard.push(`${action.type} ${location.pathname}`),
    );

    history.push('/view/category/fruit');
    // The history has the new address at once; the router (and so the next page's render) waits for
    // the frame.
    expect(history.location.pathname).toBe('/view/category/fruit');
    expect(heard).toEqual([]);
    expect(bar()).toBe(true);

    await nextFrame();
    expect(heard).toEqual(['PUSH /view/category/fruit']);
    stop();
  });

  it('keeps the order of quick navigations, a replace included', async () => {
    const history = createPaintFirstHistory();
    const heard: string[] = [];
    const stop = history.subscribe(({ action }) => heard.push(action.type));
    history.push('/a');
    history.replace('/b');
    await nextFrame();
    await nextFrame();
    expect(heard).toEqual(['PUSH', 'REPLACE']);
    stop();
  });

  it('hears Back at once: no tap waits on it', async () => {
    const history = createPaintFirstHistory();
    history.push('/a');
    await nextFrame();
    const heard: string[] = [];
    const stop = history.subscribe(({ action }) => heard.push(action.type));
    history.back();
    await vi.waitFor(() => expect(heard).toEqual(['BACK']));
    stop();
  });

  it('takes the bar away when the router resolves the address, and stops listening when told', () => {
    const listeners: (() => void)[] = [];
    const router = {
      subscribe: (event: string, listener: () => void) => {
        expect(event).toBe('onResolved');
        listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1);
      },
    } as unknown as AnyRouter;
    const stop = hideBarWhenResolved(router);
    listenedHistory().push('/x');
    expect(bar()).toBe(true);
    listeners.forEach((listener) => listener());
    expect(bar()).toBe(false);
    stop();
    expect(listeners).toHaveLength(0);
  });

  it('never leaves the bar up: it goes after 15 s whatever happened to the navigation', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      listenedHistory().push('/stuck');
      expect(bar()).toBe(true);
      vi.advanceTimersByTime(14_999);
      expect(bar()).toBe(true);
      vi.advanceTimersByTime(1);
      expect(bar()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
