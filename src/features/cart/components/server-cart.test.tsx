import { wireSession } from '@/app/session-wiring';
import { quietQueryClient, renderApp } from '@/test/render-app';
import { putInServerCart, productNamed, resetShop } from '@/test/shop';
import { admin, customer, signInAs } from '@/test/tokens';
import { cartOf } from '@mocks/commerce-db';
import { mockDb } from '@mocks/db';
import { errorResponse } from '@mocks/http';
import { server } from '@mocks/node';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { pushGuestCart } from '../model/push-guest-cart';
import {
  addGuestItem,
  cartItemId,
  getGuestCartItems,
  GUEST_CART_KEY,
  rehydrateGuestCart,
} from '../stores/guest-cart-store';

vi.setConfig({ testTimeout: 15_000 });

/** Adds units of a fixture product to the guest cart; answers its local itemId. */
function inGuestCart(name: string, quantity: number) {
  const product = productNamed(name);
  const variant = product.variants[0]!;
  for (let i = 0; i < quantity; i += 1) {
    addGuestItem(
      {
        productId: product.id,
        productPid: product.pid,
        variantId: variant.id,
        image: '',
        name,
      },
      100,
    );
  }
  return cartItemId(product.id, variant.id);
}

/** The bodies of the POST /api/v1/cart requests the app sends. */
function cartPosts() {
  const bodies: unknown[] = [];
  const listener = async ({ request }: { request: Request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/v1/cart') {
      bodies.push(await request.clone().json());
    }
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return bodies;
}

/** The shopper's server cart as `{ name: quantity }`. */
const serverQuantities = () =>
  Object.fromEntries(
    cartOf(customer.userId).map((l) => [
      mockDb.catalogue.products.find((p) => p.id === l.productId)!.name,
      l.quantity,
    ]),
  );

describe('the cart after sign-in', () => {
  beforeEach(() => resetShop());

  it('pushes each local line to the server cart, then removes it locally', async () => {
    const omena = inGuestCart('Omena', 2);
    const avocado = inGuestCart('Hass avocado', 1);
    const posts = cartPosts();
    renderApp('/cart');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();

    act(() => void signInAs(customer));
    await waitFor(() => expect(getGuestCartItems()).toEqual([]));
    expect(posts).toEqual([
      {
        item: expect.objectContaining({
          quantity: 2,
          localItemId: expect.stringMatching(new RegExp(`^${omena}:[a-z0-9]+$`)),
        }),
      },
      {
        item: expect.objectContaining({
          quantity: 1,
          localItemId: expect.stringMatching(new RegExp(`^${avocado}:[a-z0-9]+$`)),
        }),
      },
    ]);
    expect(serverQuantities()).toEqual({ Omena: 2, 'Hass avocado': 1 });
    // The header and the page now show the server cart.
    expect(await within(header).findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(await screen.findByText('Cart was successfully updated')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Omena' })).toBeInTheDocument();
  });

  it('keeps a line whose push fails, says why, and still moves the others', async () => {
    inGuestCart('Omena', 1);
    inGuestCart('Hass avocado', 2);
    const omenaId = productNamed('Omena').id;
    server.use(
      http.post('*/api/v1/cart', async ({ request }) => {
        const body = (await request.clone().json()) as { item: { productId: string } };
        if (body.item.productId === omenaId)
          return errorResponse(400, 'out_of_stock', 'Omena is out of stock.');
        return undefined;
      }),
    );
    signInAs(customer);
    renderApp('/');
    expect(
      await screen.findByText('Omena could not be moved to your cart: Omena is out of stock.'),
    ).toBeInTheDocument();
    expect(getGuestCartItems().map((i) => i.name)).toEqual(['Omena']);
    expect(serverQuantities()).toEqual({ 'Hass avocado': 2 });
  });

  it('never doubles a line pushed twice (a retry, or a second tab holding the same line)', async () => {
    onTestFinished(wireSession());
    signInAs(customer);
    inGuestCart('Omena', 2);
    const stored = localStorage.getItem(GUEST_CART_KEY)!;
    const queryClient = quietQueryClient();

    await expect(pushGuestCart(queryClient)).resolves.toEqual({ pushed: 1, failed: 0 });
    expect(getGuestCartItems()).toEqual([]);
    // The other tab's copy of the guest cart still has the line, with the same key.
    localStorage.setItem(GUEST_CART_KEY, stored);
    await rehydrateGuestCart();
    expect(getGuestCartItems()).toHaveLength(1);
    await expect(pushGuestCart(queryClient)).resolves.toEqual({ pushed: 1, failed: 0 });
    expect(serverQuantities()).toEqual({ Omena: 2 });

    // A new guest visit adding the same product later is a new line, and it counts.
    inGuestCart('Omena', 1);
    await pushGuestCart(queryClient);
    expect(serverQuantities()).toEqual({ Omena: 3 });
  });
});

describe('the server cart', () => {
  beforeEach(() => resetShop());

  it('is fetched at start for a shopper, and changes by one with the server answering', async () => {
    putInServerCart(customer.userId, 'Omena', 2);
    signInAs(customer);
    const { user } = renderApp('/cart');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    const line = await screen.findByRole('listitem', { name: 'Omena' });
    await waitFor(() => expect(within(line).getByTestId('line-total')).toHaveTextContent('KSH 240.00'));

    await user.click(within(line).getByRole('button', { name: 'Increase quantity of Omena' }));
    await waitFor(() => expect(within(line).getByTestId('line-total')).toHaveTextContent('KSH 360.00'));
    expect(await screen.findByText('Cart was successfully updated')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(cartOf(customer.userId)[0]!.quantity).toBe(3);

    await user.click(within(line).getByRole('button', { name: 'Decrease quantity of Omena' }));
    await waitFor(() => expect(cartOf(customer.userId)[0]!.quantity).toBe(2));
    await user.click(within(line).getByRole('button', { name: 'Delete Omena from cart' }));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(cartOf(customer.userId)).toEqual([]);
    expect(within(header).getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it("toasts the server's message when a change is refused", async () => {
    putInServerCart(customer.userId, 'Omena', 1);
    productNamed('Omena').variants[0]!.quantity = 1;
    signInAs(customer);
    const { user } = renderApp('/cart');
    const line = await screen.findByRole('listitem', { name: 'Omena' });
    await user.click(within(line).getByRole('button', { name: 'Increase quantity of Omena' }));
    expect(
      await screen.findByText('Only 1 of Omena (250 g) is in stock; your cart would have 2.'),
    ).toBeInTheDocument();
    expect(cartOf(customer.userId)[0]!.quantity).toBe(1);
  });

  it('is neither fetched nor shown for an admin', async () => {
    const gets: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.startsWith('/api/v1/cart')) gets.push(request.url);
    };
    server.events.on('request:start', listener);
    onTestFinished(() => server.events.removeListener('request:start', listener));
    signInAs(admin);
    renderApp('/cart');
    expect(await screen.findByText('Admins have no cart')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(gets).toEqual([]);
  });
});
