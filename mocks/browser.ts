import { setupWorker } from 'msw/browser';
import { commerceDb, saveCommerceDb } from './commerce-db';
import { loadMockDb, saveMockDb } from './db';
import { handlers } from './handlers/index';
import { sampleOrders } from './sample-orders';

const worker = setupWorker(...handlers);

/** Starts the service worker for `vite --mode mock`; requests outside /api go to the network. */
export async function startMockWorker() {
  loadMockDb(localStorage);
  // Every answered change is kept, so the back office's edits outlive a page load (mocks/db.ts).
  worker.events.on('response:mocked', ({ request }) => {
    if (request.method !== 'GET') saveMockDb(localStorage);
  });
  // A first visit finds orders in every state for the back office (the shopper's own list stays empty).
  if (commerceDb.orders.length === 0 && commerceDb.nextOrderNumber === 1001) {
    const samples = sampleOrders();
    commerceDb.orders.push(...samples);
    commerceDb.nextOrderNumber += samples.length;
    saveCommerceDb();
  }
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
