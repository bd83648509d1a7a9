import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { wireSession } from '@/app/session-wiring';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { onTestFinished } from 'vitest';

/*
 * Rendering for tests (only tests import this file). `renderApp` keeps the app's retry policy (two
 * retries with back-off on a 5xx); the quiet variants take a query client without retries so
 * failure paths answer at once.
 */

/** A query client like the app's, without retries. */
export function quietQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  return queryClient;
}

/** The whole app (providers, router, layout) at `path`, as a visitor would open it. */
export function renderApp(path = '/', queryClient: QueryClient = createQueryClient()) {
  onTestFinished(wireSession());
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user: userEvent.setup() };
}

/** The whole app at `path` with a query client that does not retry. */
export const renderAppQuietly = (path = '/') => renderApp(path, quietQueryClient());

/** A component inside the app's providers (theme, query client, toasts), without the router. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  return { ...render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>), queryClient, user: userEvent.setup() };
}

/** One component inside the providers and a router (for its links), without the app's routes. */
export function renderInRouter(ui: ReactNode, queryClient: QueryClient = quietQueryClient()) {
  const rootRoute = createRootRoute({ component: () => <>{ui}</> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: {},
  });
  const view = render(
    <AppProviders queryClient={queryClient}>
      {/* A stand-alone route tree, not the app's registered one. */}
      <RouterProvider router={router as never} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user: userEvent.setup() };
}
