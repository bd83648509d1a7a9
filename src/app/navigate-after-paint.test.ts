import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type AnyRouter,
} from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAVIGATING_ATTRIBUTE, navigateAfterPaint } from './navigate-after-paint';

const bar = () => document.documentElement.hasAttribute(NAVIGATING_ATTRIBUTE);
/** One frame: the animation frame, then the task queued after it. */
const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)));

const undo: (() => void)[] = [];
afterEach(() => undo.splice(0).forEach((u) => u()));

/** A router at /a with a page /b, navigating after paint as the app's does. */
async function shop(): Promise<AnyRouter> {
  const root = createRootRoute();
  const page = (path: string) => createRoute({ getParentRoute: () => root, path });
  const router = createRouter({
    routeTree: root.addChildren([page('/a'), page('/b')]),
    history: createMemoryHistory({ initialEntries: ['/a'] }),
  });
  await router.load();
  undo.push(navigateAfterPaint(router));
  return router;
}

/** Navigates from inside a click handler, as a link does. */
function clickTo(router: AnyRouter, to: string): Promise<void> {
  let navigation!: Promise<void>;
  const button = document.createElement('button');
  button.addEventListener('click', () => (navigation = router.navigate({ to })));
  document.body.append(button);
  button.click();
  button.remove();
  return navigation;
}

describe('navigations that wait for the paint', () => {
  it('starts a clicked navigation after the click is painted, with the bar up meanwhile', async () => {
    const router = await shop();
    const navigation = clickTo(router, '/b');
    // Nothing has happened yet but the bar: the click's frame shows it.
    expect(router.history.location.pathname).toBe('/a');
    expect(bar()).toBe(true);

    await nextFrame();
    expect(router.history.location.pathname).toBe('/b');
    await navigation;
    expect(router.state.location.pathname).toBe('/b');
    expect(bar()).toBe(false);
  });

  it('runs a navigation that no click started at once, without the bar', async () => {
    const router = await shop();
    const to: string = '/b';
    const navigation = router.navigate({ to });
    expect(router.history.location.pathname).toBe('/b');
    expect(bar()).toBe(false);
    await navigation;
    expect(router.state.location.pathname).toBe('/b');
  });

  it('is undone by the function it answers', async () => {
    const router = await shop();
    undo.pop()!();
    void clickTo(router, '/b');
    expect(router.history.location.pathname).toBe('/b');
    expect(bar()).toBe(false);
  });

  it('never leaves the bar up: it goes after 10 s whatever became of the navigation', async () => {
    const router = await shop();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      void clickTo(router, '/b');
      expect(bar()).toBe(true);
      vi.advanceTimersByTime(9_999);
      expect(bar()).toBe(true);
      vi.advanceTimersByTime(1);
      expect(bar()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
