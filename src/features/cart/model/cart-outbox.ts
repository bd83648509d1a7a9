import { stockOf, type ProductView } from '@/features/catalogue';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { notify } from '@/lib/notify';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { Cart, CartItem } from '@contract/cart';
import type { Variant } from '@contract/catalogue';
import { cartApi } from '../api/cart-api';
import { applyServerCart, cartQueries } from '../api/cart-queries';
import {
  dropCartWrite,
  dropOtherAccountsWrites,
  getQueuedCartWrites,
  LOCAL_LINE,
  queueCartWrite,
  recordCartConflict,
  type QueuedCartWrite,
} from '../stores/cart-queue-store';
import { applyWrite, currentShopperId, withPending } from './cart-writes';

/*
 * Sends the signed-in shopper's queued cart changes (docs/architecture.md, The cart offline): in order, one at
 * a time, each with the Idempotency-Key made when the shopper tapped, so a write sent again after a
 * lost answer applies once. No answer (offline, a timeout) or a 5xx keeps it queued for later, with
 * the same key; a 4xx refusal drops it and notes why on its line. Once the queue is empty the cart
 * shown is the server's. Loaded with a signed-in shopper's first page, not with the landing page's
 * first load (hooks/use-cart.ts).
 */

/** How a write's sending ended: the server's cart after it, its refusal, or still waiting. */
export type WriteOutcome = { sent: Cart } | { refused: unknown } | 'queued';

/** After a failure while the browser says it is online (a 5xx, a flaky link), the next try. */
const RETRY_MS = 15_000;

const waiting = new Map<string, (outcome: WriteOutcome) => void>();
let sending = false;
let retry: ReturnType<typeof setTimeout> | undefined;

function settle(key: string, outcome: WriteOutcome) {
  waiting.get(key)?.(outcome);
  waiting.delete(key);
}

function settleAllQueued() {
  for (const key of [...waiting.keys()]) settle(key, 'queued');
}

/** No answer, a timeout, a 5xx, a 401 (signed out: the next session sends it) or a 429: try again later. */
const mayRetry = (error: unknown) =>
  !isApiError(error) || error.status >= 500 || [401, 408, 429].includes(error.status);

const plainCart = (queryClient: QueryClient) => queryClient.getQueryData(cartQueries.server().queryKey);

/** The server id of the write's line: a line added here has one once its add was answered. */
async function serverItemId(queryClient: QueryClient, write: QueuedCartWrite) {
  if (!write.itemId.startsWith(LOCAL_LINE)) return write.itemId;
  const cart = plainCart(queryClient) ?? (await queryClient.fetchQuery(cartQueries.server()));
  return cart.Items.find((i) => i.variantId === write.variantId && !i.itemId.startsWith(LOCAL_LINE))?.itemId;
}

async function send(queryClient: QueryClient, write: QueuedCartWrite): Promise<WriteOutcome> {
  const { key } = write;
  try {
    if (write.kind === 'add') {
      const item = { productId: write.productId, variantId: write.variantId, quantity: 1 };
      return { sent: await cartApi.add(item, key) };
    }
    const itemId = await serverItemId(queryClient, write);
    // Its line never reached the server (its add was refused, and said so): nothing to change.
    if (itemId === undefined) return { refused: undefined };
    if (write.kind === 'remove') return { sent: await cartApi.remove(itemId, key) };
    return { sent: await cartApi.change(itemId, write.kind === 'increase' ? 1 : -1, key) };
  } catch (error) {
    return mayRetry(error) ? 'queued' : { refused: error };
  }
}

/** Says why the server refused a write: a toast now, and a note on its line (docs/behaviour.md#cart). */
function refuse(write: QueuedCartWrite, error: unknown) {
  if (error === undefined) return;
  const reason = errorMessage(error);
  notify.error(reason, { id: 'cart-error' });
  const { userId, variantId, productId, name, image } = write;
  recordCartConflict({ userId, variantId, productId, name, image, reason });
}

/**
 * Sends what is queued for the signed-in shopper, in order, one at a time; does nothing while
 * offline or while a send is under way (that one goes on to the writes queued meanwhile).
 */
