// First: Zod's configuration must hold before any schema parses.
import './app/zod-config';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installChunkReload } from './app/chunk-reload';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { initSentry, installGlobalErrorHandlers, reactRootErrorHandlers } from './app/sentry';
import { wireSession } from './app/session-wiring';

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

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container, reactRootErrorHandlers).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
