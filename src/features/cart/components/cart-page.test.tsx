import { renderApp } from '@/test/render-app';
import { customer, signInAs } from '@/test/tokens';
import { mockDb, resetMockDb } from '@mocks/db';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addGuestItem, cartItemId, clearGuestCart, getGuestCartItems } from '../stores/guest-cart-store';

// A page's first render loads its route modules, which takes more than a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

/** Puts `quantity` units of a fixture product's variant in the cart at a stored `price`. */
function inCart(name: string, quantity: number, price: number, variantIndex = 0) {
  const product = mockDb.catalogue.products.find((p) => p.name === name)!;
  const variant = product.variants[variantIndex]!;
  for (let i = 0; i < quantity; i += 1) {
    addGuestItem(
      { productId: product.id, productPid: product.pid, variantId: variant.id, price, image: '', name },
      100,
    );
  }
  return cartItemId(product.id, variant.id);
}

const line = (name: string) => screen.getByRole('listitem', { name });
const subtotal = () => screen.getByTestId('cart-subtotal');

describe('the cart page', () => {
  beforeEach(() => {
    resetMockDb();
    clearGuestCart();
  });

  it('says when the cart is empty and leads back to the products', async () => {
    renderApp('/cart');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/#our-products');
  });

  it("lists the items at the server's current prices, with line totals and the subtotal", async () => {
    // Stored prices are stale: avocado is on sale now (40 → 36), omena 150 − 30 = 120.
    const avocado = inCart('Hass avocado', 2, 40);
    inCart('Omena', 1, 999);
    renderApp('/cart');

    const items = await screen.findByRole('list', { name: 'Items in your cart' });
    expect(
      within(items)
        .getAllByRole('listitem', { name: /.+/ })
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Hass avocado', 'Omena']);
    await waitFor(() =>
      expect(within(line('Omena')).getByTestId('line-total')).toHaveTextContent('KSH 120.00'),
    );
    expect(within(line('Hass avocado')).getByTestId('price')).toHaveTextContent('KSH 36.00');
    expect(within(line('Hass avocado')).getByTestId('original-price')).toHaveTextContent('KSH 40.00');
    expect(within(line('Hass avocado')).getByTestId('line-total')).toHaveTextContent('KSH 72.00');
    expect(within(line('Hass avocado')).getByText('Pack: Single')).toBeInTheDocument();
    expect(subtotal()).toHaveTextContent('KSH 192.00');
    expect(screen.getByText('Subtotal (3 items)')).toBeInTheDocument();
    // The stored prices were only a cache: they now hold the server's.
    await waitFor(() =>
      expect(getGuestCartItems().find((i) => i.itemId === avocado)).toMatchObject({
        price: 36,
        totalPrice: 72,
      }),
    );
  });

  it('changes quantities and removes lines, keeping the totals right', async () => {
    inCart('Sukuma wiki', 1, 30);
    inCart('Fresh milk', 2, 60);
    const { user } = renderApp('/cart');
    await screen.findByRole('list', { name: 'Items in your cart' });
    await waitFor(() => expect(subtotal()).toHaveTextContent('KSH 150.00'));

    await user.click(
      within(line('Sukuma wiki')).getByRole('button', { name: 'Increase quantity of Sukuma wiki' }),
    );
    await waitFor(() =>
      expect(within(line('Sukuma wiki')).getByTestId('line-total')).toHaveTextContent('KSH 60.00'),
    );
    expect(subtotal()).toHaveTextContent('KSH 180.00');

    await user.click(
      within(line('Fresh milk')).getByRole('button', { name: 'Decrease quantity of Fresh milk' }),
    );
    await waitFor(() => expect(subtotal()).toHaveTextContent('KSH 120.00'));
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, 3 items' }),
    ).toBeInTheDocument();

    await user.click(within(line('Fresh milk')).getByRole('button', { name: 'Delete Fresh milk from cart' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Fresh milk' })).not.toBeInTheDocument(),
    );
    expect(subtotal()).toHaveTextContent('KSH 60.00');
  });

  it('sends a guest to sign in before checkout, and a signed-in shopper straight there', async () => {
    inCart('Sukuma wiki', 1, 30);
    const { unmount } = renderApp('/cart');
    expect(await screen.findByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
      'href',
      '/auth?redirect=%2Fcheckout',
    );
    unmount();

    signInAs(customer);
    renderApp('/cart');
    expect(await screen.findByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('holds back checkout while an item is sold out', async () => {
    inCart('Chapati', 1, 280, 1);
    renderApp('/cart');
    expect(await screen.findByRole('alert')).toHaveTextContent('Some items are no longer available');
    expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();
    expect(within(line('Chapati')).getByText('Out of Stock')).toBeInTheDocument();
  });
});
