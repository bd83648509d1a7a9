import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from './app-error-boundary';
import { cspNonce } from '@/lib/csp-nonce';
import { ToastHost } from './layout/toast-host';
import { adoptServerStyles, withServerGlobals } from './ssr-state';
import { shopSystem } from './theme/system';

/**
 * Emotion's style tags carry the page's CSP nonce (src/lib/csp-nonce.ts); on a server-rendered page
 * the cache knows the rules the server sent and does not insert them again.
 */
const styleCache = adoptServerStyles(createCache({ key: 'css', nonce: cspNonce() }));

let browserSystem: SystemContext | undefined;

/** Theme, server-state cache and toasts around the app (and around components in tests). */
export function AppProviders({
  queryClient,
  children,
  emotionCache = styleCache,
  chakraSystem,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** The server renderer's own cache per page (src/entry-server.tsx); the browser's by default. */
  emotionCache?: EmotionCache;
  /** The server renderer's own system per page (see createAppSystem); the browser's by default. */
  chakraSystem?: SystemContext;
}) {
  return (
    <CacheProvider value={emotionCache}>
      <ChakraProvider value={chakraSystem ?? (browserSystem ??= withServerGlobals(shopSystem()))}>
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>
            {children}
            <ToastHost />
          </QueryClientProvider>
        </AppErrorBoundary>
      </ChakraProvider>
    </CacheProvider>
  );
}
