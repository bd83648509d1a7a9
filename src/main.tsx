import { RouterProvider } from '@tanstack/react-router';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect } from 'react';
import { installChunkReload } from './app/chunk-reload';
import { startOfflineSupport } from './app/pwa/start';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { navigateAfterPaint } from './app/navigate-after-paint';
import { createAppRouter } from './app/router';
import { initSentry, installGlobalErrorHandlers, reactRootErrorHandlers } from './app/sentry';
import { wireSession } from './app/session-wiring';
import { replayEarlyPresses, restoreInlineStyles, serverRenderedState } from './app/ssr-state';
import { makeShopSystem } from './app/theme/system';
import { apiClient } from './lib/api-client';
import { documentLanguage, startI18n } from './lib/i18n';
import { LOCALES } from '@contract/languages';

/**
 * Once the app has taken a server-drawn page over, in the task after the commit: presses again what
 * was pressed before (ssr-state.ts; each press waits for React to own its part), and loads the HTTP
 * client, which the first load leaves out (src/lib/api-client.ts), ahead of a first request.
 */
function AfterStart() {
  useEffect(
    () =>
      void setTimeout(() => {
        void replayEarlyPresses();
        void apiClient();
      }),
    [],
  );
  return null;
}

/** Ends the current task so the browser can paint and handle input before the next piece of start-up. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Start-up in tasks of a few tens of milliseconds each on a slow phone instead of a few long ones:
 * 1. the entry's modules (React DOM's client is not among them: it is the largest, and it is only
 *    needed to mount, so it is imported then, and evaluated in a task of its own);
 * 2. the session, the query cache and the router; then a server-rendered page's route starts loading;
 * 3. the theme's tokens, in seven steps (`makeShopSystem`);
 * 4. React DOM and the page's language, then the first render or the taking over of the server's page, in slices.
 */
async function start() {
  installGlobalErrorHandlers();
  installChunkReload();
  await yieldToMain();

  // `vite --mode mock`: MSW answers /api in the browser. The branch (and the mocks) vanish from the
  // production build because MODE is a compile-time constant there.
  if (import.meta.env.MODE === 'mock') {
    const { startMockWorker } = await import('@mocks/browser');
    await startMockWorker();
  }

  // The texts of the language the page is in (its own chunk, preloaded by the page), while the rest starts.
  const language = documentLanguage();
  document.documentElement.lang = LOCALES[language];
  const i18nReady = startI18n(language);
  wireSession();
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient });
  navigateAfterPaint(router);
  void initSentry(router);
  startOfflineSupport(router, queryClient);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // A page the server rendered (src/entry-server.tsx) is taken over, not drawn again: its query
  // cache first, then the route (its loaders find their data there and fetch nothing), then React
  // attaches to the markup. Session-dependent parts render as the server did (a guest) in that first
  // pass and update right after (zustand hooks answer their initial state while hydrating).
  const rendered = container.firstElementChild ? serverRenderedState() : undefined;
  if (rendered) {
    hydrate(queryClient, rendered.queries);
    // What the router's own SSR client sets: the tree is then laid out as on the server (no root
    // Suspense boundary the server's markup does not have).
    router.ssr = { manifest: undefined };
  }
  // A page the server rendered is taken over only once its route is loaded (the same matches as
  // the server's); its chunks and data start loading now, in a task of its own (matching the route
  // and asking for its chunks is tens of milliseconds on a slow phone), while the theme is being made.
  // A plain page leaves the first load to the router when it mounts: loaded earlier, a redirect
  // would change the address before the router listens to the history, and a Back or Forward in
  // between would go unheard.
  await yieldToMain();
  const loaded = rendered ? router.load() : undefined;
  await yieldToMain();
  await makeShopSystem(yieldToMain);
  await yieldToMain();
  // Fetched with the entry (index.html preloads it: vite.config.ts `preloadDynamicImport`).
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await i18nReady;

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
        <AfterStart />
      </AppProviders>
    </StrictMode>
  );
  if (rendered) {
    await loaded;
    restoreInlineStyles(container, rendered.styles);
    startTransition(() => {
      hydrateRoot(container, app, reactRootErrorHandlers);
    });
  } else {
    createRoot(container, reactRootErrorHandlers).render(app);
  }
}

void start();
