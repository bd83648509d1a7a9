import { onlineManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { onTestFinished } from 'vitest';

/*
 * The browser losing and finding its connection, as the shop hears it: the window's `offline` and
 * `online` events, which TanStack Query's online manager (src/lib/online.ts) follows.
 */

/** The connection drops; the test ends online whatever it did. */
export function goOffline() {
  onTestFinished(() => onlineManager.setOnline(true));
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

/** The connection comes back. */
export function goOnline() {
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}
