import { productQueries } from '@/features/catalogue';
import { quietQueryClient, renderInRouter } from '@/test/render-app';
import { mockDb, resetMockDb } from '@mocks/db';
import { listProducts } from '@mocks/handlers/catalogue';
import { errorResponse } from '@mocks/http';
import { server } from '@mocks/node';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { clearGuestCart, getGuestCartItems } from '../stores/guest-cart-store';
import { createCartActions } from './use-cart';

const productId = (name: string) => mockDb.catalogue.products.find((p) => p.name === name)!.id;

/** Counts the single-product requests the app makes. */
function countProductFetches() {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (/\/api\/v1\/products\/[^/]+$/.test(new URL(request.url).pathname)) seen.push(request.url);
  };
  server.events.on('request:start', listener);
  afterEach(() => server.events.removeListener('request:start', listener));
  return seen;
}

describe('adding to the cart', () => {
  beforeEach(() => {
    resetMockDb();
    clearGuestCart();
  });

  it('uses the product from the loaded list without fetching it again', async () => {
    const fetches = countProductFetches();
    const queryClient = withProductListLoaded(quietQueryClient());
    renderInRouter(<p>shop</p>, queryClient);

    await expect(createCartActions(queryClient).add(productId('Hass avocado'))).resolves.toBe('added');
    expect(fetches).toEqual([]);
    expect(getGuestCartItems()).toMatchObject([{ name: 'Hass avocado', quantity: 1 }]);
    expect(await screen.findByText('Item was successfully added to cart')).toBeInTheDocument();
  });

  it('fetches a product that is not loaded, once', async () => {
    const fetches = countProductFetches();
    const queryClient = quietQueryClient();
    renderInRouter(<p>shop</p>, queryClient);
    const actions = createCartActions(queryClient);

    await expect(actions.add(productId('Omena'))).resolves.toBe('added');
    await expect(actions.add(productId('Omena'))).resolves.toBe('increased');
    expect(fetches).toHaveLength(1);
    expect(getGuestCartItems()).toMatchObject([{ name: 'Omena', quantity: 2 }]);
  });

  it('aborts with the error toast when the product cannot be fetched', async () => {
    server.use(
      http.get('*/api/v1/products/:id', () =>
        errorResponse(500, 'internal', 'The catalogue is unavailable.'),
      ),
    );
    const queryClient = quietQueryClient();
    renderInRouter(<p>shop</p>, queryClient);

    await expect(createCartActions(queryClient).add(productId('Omena'))).resolves.toBe('missing');
    // The server's message, cut before its correlation id (docs/behaviour.md#error-texts).
    expect(await screen.findByText('The catalogue is unavailable.')).toBeInTheDocument();
    expect(getGuestCartItems()).toEqual([]);
    expect(screen.queryByText('Item was successfully added to cart')).not.toBeInTheDocument();
  });

  it('refuses a product that is out of stock', async () => {
    const queryClient = quietQueryClient();
    renderInRouter(<p>shop</p>, queryClient);
    await expect(createCartActions(queryClient).add(productId('Managu'))).resolves.toBe('out-of-stock');
    expect(await screen.findByText('Sorry, this item is out of stock')).toBeInTheDocument();
    expect(getGuestCartItems()).toEqual([]);
  });

  it('adds offline a product the shop has already shown, and says plainly when it has not', async () => {
    server.use(http.get('*/api/v1/products/:id', () => HttpResponse.error()));
    const queryClient = withProductListLoaded(quietQueryClient());
    renderInRouter(<p>shop</p>, queryClient);
    onlineManager.setOnline(false);
    onTestFinished(() => onlineManager.setOnline(true));
    const actions = createCartActions(queryClient);

    await expect(actions.add(productId('Hass avocado'))).resolves.toBe('added');
    expect(getGuestCartItems()).toMatchObject([{ name: 'Hass avocado', quantity: 1 }]);
    // Not in any loaded list, and the network has no answer: refused at once, not left waiting.
    queryClient.removeQueries({ queryKey: productQueries.all() });
    await expect(actions.add(productId('Omena'))).resolves.toBe('missing');
    expect(
      await screen.findByText('Can’t reach the shop to add this item. Try again when you’re back online.'),
    ).toBeInTheDocument();
    expect(getGuestCartItems()).toHaveLength(1);
  });
});

/** The first page of products as the shop page loaded it, in the query cache. */
function withProductListLoaded(queryClient: QueryClient) {
  const params = { limit: 24, offset: 0, sort: 'newest' } as const;
  queryClient.setQueryData(
    productQueries.list(params).queryKey,
    listProducts(params, mockDb.catalogue, new Date()),
  );
  return queryClient;
}
