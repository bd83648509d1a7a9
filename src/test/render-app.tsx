import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { wireSession } from '@/app/session-wiring';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { onTestFinished } from 'vitest';

/** The whole app (providers, router, layout) at `path`, as a visitor would open it. */
export function renderApp(path = '/') {
  onTestFinished(wireSession());
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user: userEvent.setup() };
}

/** A component inside the app's providers (theme, query client, toasts), without the router. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  return { ...render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>), queryClient, user: userEvent.setup() };
}
