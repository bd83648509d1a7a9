import { wireSession } from '@/app/session-wiring';
import { quietQueryClient } from '@/test/render-app';
import { productNamed, putInServerCart, resetShop } from '@/test/shop';
import { customer, signInAs } from '@/test/tokens';
import { cartOf } from '@mocks/commerce-db';
import { mockDb } from '@mocks/db';
import { errorResponse } from '@mocks/http';
import { server } from '@mocks/node';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { cartQueries } from '../api/cart-queries';
import {
  CART_QUEUE_KEY,
  clearCartQueue,
  getQueuedCartWrites,
  LOCAL_LINE,
  rehydrateCartQueue,
} from '../stores/cart-queue-store';
import { queueCartChange, sendCartQueue } from './cart-outbox';

/** The cart writes the app sends, as `METHOD path key`. */
function cartWrites() {
  const sent: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const { pathname } = new URL(request.url);
    if (request.method !== 'GET' && pathname.startsWith('/api/v1/cart'))
      sent.push(
        `${request.method} ${pathname.slice('/api/v1'.length)} ${request.headers.get('Idempotency-Key')}`,
      );
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return sent;
}

function offline() {
  onlineManager.setOnline(false);
  onTestFinished(() => onlineManager.setOnline(true));
}

/** The shopper's server cart in the mock API as `{ name: quantity }`. */
const serverCart = () =>
  Object.fromEntries(
    cartOf(customer.userId).map((l) => [
      mockDb.catalogue.products.find((p) => p.id === l.productId)!.name,
      l.quantity,
    ]),
  );

/** A tap on the cart, as the cart's actions queue it. */
const tap = (
  kind: 'add' | 'increase' | 'decrease' | 'remove',
  name: string,
  key: string,
  itemId = `${LOCAL_LINE}${key}`,
) => {
  const product = productNamed(name);
  return { key, kind, productId: product.id, variantId: product.variants[0]!.id, itemId, name, image: null };
};

