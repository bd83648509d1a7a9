import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/*
 * Whether the browser has a connection, as TanStack Query's online manager knows it (the window's
 * `online` and `offline` events). One source for every part of the shop that behaves differently
 * offline: the banner, the cart's queue, the Pay button, search.
 */

// The manager starts out online and then follows the events: a page opened offline starts offline.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();
// The server renders every page online.
const onServer = () => true;

/** True while the browser has a connection; re-renders when it is lost or comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, onServer);
}

/** Runs `callback` each time the connection comes back; answers the unsubscribe. */
export function onReconnect(callback: () => void): () => void {
  let was = onlineManager.isOnline();
  return onlineManager.subscribe((online) => {
    if (online && !was) callback();
    was = online;
  });
}
