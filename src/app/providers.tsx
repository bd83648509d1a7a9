import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from './app-error-boundary';
import { ToastHost } from './layout/toast-host';
import { system } from './theme/system';

/** Theme, server-state cache and toasts around the app (and around components in tests). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          {children}
          <ToastHost />
        </QueryClientProvider>
      </AppErrorBoundary>
    </ChakraProvider>
  );
}
