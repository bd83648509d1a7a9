// Loaded on demand by sentry.ts, never part of the landing bundle.
import { addIntegration, captureException, init, tanstackRouterBrowserTracingIntegration } from '@sentry/react';
import type { AnyRouter } from '@tanstack/react-router';

interface StartOptions {
  dsn: string;
  router?: AnyRouter;
  release: string;
  environment: string;
  tracesSampleRate: number;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
}

export function startSentry({ router, ...options }: StartOptions) {
  init({
    ...options,
    // sentry.ts already listens to window errors and rejections; Sentry's own listeners would double them.
    integrations: (defaults) => [
      ...defaults.filter((integration) => integration.name !== 'GlobalHandlers'),
      ...(router ? [tanstackRouterBrowserTracingIntegration(router)] : []),
    ],
  });
  // Session replay is the heaviest part of the SDK; it follows in a chunk of its own.
  void import('./sentry-replay')
    .then(({ replayIntegration }) => addIntegration(replayIntegration()))
    .catch((error: unknown) => console.warn('[sokoni] session replay is unavailable', error));
  return (error: unknown, context?: Record<string, unknown>) => {
    captureException(error, context ? { extra: context } : undefined);
  };
}
