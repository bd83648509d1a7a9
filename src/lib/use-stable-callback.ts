import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function whose identity never changes and that always runs the latest `fn`: for handlers passed to a
 * memoised part of a page, which would otherwise draw again on every render of its parent.
 * Not for calling during render.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
