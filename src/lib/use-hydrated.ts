import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and in the first render of a page the browser takes over from the server
 * (React uses the server snapshot while hydrating), true from then on: for the few parts that can
 * only be drawn in a browser, so that first render still matches the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
