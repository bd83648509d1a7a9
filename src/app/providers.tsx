import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppErrorBoundary } from './app-error-boundary';
import { cspNonce } from '@/lib/csp-nonce';
import { browserI18n } from '@/lib/i18n';
import { ToastHost } from './layout/toast-host';
import { adoptServerStyles, withServerGlobals } from './ssr-state';
import { shopSystem } from './theme/system';

/**
 * Emotion's style tags carry the page's CSP nonce (src/lib/csp-nonce.ts); on a server-rendered page
 * the cache knows the rules the server sent and does not insert them again.
 */
const styleCache = adoptServerStyles(createCache({ key: 'css', nonce: cspNonce() }));

let browserSystem: SystemContext | undefined;

/** Language, theme, server-state cache and toasts around the app (and around components in tests). */
export function AppProviders({
  queryClient,
  children,
  emotionCache = styleCache,
  chakraSystem,
  i18n,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** The server renderer's own cache per page (src/entry-server.tsx); the browser's by default. */
  emotionCache?: EmotionCache;
  /** The server renderer's own system per page (see createAppSystem); the browser's by default. */
  chakraSystem?: SystemContext;
  /** The server renderer's own instance per page, in the page's language; the browser's by default. */
  i18n?: I18n;
}) {
  return (
    <I18nextProvider i18n={i18n ?? browserI18n()}>
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
    </I18nextProvider>
  );
}