describe('the queue of cart changes', () => {
  beforeEach(() => {
    resetShop();
    onTestFinished(wireSession());
    signInAs(customer);
  });

  it('keeps changes made offline in order and sends them one at a time, each with its key, once online', async () => {
    const queryClient = quietQueryClient();
    const itemId = putInServerCart(customer.userId, 'Omena', 2);
    queryClient.setQueryData(
      cartQueries.server().queryKey,
      await queryClient.fetchQuery(cartQueries.server()),
    );
    const sent = cartWrites();
    offline();

    const outcomes = [
      queueCartChange(queryClient, tap('add', 'Hass avocado', 'key-add-avocado')),
      queueCartChange(queryClient, tap('increase', 'Omena', 'key-plus-omena', itemId)),
      queueCartChange(queryClient, tap('increase', 'Hass avocado', 'key-plus-avocado')),
      queueCartChange(queryClient, tap('decrease', 'Omena', 'key-minus-omena', itemId)),
    ];
    await expect(Promise.all(outcomes)).resolves.toEqual(['queued', 'queued', 'queued', 'queued']);
    expect(sent).toEqual([]);
    // The cart shown has the changes already (the avocado's new line shows when the tap brings the
    // line to show, as the cart's actions do; its + still counts on it once the server has it).
    const shown = queryClient.getQueryData(cartQueries.server().queryKey)!;
    expect(shown.Items.map((i) => [i.name, i.quantity])).toEqual([['Omena', 2]]);

    onlineManager.setOnline(true);
    await sendCartQueue(queryClient);
    const avocadoLine = cartOf(customer.userId)[1]!.itemId;
    expect(sent).toEqual([
      'POST /cart key-add-avocado',
      `PATCH /cart/${itemId} key-plus-omena`,
      // The line added offline, by the id the server gave it.
      `PATCH /cart/${avocadoLine} key-plus-avocado`,
      `PATCH /cart/${itemId} key-minus-omena`,
    ]);
    expect(getQueuedCartWrites()).toEqual([]);
    expect(serverCart()).toEqual({ Omena: 2, 'Hass avocado': 2 });
    expect(queryClient.getQueryData(cartQueries.server().queryKey)!.Items.map((i) => i.itemId)).toEqual([
      itemId,
      avocadoLine,
    ]);
  });

  it('keeps a write that got no answer and sends it again with the same key, applied once', async () => {
    const queryClient = quietQueryClient();
    const sent = cartWrites();
    let sends = 0;
    server.use(
      http.post('*/api/v1/cart', async ({ request }) => {
        sends += 1;
        // The first send reaches the server, which applies it, but its answer is lost on the way back.
        if (sends === 1) {
          await fetch(request.clone());
          return HttpResponse.error();
        }
        // The next meets a server that is down; the one after goes through.
        return sends === 3 ? errorResponse(503, 'unavailable', 'Down for a moment.') : undefined;
      }),
    );

    await expect(queueCartChange(queryClient, tap('add', 'Omena', 'key-add-omena'))).resolves.toBe('queued');
    expect(getQueuedCartWrites().map((w) => w.key)).toEqual(['key-add-omena']);
    expect(serverCart()).toEqual({ Omena: 1 });
    await sendCartQueue(queryClient);
    expect(getQueuedCartWrites().map((w) => w.key)).toEqual(['key-add-omena']);
    await sendCartQueue(queryClient);
    // Four requests (the first went through twice: the app's, and the one that reached the shop), one key.
    expect(sent).toEqual(Array(4).fill('POST /cart key-add-omena'));
    expect(getQueuedCartWrites()).toEqual([]);
    // The server knew the key: the add counted once.
    expect(serverCart()).toEqual({ Omena: 1 });
  });

  it('drops a write the server refuses, notes why for its line, and still sends the others', async () => {
    const queryClient = quietQueryClient();
    productNamed('Omena').variants[0]!.quantity = 0;
    const sent = cartWrites();
    offline();
    void queueCartChange(queryClient, tap('add', 'Omena', 'key-add-omena'));
    void queueCartChange(queryClient, tap('add', 'Hass avocado', 'key-add-avocado'));
    // A + of the line added offline: that line never reaches the server, so it is dropped unsent.
    void queueCartChange(queryClient, tap('increase', 'Omena', 'key-plus-omena'));
    onlineManager.setOnline(true);
    await sendCartQueue(queryClient);

    expect(sent).toEqual(['POST /cart key-add-omena', 'POST /cart key-add-avocado']);
    expect(serverCart()).toEqual({ 'Hass avocado': 1 });
    expect(JSON.parse(localStorage.getItem(CART_QUEUE_KEY)!).state).toMatchObject({
      writes: [],
      conflicts: [{ name: 'Omena', reason: 'Omena (250 g) is out of stock.' }],
    });
  });

  it('keeps the queue across a reload, keys and all', async () => {
    const queryClient = quietQueryClient();
    offline();
    void queueCartChange(queryClient, tap('add', 'Omena', 'key-add-omena'));
    void queueCartChange(queryClient, tap('add', 'Omena', 'key-add-omena-2'));
    const stored = localStorage.getItem(CART_QUEUE_KEY)!;

    // A new page: the store starts empty and reads what the browser kept.
    clearCartQueue();
    localStorage.setItem(CART_QUEUE_KEY, stored);
    await rehydrateCartQueue();
    expect(getQueuedCartWrites().map((w) => w.key)).toEqual(['key-add-omena', 'key-add-omena-2']);

    const sent = cartWrites();
    onlineManager.setOnline(true);
    await sendCartQueue(queryClient);
    expect(sent).toEqual(['POST /cart key-add-omena', 'POST /cart key-add-omena-2']);
    expect(serverCart()).toEqual({ Omena: 2 });
  });
});
