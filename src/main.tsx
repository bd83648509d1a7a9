import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installChunkReload } from './app/chunk-reload';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { initSentry, installGlobalErrorHandlers, reactRootErrorHandlers, reportError } from './app/sentry';
import { wireSession } from './app/session-wiring';
import { shopSystem } from './app/theme/system';

/** Ends the current task so the browser can paint and handle input before the next piece of start-up. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  installGlobalErrorHandlers();
  installChunkReload();

  // `vite --mode mock`: MSW answers /api in the browser. The branch (and the mocks) vanish from the
  // production build because MODE is a compile-time constant there.
  if (import.meta.env.MODE === 'mock') {
    const { startMockWorker } = await import('@mocks/browser');
    await startMockWorker();
  }

  wireSession();
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient });
  void initSentry(router);
  // The route's chunks and data start loading now, while the theme is being made.
  void router.load().catch(reportError);
  // Start-up in tasks under ~300 ms each on a slow phone instead of one long one: the modules, then
  // the theme's tokens, then the first render, which React renders in slices as a transition.
  await yieldToMain();
  shopSystem();
  await yieldToMain();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container, reactRootErrorHandlers);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

void start();
