import { vi } from 'vitest';

/** A MediaQueryList that answers `matches` and never changes (jsdom has no `matchMedia`). */
export const staticMediaQueryList = (query: string, matches = false) =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

/**
 * Makes `window.matchMedia` answer `matches(query)` for every media query, for screens that differ
 * by viewport or preference (jsdom matches none). Restored by the set-up's `vi.restoreAllMocks()`.
 */
export function mockMedia(matches: (query: string) => boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    staticMediaQueryList(query, matches(query)),
  );
}

/** A viewport `width` px wide: Chakra's `min-width` queries up to it match (its breakpoints are in em). */
export function mockViewport(width: number) {
  mockMedia((query) => {
    const min = /min-width:\s*([\d.]+)(px|em|rem)/.exec(query);
    return min ? Number(min[1]) * (min[2] === 'px' ? 1 : 16) <= width : false;
  });
}
