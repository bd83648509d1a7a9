import { NotFound } from '@/components/layout/not-found';
import { PageLoader } from '@/components/layout/page-loader';
import { getSession, type SessionSnapshot } from '@/features/session';
import { routeTree } from '@/routeTree.gen';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from './layout/route-error';

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  queryClient: QueryClient;
  /** The session as it is at the moment of the call (a function, so guards never see a stale copy). */
  session: () => SessionSnapshot;
}

export function createAppRouter({
  queryClient,
  history,
  nonce,
}: {
  queryClient: QueryClient;
  history?: RouterHistory;
  /** The nonce of the scripts the router writes into a server-rendered page (src/entry-server.tsx). */
  nonce?: string;
}) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, session: getSession },
    // Query owns freshness; the router always asks it (loaders use ensureQueryData).
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageLoader,
    defaultPendingMs: 300,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    ssr: { nonce },
    // Every navigation scrolls smoothly to the top, back/forward restores the old position
    // (docs/behaviour.md#every-page).
    scrollRestoration: true,
    scrollRestorationBehavior: 'smooth',
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Shown after the product name in the document title (docs/behaviour.md#every-page); default Home. */
    title?: string;
    /** Hides the site header on this route and its children. */
    headerless?: boolean;
    /** Hides the site footer on this route and its children. */
    footerless?: boolean;
  }
}