export async function sendCartQueue(queryClient: QueryClient): Promise<void> {
  if (sending) return;
  const userId = currentShopperId();
  if (!userId || !onlineManager.isOnline()) {
    settleAllQueued();
    return;
  }
  dropOtherAccountsWrites(userId);
  sending = true;
  clearTimeout(retry);
  let last: Exclude<WriteOutcome, 'queued'> | undefined;
  try {
    for (let write = getQueuedCartWrites()[0]; write; write = getQueuedCartWrites()[0]) {
      const outcome = await send(queryClient, write);
      if (outcome === 'queued') {
        if (onlineManager.isOnline()) retry = setTimeout(() => void sendCartQueue(queryClient), RETRY_MS);
        settleAllQueued();
        return;
      }
      dropCartWrite(write.key);
      last = outcome;
      if ('refused' in outcome) refuse(write, outcome.refused);
      // The server's cart now, with what is still queued on top of it.
      else if (getQueuedCartWrites().length > 0)
        queryClient.setQueryData(cartQueries.server().queryKey, withPending(outcome.sent));
      settle(write.key, outcome);
    }
  } finally {
    sending = false;
  }
  if (last === undefined) return;
  // Drained: the cart shown is the server's (its last answer, else read again), and so are its other views.
  if ('sent' in last) applyServerCart(queryClient, last.sent);
  else void queryClient.invalidateQueries({ queryKey: cartQueries.allServer() });
}

/**
 * Applies a change to the cart shown at once, queues it and sends the queue; answers how this write's
 * sending ended ('queued' while offline or after a failure: it goes with the next send).
 */
export function queueCartChange(
  queryClient: QueryClient,
  write: Omit<QueuedCartWrite, 'userId'>,
): Promise<WriteOutcome> {
  const userId = currentShopperId();
  if (!userId) return Promise.resolve({ refused: undefined });
  const queued = { ...write, userId };
  queueCartWrite(queued);
  queryClient.setQueriesData<Cart>({ queryKey: cartQueries.allServer() }, (cart) =>
    cart ? applyWrite(cart, queued) : cart,
  );
  const outcome = new Promise<WriteOutcome>((resolve) => waiting.set(write.key, resolve));
  void sendCartQueue(queryClient);
  return outcome;
}

/** A tap on the signed-in cart, as the cart's controls make it. */
export type CartTap =
  | { kind: 'add'; product: ProductView; variant: Variant }
  | { kind: 'increase'; productId: string; variantId: string; itemId: string }
  | { kind: 'decrease' | 'remove'; itemId: string };

/** The line an add builds from the product before the server prices it (an add offline). */
function lineFrom(product: ProductView, variant: Variant, itemId: string): CartItem {
  const price = variant.saleInfo.discountedPrice ?? variant.price;
  const stock = stockOf(variant);
  return {
    itemId,
    productId: product.productId,
    productPid: product.pid,
    variantId: variant.variantId,
    name: product.name,
    variantName: variant.name,
    attributes: variant.attributes.map((a) => ({
      name: product.attributeNames[a.attributeId] ?? '',
      value: a.value,
    })),
    categoryId: product.categories[0]?.categoryId ?? null,
    image: product.images[0]?.urls.thumb ?? null,
    quantity: 1,
    price,
    originalPrice: variant.price,
    onSale: variant.saleInfo.onSale,
    totalPrice: price,
    stock,
    available: stock >= 1,
  };
}

/**
 * Queues a tap with a new Idempotency-Key (see queueCartChange); answers what it does to the cart and
 * how sending it went, or null when the line it names is not in the cart.
 */
export async function queueTap(
  queryClient: QueryClient,
  tap: CartTap,
): Promise<{ change: 'added' | 'increased' | 'decreased' | 'removed'; outcome: WriteOutcome } | null> {
  const key = newIdempotencyKey();
  const lines = plainCart(queryClient)?.Items ?? [];
  if (tap.kind === 'add') {
    const { product, variant } = tap;
    const known = lines.find((i) => i.variantId === variant.variantId);
    const line = known ? undefined : lineFrom(product, variant, `${LOCAL_LINE}${key}`);
    const { itemId, name, image } = known ?? line!;
    const write = { key, kind: tap.kind, productId: product.productId, variantId: variant.variantId };
    const outcome = queueCartChange(queryClient, { ...write, itemId, name, image, line });
    return { change: known ? 'increased' : 'added', outcome: await outcome };
  }
  if (tap.kind === 'increase') {
    const line = lines.find((i) => i.variantId === tap.variantId);
    const write = { ...tap, key, name: line?.name ?? '', image: line?.image ?? null };
    return { change: 'increased', outcome: await queueCartChange(queryClient, write) };
  }
  const line = lines.find((i) => i.itemId === tap.itemId);
  if (!line) return null;
  const { productId, variantId, itemId, name, image } = line;
  const write = { key, kind: tap.kind, productId, variantId, itemId, name, image };
  const change = tap.kind === 'remove' || line.quantity <= 1 ? 'removed' : 'decreased';
  return { change, outcome: await queueCartChange(queryClient, write) };
}
