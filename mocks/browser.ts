import { setupWorker } from 'msw/browser';
import { handlers } from './handlers/index';

export const worker = setupWorker(...handlers);

/** Starts the service worker for `vite --mode mock`; requests outside /api go to the network. */
export async function startMockWorker() {
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
