import { RELEASE } from '@contract/constants';
import type { AnyRouter } from '@tanstack/react-router';

/**
 * Error reporting (docs/behaviour.md#error-texts: uncaught errors are logged and sent to the error-reporting
 * service). The Sentry SDK is loaded only when VITE_SENTRY_DSN is set, and then as its own chunk, so the
 * landing page never pays for it; errors raised before it arrives are queued and sent after.
 */
const dsn: string | undefined = import.meta.env.VITE_SENTRY_DSN || undefined;

export const sentrySettings = {
  release: RELEASE,
  environment: 'production',
  tracesSampleRate: 0.1,
  replaysSessionSampleRate: 1,
  replaysOnErrorSampleRate: 1,
} as const;

type Capture = (error: unknown, context?: Record<string, unknown>) => void;

let capture: Capture | null = null;
const queue: Array<[unknown, Record<string, unknown> | undefined]> = [];
const MAX_QUEUED = 50;
// React, the router's boundary and the window can all see the same error; report it once.
const reported = new WeakSet<object>();

/** Logs an error to the console and sends it to Sentry (when configured). */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  console.error('[sokoni] unexpected error', error, ...(context ? [context] : []));
  if (!dsn) return;
  if (capture) capture(error, context);
  else if (queue.length < MAX_QUEUED) queue.push([error, context]);
}

/** Starts Sentry in the background when a DSN is configured; a no-op otherwise. */
export async function initSentry(router?: AnyRouter): Promise<void> {
  if (!dsn || capture) return;
  try {
    const sdk = await import('./sentry-sdk');
    capture = sdk.startSentry({ dsn, router, ...sentrySettings });
    for (const [error, context] of queue.splice(0)) capture(error, context);
  } catch (error) {
    // Reporting must never break the shop (blocked by an ad blocker, offline…).
    console.warn('[sokoni] error reporting is unavailable', error);
  }
}

/** Window-level failures that no React boundary sees: script errors and unhandled promise rejections. */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => reportError(event.error ?? event.message, { source: 'window.error' });
  const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason, { source: 'unhandledrejection' });
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/** React root options: errors React catches or gives up on are reported with their component stack. */
export const reactRootErrorHandlers = {
  onUncaughtError: (error: unknown, info: { componentStack?: string }) =>
    reportError(error, { source: 'react.uncaught', componentStack: info.componentStack }),
  onCaughtError: (error: unknown, info: { componentStack?: string }) =>
    reportError(error, { source: 'react.caught', componentStack: info.componentStack }),
};
